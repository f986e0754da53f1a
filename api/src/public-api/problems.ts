// Errors of the public API as problem details (RFC 9457, `application/problem+json`), each with a stable
// `code` a script can branch on; `field` names the wrong part of a 400.
import type { ProblemCode, Problem as ProblemBody } from 'contract/public-api';

const TITLES: Record<ProblemCode, string> = {
  invalid_key: 'Invalid API key',
  missing_scope: 'Missing scope',
  rate_limited: 'Too many requests',
  invalid_request: 'Invalid request',
  idempotency_key_reused: 'Idempotency key reused',
  not_found: 'Not found',
  insufficient_funds: 'Insufficient funds',
  listings_unavailable: 'Listings unavailable',
  not_enough_matches: 'Not enough matching listings',
  proxy_ended: 'Proxy ended',
  proxy_not_dead: 'Proxy not dead',
  proxy_refunded: 'Proxy refunded',
  no_replacement: 'No replacement available',
  no_free_port: 'No free port',
  service_unavailable: 'Service unavailable',
  internal_error: 'Internal error',
};

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

export class Problem extends Error {
  override name = 'Problem';
  readonly status: number;
  readonly code: ProblemCode;
  readonly field: string | undefined;
  readonly extra: Pick<ProblemBody, 'unavailable'>;
  /** Seconds, sent as `retry-after`. */
  readonly retryAfter: number | null;

  constructor(status: number, code: ProblemCode, detail: string, options: { field?: string; retryAfter?: number; unavailable?: string[] } = {}) {
    super(detail);
    this.status = status;
    this.code = code;
    this.field = options.field;
    this.retryAfter = options.retryAfter ?? null;
    this.extra = options.unavailable === undefined ? {} : { unavailable: options.unavailable };
  }

  body(): ProblemBody {
    return {
      type: `urn:private-sock5:problem:${this.code}`,
      title: TITLES[this.code],
      status: this.status,
      detail: this.message,
      code: this.code,
      ...(this.field === undefined ? {} : { field: this.field }),
      ...this.extra,
    };
  }
}

/** A validation error's field, as a script would name it: `listingIds[2]`, `enabled`, `Idempotency-Key`. */
export function validationField(instancePath: string, missingProperty: unknown): string {
  const parts = instancePath.split('/').filter((part) => part !== '');
  if (typeof missingProperty === 'string') parts.push(missingProperty);
  return parts.reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path === '' ? part : `${path}.${part}`), '');
}

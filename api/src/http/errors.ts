// Errors a caller can cause carry their HTTP status; routes throw them, and the one error handler
// (http/error-handler.ts) turns them into `{message}`. Anything without a 4xx status is a bug and is
// masked as a 500. Repositories do not throw these: they return results the routes translate.

export class HttpError extends Error {
  override name = 'HttpError';
  readonly statusCode: number;
  /** Seconds, sent as `retry-after` (429). */
  readonly retryAfter: number | null;

  constructor(statusCode: number, message: string, retryAfter: number | null = null) {
    super(message);
    this.statusCode = statusCode;
    this.retryAfter = retryAfter;
  }
}

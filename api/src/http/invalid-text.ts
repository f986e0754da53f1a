// One check for text no route can store or compare: NUL characters (PostgreSQL text cannot hold them, so a
// query with one fails as a server error) and unpaired UTF-16 surrogates (not valid Unicode; they would be
// stored mangled). Every request's path parameters, query and parsed body are walked once, before
// validation, and a request carrying such text gets a 400 naming where it was.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';

function invalid(text: string): boolean {
  return text.includes('\u0000') || !text.isWellFormed();
}

/** The part of a bad key before its first bad character: all of it that may go into a message. */
function wellFormedPrefix(key: string): string {
  let prefix = '';
  // By code point: a surrogate pair comes out whole, an unpaired half alone.
  for (const char of key) {
    if (invalid(char)) break;
    prefix += char;
  }
  return prefix;
}

/**
 * Where the first invalid string in `value` is (`body/username`, `query/q`, `body/ID/2`, or a key), or null.
 * Iterative, so a deeply nested JSON body cannot exhaust the stack.
 */
export function findInvalidText(value: unknown, root: string): string | null {
  const stack: Array<{ value: unknown; path: string }> = [{ value, path: root }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop() as { value: unknown; path: string };
    if (typeof current === 'string') {
      if (invalid(current)) return path;
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => stack.push({ value: item, path: `${path}/${index}` }));
    } else if (current !== null && typeof current === 'object' && !Buffer.isBuffer(current)) {
      for (const [key, item] of Object.entries(current)) {
        if (invalid(key)) return `${path}/${wellFormedPrefix(key)}`;
        stack.push({ value: item, path: `${path}/${key}` });
      }
    }
  }
  return null;
}

function check(request: FastifyRequest): void {
  const where =
    findInvalidText(request.params, 'params') ?? findInvalidText(request.query, 'query') ?? findInvalidText(request.body, 'body');
  if (where !== null) {
    const shown = where.length > 100 ? `${where.slice(0, 100)}…` : where;
    throw new HttpError(400, `${shown} contains a NUL character or invalid Unicode text`);
  }
}

/** Adds the check to every route of `app` (register on the root instance, before the routes). */
export function refuseInvalidText(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    check(request);
  });
}

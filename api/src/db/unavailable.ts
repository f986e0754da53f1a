// Which failures mean "the database cannot be reached right now" (restart, failover, a killed connection,
// a network cut, a timeout) rather than a bug: those answer 503 so clients and load balancers retry,
// instead of a 500. Whatever was not acknowledged may be retried: writes are single transactions, and the
// ones that must not happen twice (crediting an invoice) are idempotent.

/** SQLSTATEs of a server that is going away, not accepting connections, or cancelled our statement. */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '57014']);
/** Class 08: connection exception. */
const CONNECTION_EXCEPTION = /^08/;
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** node-postgres reports lost connections and its own timeouts by message only. */
const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /^Query read timeout$/,
  /is not queryable$/,
  /^Client was closed and is not queryable$/,
];

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || CONNECTION_EXCEPTION.test(code) || NETWORK_CODES.has(code))) {
      return true;
    }
    if (DRIVER_MESSAGES.some((pattern) => pattern.test(current.message))) return true;
  }
  return false;
}

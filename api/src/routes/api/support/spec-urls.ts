// The customer's ticket calls were first published as /api/booking/ticket and /api/booking/message; clients
// written against those URLs keep working. They reach the same routes as /api/support/*, so a rate limit or
// a schema is said once and counts once. Nothing else lives under /api/booking.
const BOOKING = /^\/api\/booking\/(ticket|message)(?=[/?]|$)/;

export function servedUrl(url: string): string {
  return url.replace(BOOKING, '/api/support/$1');
}

// Who a request is, for the canaries: the same customer must get the same release on every load and every
// instance. A signed-in customer is their account (the portal keeps its id in the `ps5_account` cookie,
// because pages and /remotes.json carry no session); anyone else is a visitor, by a random id the API gives
// them in the `ps5_visitor` cookie while some remote runs a canary. Neither says more than which half of a
// canary someone falls in: the session itself never travels as a cookie.
import { randomBytes } from 'node:crypto';

const ACCOUNT = /(?:^|;\s*)ps5_account=([A-Za-z0-9_-]{1,64})(?:;|$)/;
const VISITOR = /(?:^|;\s*)ps5_visitor=([A-Za-z0-9_-]{16,64})(?:;|$)/;

/** `account:<id>` or `visitor:<id>` from the request's cookies; null: neither. */
export function subjectFromCookie(cookie: string | undefined): string | null {
  const account = ACCOUNT.exec(cookie ?? '');
  if (account) return `account:${account[1]}`;
  const visitor = VISITOR.exec(cookie ?? '');
  return visitor ? `visitor:${visitor[1]}` : null;
}

/** A new visitor: the subject, and the cookie that keeps it for a year. */
export function newVisitor(secure: boolean): { subject: string; cookie: string } {
  const id = randomBytes(16).toString('base64url');
  return { subject: `visitor:${id}`, cookie: `ps5_visitor=${id}; Path=/; Max-Age=31536000; SameSite=Lax${secure ? '; Secure' : ''}` };
}

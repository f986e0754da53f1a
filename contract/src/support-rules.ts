// Support tickets: plain values both sides use (no TypeBox import, so the pages that only need a label or a
// limit do not bundle the schema builder).

/** Ticket categories as stored and sent; the pages show `CATEGORY_LABELS`. */
export const TICKET_CATEGORIES = ['General', 'Billing', 'Techsupport', 'Refundpolicy'] as const;
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];

export const CATEGORY_LABELS: Record<TicketCategory, string> = {
  General: 'General',
  Billing: 'Billing',
  Techsupport: 'Tech Support',
  Refundpolicy: 'Refund Proxy',
};

/** A ticket is open (replies allowed) or Closed; the capital C is how the product has always sent it. */
export const TICKET_STATUSES = ['open', 'Closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** Longest ticket text or reply, after trimming. */
export const TICKET_TEXT_MAX_LENGTH = 2000;

/** A proxy that goes offline within this many hours of purchase is refunded (support judges the outage). */
export const REFUND_OFFLINE_WINDOW_HOURS = 2;

/** A refund ticket for a proxy must be opened within this many hours of buying it. */
export const REFUND_TICKET_WINDOW_HOURS = 5;

/** How the shop's staff appear to a customer: never by their own account name. */
export const SUPPORT_SENDER_NAME = 'Private Sock5 Support';

/** Support pages call these; the API answers with these exact words. */
export const supportMessages = {
  categoryInvalid: `Category must be one of ${TICKET_CATEGORIES.join(', ')}.`,
  textRequired: 'Ticket text is required.',
  textTooLong: `Ticket text must be at most ${TICKET_TEXT_MAX_LENGTH} characters.`,
  textInvalid: 'Ticket text contains characters that are not allowed.',
  statusInvalid: `Status must be one of ${TICKET_STATUSES.join(', ')}.`,
  ticketNotFound: 'Ticket not found.',
  ticketClosed: 'This ticket is closed: open a new ticket to write to support.',
  onlySupportReopens: 'Only support can reopen a closed ticket.',
  tooManyOpen: (max: number) => `You already have ${max} open tickets. Close one before opening another.`,
  proxyOnlyForRefunds: 'A proxy can only be named in a Refund Proxy ticket.',
  proxyNotFound: 'That proxy is not one of your purchases.',
  proxyTooOld: `A refund ticket must be opened within ${REFUND_TICKET_WINDOW_HOURS} hours of buying the proxy.`,
  proxyAlreadyTicketed: 'This proxy already has a refund ticket: only one refund ticket or refund per proxy.',
  proxyReplaced: 'This proxy was replaced free of charge after its exit died, so it cannot be refunded as well: no refund ticket is needed.',
  supportOnly: 'Only support can do this.',
  notRefundTicket: 'This ticket names no proxy to refund.',
  alreadyRefunded: 'This proxy has already been refunded.',
  replacedNotRefunded: 'This proxy was replaced free of charge after its exit died, so it is not refunded as well.',
} as const;

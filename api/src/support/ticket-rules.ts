// What a ticket's input must be: one of the four categories, a status the product knows, and a text that is
// not blank after trimming, not longer than the limit and free of control characters (PostgreSQL cannot
// store NUL, and nothing else invisible belongs in a message). Each answer says what is wrong.
import {
  supportMessages,
  TICKET_CATEGORIES,
  TICKET_STATUSES,
  TICKET_TEXT_MAX_LENGTH,
  type TicketCategory,
  type TicketStatus,
} from 'contract/support-rules';

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

// Tabs and line breaks are text; every other C0/C1 control character is not.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

export function checkText(raw: string): Checked<string> {
  const text = raw.trim();
  if (text === '') return { ok: false, message: supportMessages.textRequired };
  if (text.length > TICKET_TEXT_MAX_LENGTH) return { ok: false, message: supportMessages.textTooLong };
  if (CONTROL.test(text)) return { ok: false, message: supportMessages.textInvalid };
  return { ok: true, value: text };
}

export function checkCategory(raw: string): Checked<TicketCategory> {
  const category = TICKET_CATEGORIES.find((known) => known === raw);
  return category ? { ok: true, value: category } : { ok: false, message: supportMessages.categoryInvalid };
}

export function checkStatus(raw: string): Checked<TicketStatus> {
  const status = TICKET_STATUSES.find((known) => known === raw);
  return status ? { ok: true, value: status } : { ok: false, message: supportMessages.statusInvalid };
}

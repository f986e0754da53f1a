// Turning checked ticket input into HTTP answers, for the customer's routes and the desk alike.
import { supportMessages } from 'contract/support-rules';
import { HttpError } from '../../../http/errors.ts';
import type { Checked } from '../../../support/ticket-rules.ts';
import { isTicketId } from '../../../support/tickets.ts';

/** The checked value, or a 400 with what is wrong. */
export function checked<T>(result: Checked<T>): T {
  if (!result.ok) throw new HttpError(400, result.message);
  return result.value;
}

/** A path id that cannot be a ticket is answered like a ticket that does not exist. */
export function ticketIdOr404(id: string): string {
  if (!isTicketId(id)) throw new HttpError(404, supportMessages.ticketNotFound);
  return id;
}

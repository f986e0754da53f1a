// /api/support on the wire: support tickets, their messages, the support desk and refunds.
import Type, { type Static } from 'typebox';
import { TICKET_TEXT_MAX_LENGTH } from 'contract/support-rules';

/**
 * Bound of what is parsed at all; the API then trims and answers with its own words when the text is
 * still too long, so whitespace around a text of the allowed length is not an error.
 */
const TEXT_INPUT_MAX_LENGTH = TICKET_TEXT_MAX_LENGTH * 4;

const Category = Type.Union([Type.Literal('General'), Type.Literal('Billing'), Type.Literal('Techsupport'), Type.Literal('Refundpolicy')]);
const Status = Type.Union([Type.Literal('open'), Type.Literal('Closed')]);

/** `/ticket/{id}` and `/message/{id}`: a ticket id (or, on GET /ticket/{id}, the caller's own user id for the list). */
export const TicketPathParams = Type.Object({ id: Type.String({ maxLength: 64 }) });

export const CreateTicketRequest = Type.Object({
  // Checked by the API against the four categories, with a message that names them.
  category: Type.String({ maxLength: 64 }),
  text: Type.String({ maxLength: TEXT_INPUT_MAX_LENGTH }),
  /** Refund Proxy tickets may name one of the customer's purchases (its history id). */
  historyId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1 })),
});
export type CreateTicketRequest = Static<typeof CreateTicketRequest>;

export const UpdateTicketRequest = Type.Object({ status: Type.String({ maxLength: 16 }) });
export type UpdateTicketRequest = Static<typeof UpdateTicketRequest>;

export const AddMessageRequest = Type.Object({
  ticketId: Type.String({ maxLength: 64 }),
  text: Type.String({ maxLength: TEXT_INPUT_MAX_LENGTH }),
});
export type AddMessageRequest = Static<typeof AddMessageRequest>;

export const TicketMessage = Type.Object({
  _id: Type.String(),
  ticketId: Type.String(),
  text: Type.String(),
  createdAt: Type.String(),
  /** Who wrote it: the customer, or the shop's support (no staff id or name is ever sent to customers). */
  senderId: Type.Object({ _id: Type.Union([Type.String(), Type.Null()]), username: Type.String() }),
  fromSupport: Type.Boolean(),
});
export type TicketMessage = Static<typeof TicketMessage>;

/** The purchase a Refund Proxy ticket names. */
export const TicketProxy = Type.Object({
  historyId: Type.Integer(),
  /** The exit's address, as the purchase history shows it. */
  ip: Type.String(),
  country: Type.String(),
  purchasedAt: Type.String(),
  /** Dollars. */
  price: Type.Number(),
});
export type TicketProxy = Static<typeof TicketProxy>;

export const TicketRefund = Type.Object({ amount: Type.Number(), createdAt: Type.String() });
export type TicketRefund = Static<typeof TicketRefund>;

const TicketFields = {
  _id: Type.String(),
  category: Category,
  status: Status,
  createdAt: Type.String(),
  proxy: Type.Union([TicketProxy, Type.Null()]),
  refund: Type.Union([TicketRefund, Type.Null()]),
};

/** A ticket in a list: its first message stands for it. */
export const TicketSummary = Type.Object({ ...TicketFields, firstMessage: Type.Union([Type.String(), Type.Null()]) });
export type TicketSummary = Static<typeof TicketSummary>;

export const Ticket = Type.Object({ ...TicketFields, messages: Type.Array(TicketMessage) });
export type Ticket = Static<typeof Ticket>;

/** GET /api/support/ticket/{id}: the caller's tickets (id = their user id, newest first) or one ticket. */
export const TicketOrList = Type.Union([Type.Array(TicketSummary), Ticket]);

/**
 * A purchase a Refund Proxy ticket may still name: bought recently and not yet named by a ticket.
 * @alias the shape a ticket shows its proxy in
 */
export const RefundableProxy = TicketProxy;
export type RefundableProxy = Static<typeof RefundableProxy>;

/** Footer links of the support page; null where the operator configured none. */
export const SupportLinks = Type.Object({
  onion: Type.Union([Type.String(), Type.Null()]),
  messenger: Type.Union([Type.String(), Type.Null()]),
  status: Type.Union([Type.String(), Type.Null()]),
});
export type SupportLinks = Static<typeof SupportLinks>;

// The support desk (members of support only).

const Owner = Type.Object({ _id: Type.String(), username: Type.String() });

export const DeskTicketSummary = Type.Object({
  ...TicketSummary.properties,
  owner: Owner,
  lastMessageAt: Type.String(),
  /** Whether the last word is the customer's: the ticket waits for support. */
  awaitingSupport: Type.Boolean(),
});
export type DeskTicketSummary = Static<typeof DeskTicketSummary>;

export const DeskTicket = Type.Object({ ...Ticket.properties, owner: Owner });
export type DeskTicket = Static<typeof DeskTicket>;

export const DeskQuery = Type.Object({
  status: Type.Optional(Type.String({ maxLength: 16 })),
  category: Type.Optional(Type.String({ maxLength: 64 })),
});
export type DeskQuery = Static<typeof DeskQuery>;

export const RefundResponse = Type.Object({ ticket: DeskTicket, amount: Type.Number() });
export type RefundResponse = Static<typeof RefundResponse>;

// The operator console's customers (/api/operator/customers) on the wire: search, a customer's page, a
// balance adjustment, ending sessions, disabling an account. Money in dollars, times as ISO strings.
import Type, { type Static } from 'typebox';

export const CustomerSearchQuery = Type.Object({
  /** Part of a username or e-mail address, any case; empty: the newest accounts. */
  q: Type.Optional(Type.String({ maxLength: 200 })),
});
export type CustomerSearchQuery = Static<typeof CustomerSearchQuery>;

export const CustomerSummary = Type.Object({
  id: Type.String(),
  username: Type.String(),
  email: Type.String(),
  balance: Type.Number(),
  createdAt: Type.String({ format: 'date-time' }),
  disabled: Type.Boolean(),
});
export type CustomerSummary = Static<typeof CustomerSummary>;

export const CustomerSearchResult = Type.Object({ customers: Type.Array(CustomerSummary), more: Type.Boolean() });
export type CustomerSearchResult = Static<typeof CustomerSearchResult>;

export const CustomerParams = Type.Object({ userId: Type.String({ maxLength: 64 }) });

export const CustomerLedgerRow = Type.Object({
  id: Type.Integer(),
  kind: Type.String(),
  amount: Type.Number(),
  reference: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});

export const CustomerLease = Type.Object({
  id: Type.Integer(),
  ip: Type.String(),
  country: Type.String(),
  port: Type.Integer(),
  price: Type.Number(),
  startsAt: Type.String({ format: 'date-time' }),
  expiresAt: Type.String({ format: 'date-time' }),
  renew: Type.Boolean(),
  active: Type.Boolean(),
});

export const CustomerTicket = Type.Object({
  id: Type.String(),
  category: Type.String(),
  status: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});

export const CustomerSession = Type.Object({
  id: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  expiresAt: Type.String({ format: 'date-time' }),
});

export const CustomerSignIn = Type.Object({
  ip: Type.String(),
  userAgent: Type.String(),
  at: Type.String({ format: 'date-time' }),
});

export const CustomerDetail = Type.Object({
  ...CustomerSummary.properties,
  disabledAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  disabledReason: Type.Union([Type.String(), Type.Null()]),
  /** The latest 100 of each, newest first. */
  ledger: Type.Array(CustomerLedgerRow),
  leases: Type.Array(CustomerLease),
  tickets: Type.Array(CustomerTicket),
  sessions: Type.Array(CustomerSession),
  signIns: Type.Array(CustomerSignIn),
});
export type CustomerDetail = Static<typeof CustomerDetail>;

/** A credit (positive) or debit (negative) of a customer's balance, in dollars, with why. */
export const AdjustmentRequest = Type.Object({
  amount: Type.Number(),
  reason: Type.String({ maxLength: 500 }),
});
export type AdjustmentRequest = Static<typeof AdjustmentRequest>;

export const DisableRequest = Type.Object({
  disabled: Type.Boolean(),
  /** Required when disabling. */
  reason: Type.Optional(Type.String({ maxLength: 500 })),
});
export type DisableRequest = Static<typeof DisableRequest>;

export const CustomerActionResult = Type.Object({ message: Type.String(), customer: CustomerDetail });
export type CustomerActionResult = Static<typeof CustomerActionResult>;

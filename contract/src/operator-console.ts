// The operator console's figures on the wire: the inventory's health, one exit's history, price classes, money
// and leases (all under /api/operator, operators only). Money is integer cents here, like the import's
// price_cents: the console formats it. Nothing here carries an exit's credentials.
import Type, { type Static } from 'typebox';
import { DeclaredType, ExitState } from 'contract/inventory';

const StateCounts = Type.Object({
  unchecked: Type.Integer(),
  online: Type.Integer(),
  dead: Type.Integer(),
  retired: Type.Integer(),
  total: Type.Integer(),
});
export type StateCounts = Static<typeof StateCounts>;

/** GET /api/operator/inventory/overview */
export const InventoryOverview = Type.Object({
  states: StateCounts,
  byType: Type.Array(Type.Object({ type: DeclaredType, counts: StateCounts })),
  bySource: Type.Array(Type.Object({ source: Type.String(), counts: StateCounts })),
  /** ct '??' when no location is known yet. */
  byCountry: Type.Array(Type.Object({ ct: Type.String(), country: Type.String(), counts: StateCounts })),
  forSale: Type.Integer(),
  leased: Type.Integer(),
});
export type InventoryOverview = Static<typeof InventoryOverview>;

/** GET /api/operator/inventory/exits?state=&source=&type=&q=: a page of exits (newest first). */
export const ExitListQuery = Type.Object({
  state: Type.Optional(ExitState),
  source: Type.Optional(Type.String({ maxLength: 32 })),
  type: Type.Optional(DeclaredType),
  /** Part of the host, exit IP or label. */
  q: Type.Optional(Type.String({ maxLength: 100 })),
  /** How many (1-200, default 50). */
  limit: Type.Optional(Type.String({ pattern: '^([1-9]|[1-9][0-9]|1[0-9][0-9]|200)$' })),
});
export type ExitListQuery = Static<typeof ExitListQuery>;

const ExitRow = Type.Object({
  id: Type.Integer(),
  source: Type.String(),
  /** host:port, or the direct exit's name. */
  endpoint: Type.String(),
  type: DeclaredType,
  state: ExitState,
  ct: Type.String(),
  exitIp: Type.Union([Type.String(), Type.Null()]),
  pingMs: Type.Union([Type.Integer(), Type.Null()]),
  checkedAt: Type.Union([Type.String(), Type.Null()]),
});
export type ExitRow = Static<typeof ExitRow>;
export const ExitList = Type.Object({ exits: Type.Array(ExitRow), total: Type.Integer() });
export type ExitList = Static<typeof ExitList>;

const Listed = Type.Union([Type.Literal(0), Type.Literal(1), Type.Null()]);

/** GET /api/operator/inventory/exits/:id: one exit, its check history, blacklist answers and location. */
export const ExitDetail = Type.Object({
  exit: Type.Intersect([
    ExitRow,
    Type.Object({
      label: Type.String(),
      priceCents: Type.Union([Type.Integer(), Type.Null()]),
      /** What a customer pays now (cents), after the blacklist discount; null while the exit has no listing. */
      marketPriceCents: Type.Union([Type.Integer(), Type.Null()]),
      stateChangedAt: Type.String(),
      createdAt: Type.String(),
      checkStage: Type.Union([Type.String(), Type.Null()]),
      checkFailure: Type.Union([Type.String(), Type.Null()]),
      speedMbps: Type.Union([Type.Number(), Type.Null()]),
      checks: Type.Integer(),
    }),
  ]),
  location: Type.Object({
    ip: Type.Union([Type.String(), Type.Null()]),
    at: Type.Union([Type.String(), Type.Null()]),
    ct: Type.Union([Type.String(), Type.Null()]),
    region: Type.Union([Type.String(), Type.Null()]),
    city: Type.Union([Type.String(), Type.Null()]),
    isp: Type.Union([Type.String(), Type.Null()]),
    asn: Type.Union([Type.Integer(), Type.Null()]),
    timeZone: Type.Union([Type.String(), Type.Null()]),
    ptr: Type.Union([Type.String(), Type.Null()]),
  }),
  blacklists: Type.Object({
    ip: Type.Union([Type.String(), Type.Null()]),
    checkedAt: Type.Union([Type.String(), Type.Null()]),
    sbl: Listed,
    xbl: Listed,
    css: Listed,
    pbl: Listed,
    error: Type.Union([Type.String(), Type.Null()]),
  }),
  /** Per hour with checks, oldest first (the last 7 days): checks, passes, the mean ping of the passes. */
  hours: Type.Array(
    Type.Object({ hour: Type.String(), checks: Type.Integer(), ok: Type.Integer(), pingMs: Type.Union([Type.Integer(), Type.Null()]) }),
  ),
  /** Every state change, oldest first (the last 200). */
  transitions: Type.Array(Type.Object({ at: Type.String(), from: Type.String(), to: Type.String(), reason: Type.String() })),
  /** Share of passed checks in percent; null without checks in the window. */
  uptime: Type.Object({ day: Type.Union([Type.Number(), Type.Null()]), week: Type.Union([Type.Number(), Type.Null()]) }),
});
export type ExitDetail = Static<typeof ExitDetail>;

/** POST /api/operator/inventory/exits/:id/retire | /restore */
export const ExitStateReport = Type.Object({ message: Type.String(), id: Type.Integer(), state: ExitState });
export type ExitStateReport = Static<typeof ExitStateReport>;

const PriceClass = Type.Object({
  type: DeclaredType,
  /** '' for the type's class in every country, else the country it overrides it in. */
  ct: Type.String(),
  baseCents: Type.Integer(),
  freshCents: Type.Integer(),
  updatedAt: Type.String(),
  /** Exits of the market this class prices now. */
  exits: Type.Integer(),
});
export type PriceClass = Static<typeof PriceClass>;
export const PriceClassList = Type.Object({ classes: Type.Array(PriceClass) });
export type PriceClassList = Static<typeof PriceClassList>;

/** PUT /api/operator/inventory/price-classes: set a type's class, or (with ct) its class in one country. */
export const PriceClassInput = Type.Object({
  type: DeclaredType,
  ct: Type.Optional(Type.String({ pattern: '^([A-Z]{2})?$' })),
  baseCents: Type.Integer({ minimum: 1, maximum: 100_000 }),
  freshCents: Type.Integer({ minimum: 0, maximum: 100_000 }),
});
export type PriceClassInput = Static<typeof PriceClassInput>;
export const PriceClassReport = Type.Object({ message: Type.String(), listings: Type.Integer() });
export type PriceClassReport = Static<typeof PriceClassReport>;

/** DELETE /api/operator/inventory/price-classes/:type/:ct: a country's class removed; the type's applies. */
export const PriceClassKey = Type.Object({ type: DeclaredType, ct: Type.String({ pattern: '^[A-Z]{2}$' }) });
export type PriceClassKey = Static<typeof PriceClassKey>;

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

/** GET /api/operator/money?from=&to=: days are UTC, both ends included; default the last 30 days. */
export const MoneyQuery = Type.Object({ from: Type.Optional(Day), to: Type.Optional(Day) });
export type MoneyQuery = Static<typeof MoneyQuery>;

/** One period's movements in cents: credits positive, debits (sales, renewals) negative as in the ledger. */
const MoneyPeriod = Type.Object({
  period: Type.String(),
  topups: Type.Integer(),
  sales: Type.Integer(),
  renewals: Type.Integer(),
  /** Refunds the shop made by itself: dead within 2 hours, blacklist credits. */
  refundsAutomatic: Type.Integer(),
  /** Refunds approved on the support desk. */
  refundsManual: Type.Integer(),
  /** Operators' balance corrections, credits and debits. */
  adjustments: Type.Integer(),
  /** The sum of every ledger row of the period: how the customers' balances moved. */
  net: Type.Integer(),
  /** Sales and renewals less refunds: what the shop earned. */
  revenue: Type.Integer(),
});
export type MoneyPeriod = Static<typeof MoneyPeriod>;

export const MoneyReport = Type.Object({
  from: Day,
  to: Day,
  days: Type.Array(MoneyPeriod),
  months: Type.Array(MoneyPeriod),
  /** What the shop owes its customers: the sum of every balance (cents). */
  liabilityCents: Type.Integer(),
  /** Every balance against the sum of its ledger rows. */
  ledgerCheck: Type.Object({ accounts: Type.Integer(), mismatched: Type.Integer(), differenceCents: Type.Integer() }),
});
export type MoneyReport = Static<typeof MoneyReport>;

/** GET /api/operator/money/ledger.csv?from=&to= (both required, UTC days, both included). */
export const LedgerExportQuery = Type.Object({ from: Day, to: Day });
export type LedgerExportQuery = Static<typeof LedgerExportQuery>;

/** GET /api/operator/leases */
export const LeaseOverview = Type.Object({
  active: Type.Integer(),
  byType: Type.Array(Type.Object({ type: Type.String(), count: Type.Integer() })),
  byCountry: Type.Array(Type.Object({ ct: Type.String(), country: Type.String(), count: Type.Integer() })),
  expiringNextHour: Type.Integer(),
  autoRenew: Type.Object({ on: Type.Integer(), share: Type.Union([Type.Number(), Type.Null()]) }),
  topByTraffic: Type.Array(
    Type.Object({
      historyId: Type.String(),
      username: Type.String(),
      realIp: Type.String(),
      ct: Type.String(),
      bytesUp: Type.Integer(),
      bytesDown: Type.Integer(),
      expiresAt: Type.String(),
    }),
  ),
});
export type LeaseOverview = Static<typeof LeaseOverview>;

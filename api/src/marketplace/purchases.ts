// Buying proxies: every listed proxy or none, paid from the balance through the ledger.
import { sql, type Kysely, type Transaction } from 'kysely';
import { PROXY_KINDS, type ProxyKind, type PurchaseItem } from 'contract/marketplace';
import type { Schema } from '../db/schema.ts';
import { centsToDollars } from 'contract/money';
import { postLedgerEntry } from '../ledger/ledger.ts';
import { queueWebhookEvent } from '../webhooks/webhooks.ts';
import { generateSocksAuth } from './credentials.ts';
import { allocateLeasePort, NoFreePortError, type PortRange } from './lease-ports.ts';
import { forSale } from './listing-sql.ts';
import { marketDb } from './market-schema.ts';
import { listingPriceCents } from './pricing.ts';

export type PurchaseResult =
  | { ok: true; bought: PurchaseItem[] }
  /** The buyer's account is gone (its session outlived it). */
  | { ok: false; reason: 'no-account' }
  | { ok: false; reason: 'not-found'; id: string }
  /** Sold meanwhile, or offline: every such listing of the request, by id and address. */
  | { ok: false; reason: 'unavailable'; ids: string[]; ips: string[] }
  | { ok: false; reason: 'insufficient-funds'; balanceCents: number; totalCents: number }
  /** Every port of the gateway's range is held by an active lease (the operator must widen it). */
  | { ok: false; reason: 'no-port' };

/** What a quantity buy asks for: `count` proxies of a kind in a country (and state), at most `maxPriceCents` each. */
export interface MatchingWanted {
  count: number;
  kind: ProxyKind | 'any';
  country: string;
  state?: string;
  maxPriceCents?: number;
}

/** A quantity buy as the dashboard and /api/v1 send it (dollars, a country code in any case), as `MatchingWanted`. */
export function matchingWanted(request: { count: number; kind: ProxyKind | 'any'; country: string; state?: string; maxPrice?: number }): MatchingWanted {
  const { count, kind, country, state, maxPrice } = request;
  return {
    count,
    kind,
    country: country.toUpperCase(),
    ...(state === undefined ? {} : { state }),
    ...(maxPrice === undefined ? {} : { maxPriceCents: Math.round(maxPrice * 100) }),
  };
}

export type MatchingPurchaseResult =
  | PurchaseResult
  /** Fewer matching listings are for sale than asked for: nothing was bought. */
  | { ok: false; reason: 'not-enough'; available: number };

/** Thrown inside the transaction to roll it back; turned into its result outside. */
class Refusal extends Error {
  readonly result: MatchingPurchaseResult;
  constructor(result: MatchingPurchaseResult) {
    super('purchase refused');
    this.result = result;
  }
}

/** Where the gateway serves leases: the proxy string is `publicHost:port`, the port from `portRange`. */
export interface GatewayEndpoint {
  publicHost: string;
  portRange: PortRange;
}

/** `periodMs`: how long a purchase pays for (24 hours unless configured otherwise). */
export function createPurchases(db: Kysely<Schema>, gateway: GatewayEndpoint, periodMs: number) {
  return {
    /**
     * Locks the buyer's row, then the listings in id order (so concurrent purchases cannot deadlock), checks
     * each is for sale and the balance covers the total, then per proxy writes the lease, takes the listing
     * off the market and posts one `purchase` ledger row. A refusal writes nothing.
     */
    async buy(userId: string, ids: readonly string[]): Promise<PurchaseResult> {
      try {
        const bought = await db.transaction().execute((trx) => buyInTransaction(trx, gateway, userId, ids, periodMs));
        return { ok: true, bought };
      } catch (error) {
        // `buy` never throws 'not-enough'.
        if (error instanceof Refusal) return error.result as PurchaseResult;
        if (error instanceof NoFreePortError) return { ok: false, reason: 'no-port' };
        throw error;
      }
    },

    /**
     * A quantity buy: the best `count` listings for sale that match (lowest ping, then highest speed, then
     * the oldest id), bought in one transaction like `buy`, or none when fewer match. Listings another
     * purchase holds locked are passed over, not waited for. Any caller (the portal, an API for resellers)
     * goes through here.
     */
    async buyMatching(userId: string, wanted: MatchingWanted): Promise<MatchingPurchaseResult> {
      try {
        const bought = await db.transaction().execute((trx) => buyMatchingInTransaction(trx, gateway, userId, wanted, periodMs));
        return { ok: true, bought };
      } catch (error) {
        if (error instanceof Refusal) return error.result;
        if (error instanceof NoFreePortError) return { ok: false, reason: 'no-port' };
        throw error;
      }
    },

    /**
     * `buy` inside the caller's transaction (the public API writes its idempotent answer in it). On a refusal
     * leases may already be written: the caller must roll back.
     */
    /** `buyMatching` inside the caller's transaction, as `buyWithin`: on a refusal the caller must roll back. */
    async buyMatchingWithin(trx: Transaction<Schema>, userId: string, wanted: MatchingWanted): Promise<MatchingPurchaseResult> {
      try {
        return { ok: true, bought: await buyMatchingInTransaction(trx, gateway, userId, wanted, periodMs) };
      } catch (error) {
        if (error instanceof Refusal) return error.result;
        if (error instanceof NoFreePortError) return { ok: false, reason: 'no-port' };
        throw error;
      }
    },

    async buyWithin(trx: Transaction<Schema>, userId: string, ids: readonly string[]): Promise<PurchaseResult> {
      try {
        return { ok: true, bought: await buyInTransaction(trx, gateway, userId, ids, periodMs) };
      } catch (error) {
        if (error instanceof Refusal) return error.result as PurchaseResult;
        if (error instanceof NoFreePortError) return { ok: false, reason: 'no-port' };
        throw error;
      }
    },
  };
}

export type Purchases = ReturnType<typeof createPurchases>;

/** The quantity buy's picking and buying, inside a transaction (see `buyMatching`). */
async function buyMatchingInTransaction(
  trx: Transaction<Schema>,
  gateway: GatewayEndpoint,
  userId: string,
  wanted: MatchingWanted,
  periodMs: number,
): Promise<PurchaseItem[]> {
  // The buyer's row first, as `buy` locks it, so the two never wait on each other in opposite orders.
  const buyer = await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
  if (!buyer) throw new Refusal({ ok: false, reason: 'no-account' });
  const now = new Date();
  let query = marketDb(trx)
    .selectFrom('proxy_listings')
    .select('id')
    .where(forSale)
    .where('ct', '=', wanted.country);
  if (wanted.state !== undefined) query = query.where('state', '=', wanted.state);
  if (wanted.kind !== 'any') query = query.where('user_type', 'in', [...PROXY_KINDS[wanted.kind]]);
  if (wanted.maxPriceCents !== undefined) query = query.where(listingPriceCents(now), '<=', wanted.maxPriceCents);
  const picked = await query
    // An exit never measured (null ping or speed) comes after every measured one.
    .orderBy(sql`ping asc nulls last`)
    .orderBy(sql`speed desc nulls last`)
    .orderBy('id', 'asc')
    .limit(wanted.count)
    .forUpdate()
    .skipLocked()
    .execute();
  if (picked.length < wanted.count) throw new Refusal({ ok: false, reason: 'not-enough', available: picked.length });
  return buyInTransaction(trx, gateway, userId, picked.map((row) => String(row.id)), periodMs);
}

async function buyInTransaction(
  trx: Transaction<Schema>,
  gateway: GatewayEndpoint,
  userId: string,
  ids: readonly string[],
  periodMs: number,
): Promise<PurchaseItem[]> {
  const market = marketDb(trx);
  const now = new Date();
  const buyer = await trx.selectFrom('users').select('balance_cents').where('id', '=', userId).forUpdate().executeTakeFirst();
  if (!buyer) throw new Refusal({ ok: false, reason: 'no-account' });

  const rows = await market
    .selectFrom('proxy_listings')
    .select(['id', 'real_ip', forSale.as('for_sale'), listingPriceCents(now).as('price_cents')])
    .where('id', 'in', ids.map(Number))
    .orderBy('id')
    .forUpdate()
    .execute();
  const byId = new Map(rows.map((row) => [String(row.id), row]));
  const missing = ids.find((id) => !byId.has(id));
  if (missing !== undefined) throw new Refusal({ ok: false, reason: 'not-found', id: missing });
  // Name every listing taken meanwhile, not only the first: the buyer drops them all and buys the rest.
  const taken = ids.filter((id) => !byId.get(id)?.for_sale);
  if (taken.length > 0) {
    throw new Refusal({ ok: false, reason: 'unavailable', ids: taken, ips: taken.map((id) => byId.get(id)?.real_ip ?? id) });
  }
  const priced = ids.map((id) => ({ id, priceCents: Number(byId.get(id)?.price_cents) }));
  const total = priced.reduce((sum, item) => sum + item.priceCents, 0);
  const balanceCents = Number(buyer.balance_cents);
  if (balanceCents < total) throw new Refusal({ ok: false, reason: 'insufficient-funds', balanceCents, totalCents: total });

  // The customer's own login:pass, when set, goes on every new lease; otherwise each gets generated ones.
  // Leases bought earlier keep whatever they were given.
  const own = await trx.selectFrom('proxy_credentials').select(['login', 'password']).where('user_id', '=', userId).executeTakeFirst();
  // The customer's IP allow-list goes on the lease too, where the gateway reads it.
  const allowCidrs = (
    await trx.selectFrom('user_ip_allowlist').select(sql<string>`cidr::text`.as('cidr')).where('user_id', '=', userId).orderBy('position').execute()
  ).map((row) => row.cidr);
  const expiresAt = new Date(now.getTime() + periodMs);
  const bought: PurchaseItem[] = [];
  const leaseIds: string[] = [];
  for (const { id, priceCents } of priced) {
    const lease = await market
      .insertInto('proxy_leases')
      .values({
        user_id: userId,
        listing_id: Number(id),
        port: await allocateLeasePort(trx, gateway.portRange),
        socks_auth: own ? `${own.login}:${own.password}` : generateSocksAuth(),
        allow_cidrs: allowCidrs,
        price_cents: priceCents,
        starts_at: now,
        expires_at: expiresAt,
      })
      .returning(['id', 'port', 'socks_auth'])
      .executeTakeFirstOrThrow();
    await market.updateTable('proxy_listings').set({ leased_until: expiresAt }).where('id', '=', Number(id)).execute();
    await postLedgerEntry(trx, { userId, kind: 'purchase', amountCents: -priceCents, reference: `lease:${lease.id}` });
    bought.push({ ID: id, PORT: lease.port, SOCKS_AUTH: lease.socks_auth, PROXY: `${gateway.publicHost}:${lease.port}` });
    leaseIds.push(String(lease.id));
  }
  // One event per purchase for the buyer's webhooks, committed with it (credentials are not in it).
  await queueWebhookEvent(trx, userId, 'proxy.purchased', {
    proxies: bought.map((item, index) => ({ id: leaseIds[index], listingId: item.ID, proxy: item.PROXY })),
    expiresAt: expiresAt.toISOString(),
    charged: centsToDollars(total),
  });
  return bought;
}

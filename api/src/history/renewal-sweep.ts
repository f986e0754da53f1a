// The renewal sweep: every lease passes through it once its paid period is over.
//
// - Auto-renewal off: the lease ends; its listing is back on the market (its leased_until is the lease's end).
// - On, exit online: the lease is bought again for one more period at the listing's price at that moment,
//   debited like a purchase with a `renewal` ledger row. The new period follows the old one without a gap
//   (or starts now when the lease had to wait). The sweep looks one interval ahead, so a renewal happens
//   in the last interval of a period and the proxy never stops between two periods.
// - On, exit offline: the lease waits, uncharged, for its exit, for at most `offlineWaitMs` after its end;
//   its listing stays held for it meanwhile. If the exit is not back in time the lease ends.
// - On, balance too small: auto-renewal is switched off and the lease ends when its period does.
// - The exit was retired by the operator, or the account disabled: no renewal; the lease ends when its period does.
//
// Each lease is handled in its own transaction that locks it with FOR UPDATE SKIP LOCKED: several API
// instances sweep the same database and each lease is taken by one of them; a lease being switched by its
// customer at that moment waits for the next sweep. A renewal also writes a lease_renewals row keyed by the
// period it follows, so a period can be renewed once only. Locks are taken lease, then user, then listing;
// a purchase takes user, then listings, so the two cannot deadlock.
//
// Before a period ends, customers whose balance will not cover their coming renewals are mailed once per period.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { LeaseEvent, LeaseEventKind } from 'contract/realtime';
import { centsToDollars } from 'contract/money';
import type { Schema } from '../db/schema.ts';
import { InsufficientFundsError, postLedgerEntry } from '../ledger/ledger.ts';
import { marketDb, type MarketDb } from '../marketplace/market-schema.ts';
import { listingPriceCents } from '../marketplace/pricing.ts';
import { queueMail, type Mail } from '../mail/mail.ts';
import { queueLeaseWebhook, queueWebhookEvent } from '../webhooks/webhooks.ts';

export interface RenewalSweepOptions {
  db: Kysely<Schema>;
  /** One paid period. */
  periodMs: number;
  /** How far ahead of a period's end its renewal may happen (the sweep interval). */
  leadMs: number;
  /** How long a lease with renew on waits for its offline exit after its period. */
  offlineWaitMs: number;
  /** How long before a renewal the customer hears that the balance will not cover it. */
  noticeMs: number;
  publicUrl: string;
  /** The gateway host of every proxy string (`publicHost:port`). */
  publicHost: string;
  /** Told the outbox jobs of the notices a sweep queued, once they are committed (plugins try them at once). */
  mailQueued(jobIds: number[], now: Date): Promise<void>;
  /** Tells the customer's open pages (balance event and lease event). */
  notify(userId: string, event: LeaseEvent): void;
  onError(error: unknown, context: string): void;
}

export interface SweepSummary {
  renewed: number;
  failed: number;
  waiting: number;
  ended: number;
  notices: number;
}

/** What the sweep tells (`down` is the checker's news, told by inventory/exit-down-notices.ts). */
type SweepKind = Exclude<LeaseEventKind, 'down' | 'refunded' | 'credited' | 'moved' | 'replaced'>;

interface Outcome {
  userId: string;
  event: LeaseEvent & { kind: SweepKind };
}

const dollars = (cents: number) => `$${centsToDollars(cents).toFixed(2)}`;

export class RenewalSweep {
  readonly #options: RenewalSweepOptions;

  constructor(options: RenewalSweepOptions) {
    this.#options = options;
  }

  /** One sweep at `now` (tests pass any moment; the interval passes the clock). */
  async run(now: Date): Promise<SweepSummary> {
    const summary: SweepSummary = { renewed: 0, failed: 0, waiting: 0, ended: 0, notices: 0 };
    const dueBefore = new Date(now.getTime() + this.#options.leadMs);
    let cursor = 0;
    const webhookJobs: number[] = [];
    for (;;) {
      // The lease's webhook event commits with its renewal or end: a crash between them loses nothing.
      const step = await this.#options.db.transaction().execute(async (trx) => {
        const next = await this.#next(trx, now, dueBefore, cursor);
        if (next?.outcome) webhookJobs.push(...(await queueLeaseWebhook(trx, next.outcome.userId, next.outcome.event)));
        return next;
      });
      if (step === null) break;
      cursor = step.leaseId;
      if (step.outcome === null) continue;
      const { userId, event } = step.outcome;
      summary[KIND_COUNTER[event.kind]] += 1;
      this.#options.notify(userId, event);
    }
    if (webhookJobs.length > 0) await this.#options.mailQueued(webhookJobs, now);
    summary.notices = await this.#mailNotices(now);
    await this.#expiringEvents(now);
    return summary;
  }

  /**
   * Queues `proxy.expiring` for every running lease whose period ends within the notice window (the lead time
   * of the low-balance mail), for accounts with an endpoint subscribed to it, once per period: the lease's
   * expiring_event_for is claimed with a conditional update in the event's transaction, so of several
   * instances only one queues it.
   */
  async #expiringEvents(now: Date): Promise<number> {
    const { db, noticeMs, publicHost, mailQueued } = this.#options;
    const until = new Date(now.getTime() + noticeMs);
    const { rows } = await sql<{ id: string; user_id: string; expires_at: Date | string; renew: boolean; proxy: string; real_ip: string }>`
      select le.id, le.user_id, le.expires_at, le.renew, ${publicHost} || ':' || le.port as proxy, li.real_ip
      from proxy_leases le
      join proxy_listings li on li.id = le.listing_id
      where le.ended_at is null and le.expires_at > ${now} and le.expires_at <= ${until}
        and le.expiring_event_for is distinct from le.expires_at
        and exists (select 1 from webhook_endpoints we
          where we.user_id = le.user_id and we.disabled_at is null and 'proxy.expiring' = any(we.events))
      order by le.expires_at, le.id`.execute(db);
    const queued: number[] = [];
    let told = 0;
    for (const row of rows) {
      const expiresAt = new Date(row.expires_at);
      const jobs = await db.transaction().execute(async (trx) => {
        const { rows: claimed } = await sql<{ id: string }>`
          update proxy_leases set expiring_event_for = expires_at
          where id = ${Number(row.id)} and expires_at = ${expiresAt} and ended_at is null
            and expiring_event_for is distinct from expires_at
          returning id`.execute(trx);
        if (claimed.length === 0) return null;
        return queueWebhookEvent(trx, row.user_id, 'proxy.expiring', {
          id: String(row.id),
          real_ip: row.real_ip,
          proxy: row.proxy,
          expires_at: expiresAt.toISOString(),
          renew: row.renew,
        });
      });
      if (jobs === null) continue;
      told += 1;
      queued.push(...jobs);
    }
    if (queued.length > 0) await mailQueued(queued, now);
    return told;
  }

  /** Takes the next unlocked lease due for the sweep and settles it; null when none is left. */
  async #next(trx: Transaction<Schema>, now: Date, dueBefore: Date, cursor: number): Promise<{ leaseId: number; outcome: Outcome | null } | null> {
    const market = marketDb(trx);
    const lease = await market
      .selectFrom('proxy_leases')
      .select(['id', 'user_id', 'listing_id', 'renew', 'expires_at'])
      .where('ended_at', 'is', null)
      .where('expires_at', '<=', dueBefore)
      .where('id', '>', cursor)
      .orderBy('id')
      .limit(1)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!lease) return null;
    const leaseId = Number(lease.id);
    const expiresAt = new Date(lease.expires_at);
    const over = expiresAt <= now;
    const event = (kind: SweepKind, realIp: string, at: Date): Outcome => ({
      userId: lease.user_id,
      event: { history_id: String(leaseId), real_ip: realIp, kind, expires_at: at.toISOString() },
    });

    if (!lease.renew) {
      if (!over) return { leaseId, outcome: null };
      await market.updateTable('proxy_leases').set({ ended_at: expiresAt }).where('id', '=', leaseId).execute();
      const listing = await market.selectFrom('proxy_listings').select('real_ip').where('id', '=', lease.listing_id).executeTakeFirstOrThrow();
      return { leaseId, outcome: event('ended', listing.real_ip, expiresAt) };
    }

    const owner = await market.selectFrom('users').select('disabled_at').where('id', '=', lease.user_id).forUpdate().executeTakeFirstOrThrow();
    const listing = await market
      .selectFrom('proxy_listings')
      .select([
        'real_ip',
        'online',
        'leased_until',
        listingPriceCents(now).as('price_cents'),
        sql<string>`(select state from exits where exits.id = proxy_listings.exit_id)`.as('exit_state'),
      ])
      .where('id', '=', lease.listing_id)
      .forUpdate()
      .executeTakeFirstOrThrow();

    // A retired exit is not sold again, to anyone: its lease runs to the end of its period and ends there. An
    // account an operator disabled is not charged for renewals either: its leases end with their period.
    if (listing.exit_state === 'retired' || owner.disabled_at !== null) {
      if (!over) return { leaseId, outcome: null };
      await this.#end(market, leaseId, lease.listing_id, expiresAt, expiresAt);
      return { leaseId, outcome: event('ended', listing.real_ip, expiresAt) };
    }

    if (!listing.online) {
      if (!over) return { leaseId, outcome: null };
      const waitUntil = new Date(expiresAt.getTime() + this.#options.offlineWaitMs);
      if (now >= waitUntil) {
        await this.#end(market, leaseId, lease.listing_id, expiresAt, now);
        return { leaseId, outcome: event('ended', listing.real_ip, expiresAt) };
      }
      const heldUntil = listing.leased_until === null ? null : new Date(listing.leased_until);
      if (heldUntil !== null && heldUntil >= waitUntil) return { leaseId, outcome: null };
      await market.updateTable('proxy_listings').set({ leased_until: waitUntil }).where('id', '=', lease.listing_id).execute();
      return { leaseId, outcome: event('waiting', listing.real_ip, expiresAt) };
    }

    const priceCents = Number(listing.price_cents);
    let ledgerId: number;
    try {
      const posted = await postLedgerEntry(trx, { userId: lease.user_id, kind: 'renewal', amountCents: -priceCents, reference: `lease:${leaseId}` });
      ledgerId = posted.entryId;
    } catch (error) {
      if (!(error instanceof InsufficientFundsError)) throw error;
      // Before the end a top-up can still come in: try again on the next sweep.
      if (!over) return { leaseId, outcome: null };
      await this.#end(market, leaseId, lease.listing_id, expiresAt, expiresAt);
      return { leaseId, outcome: event('renewal-failed', listing.real_ip, expiresAt) };
    }

    const start = over ? now : expiresAt;
    const renewedUntil = new Date(start.getTime() + this.#options.periodMs);
    await market
      .insertInto('lease_renewals')
      .values({ lease_id: leaseId, period_end: expiresAt, renewed_at: now, expires_at: renewedUntil, price_cents: priceCents, ledger_id: ledgerId })
      .execute();
    await market
      .updateTable('proxy_leases')
      .set({ expires_at: renewedUntil, price_cents: priceCents })
      .where('id', '=', leaseId)
      .execute();
    await market.updateTable('proxy_listings').set({ leased_until: renewedUntil }).where('id', '=', lease.listing_id).execute();
    return { leaseId, outcome: event('renewed', listing.real_ip, renewedUntil) };
  }

  /** Ends a lease with renew on: renew off, ended, its listing back on the market from its period's end. */
  async #end(market: MarketDb, leaseId: number, listingId: number, expiresAt: Date, endedAt: Date): Promise<void> {
    await market.updateTable('proxy_leases').set({ renew: false, ended_at: endedAt }).where('id', '=', leaseId).execute();
    await market.updateTable('proxy_listings').set({ leased_until: expiresAt }).where('id', '=', listingId).execute();
  }

  /**
   * Mails the owners of leases renewing within the notice window whose balance will not cover them (counting
   * each customer's renewals in the order they fall due), once per period: the lease's renewal_notice_for
   * is claimed with a conditional update, so of several instances only one queues it.
   */
  async #mailNotices(now: Date): Promise<number> {
    const { db, noticeMs, publicUrl, publicHost, mailQueued } = this.#options;
    const until = new Date(now.getTime() + noticeMs);
    const { rows } = await sql<{
      id: string;
      expires_at: Date;
      email: string;
      username: string;
      balance_cents: string;
      proxy: string;
      price_cents: number;
    }>`
      select * from (
        select le.id, le.expires_at, u.email, u.username, u.balance_cents, ${publicHost} || ':' || le.port as proxy,
          ${listingPriceCents(now)} as price_cents, le.renewal_notice_for,
          sum(${listingPriceCents(now)}) over (partition by le.user_id order by le.expires_at, le.id) as due_cents
        from proxy_leases le
        join users u on u.id = le.user_id
        join proxy_listings li on li.id = le.listing_id
        join exits ex on ex.id = li.exit_id
        where le.ended_at is null and le.renew and le.expires_at > ${now} and le.expires_at <= ${until}
          and ex.state <> 'retired'
      ) coming
      where due_cents > balance_cents and renewal_notice_for is distinct from expires_at
      order by expires_at`.execute(db);

    // The claim and the queued mail commit together: a notice is marked sent only with its mail in the
    // outbox, which delivers it however long the mail server is away.
    const queued: number[] = [];
    for (const row of rows) {
      const expiresAt = new Date(row.expires_at);
      const jobId = await db.transaction().execute(async (trx) => {
        const claimed = await marketDb(trx)
          .updateTable('proxy_leases')
          .set({ renewal_notice_for: expiresAt })
          .where('id', '=', Number(row.id))
          .where('expires_at', '=', expiresAt)
          .where(sql<boolean>`renewal_notice_for is distinct from expires_at`)
          .returning('id')
          .executeTakeFirst();
        if (!claimed) return null;
        return queueMail(trx, renewalNotice(row.email, row.username, row.proxy, expiresAt, Number(row.price_cents), Number(row.balance_cents), publicUrl));
      });
      if (jobId !== null) queued.push(jobId);
    }
    if (queued.length > 0) await mailQueued(queued, now);
    const sent = queued.length;
    return sent;
  }
}

const KIND_COUNTER: Record<SweepKind, keyof SweepSummary> = {
  renewed: 'renewed',
  'renewal-failed': 'failed',
  waiting: 'waiting',
  ended: 'ended',
};

export function renewalNotice(
  to: string,
  username: string,
  proxy: string,
  expiresAt: Date,
  priceCents: number,
  balanceCents: number,
  publicUrl: string,
): Mail {
  const when = `${expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return {
    to,
    subject: `Your proxy ${proxy} cannot be renewed: top up your balance`,
    text: [
      `Hello ${username},`,
      '',
      `Auto-renewal of your proxy ${proxy} is due at ${when} and costs ${dollars(priceCents)} for the next period,`,
      `but your balance of ${dollars(balanceCents)} will not cover it together with your other renewals due by then.`,
      'If the balance is still short at that moment, auto-renewal is switched off and the proxy ends.',
      '',
      `Top up: ${publicUrl}/payments`,
      `Manage auto-renewal: ${publicUrl}/history`,
    ].join('\n'),
  };
}

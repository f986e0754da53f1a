// Free replacement of a dead proxy (docs/product-rules.md, "Dead proxies: replacement or refund"): the lease
// of an exit the checker confirmed dead moves onto an online listing of the same type class in the same
// country (the same state first), closest in price, for the rest of its paid period at no charge. The lease
// keeps its id, port and login:pass, so the gateway (which re-reads a lease when its row changes) carries the
// customer's next connection through the new exit and their software keeps working.
//
// Money safety: every path (a click in History, POST /api/v1/proxies/{id}/replace, the automatic pass of an
// account with "replace dead proxies automatically" on) runs `replace` below in one transaction that holds
// the lease's row lock, refuses a refunded lease, and writes the lease_replacements row whose unique pair
// (lease, transition to 'dead') allows one replacement per death. The automatic refund takes the same lock
// and skips a replaced lease, so a purchase is either replaced or refunded, never both.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { LeaseEvent } from 'contract/realtime';
import type { Schema } from '../db/schema.ts';
import { queueMail, type Mail } from '../mail/mail.ts';
import { forSale } from '../marketplace/listing-sql.ts';
import { listingPriceCents } from '../marketplace/pricing.ts';
import { queueWebhookEvent } from '../webhooks/webhooks.ts';

/** The type class a replacement keeps: the exit types a customer would call the same kind of proxy. */
const typeClass = (column: string) =>
  sql`(case when ${sql.ref(column)} in ('DCH', 'CDN') then 'datacenter' when ${sql.ref(column)} in ('MOB', 'ISP/MOB') then 'mobile' else 'residential' end)`;

export type ReplaceRefusal = 'not-found' | 'ended' | 'not-dead' | 'refunded' | 'no-match';

export type ReplaceResult =
  | { ok: true; leaseId: number; userId: string; proxy: string; previousIp: string; realIp: string; expiresAt: Date; jobs: number[] }
  | { ok: false; reason: ReplaceRefusal };

export const replaceMessages: Record<ReplaceRefusal, (historyId: string) => string> = {
  'not-found': (historyId) => `You have no proxy with history id ${historyId}`,
  ended: (historyId) => `Proxy ${historyId} has ended, so it cannot be replaced`,
  'not-dead': (historyId) => `Proxy ${historyId} is not down: only a proxy whose exit was confirmed dead can be replaced`,
  refunded: (historyId) => `Proxy ${historyId} was refunded, so it cannot also be replaced`,
  'no-match': (historyId) => `No online proxy of the same type in the same country is free right now to replace proxy ${historyId}: try again in a few minutes`,
};

export interface DeadExitReplacementsOptions {
  db: Kysely<Schema>;
  publicUrl: string;
  publicHost: string;
  /** How long an exit is dead before the automatic pass replaces it (the customer's own click comes first). */
  delayMs: number;
  mailQueued(jobIds: number[]): Promise<void>;
  notify(userId: string, event: LeaseEvent): void;
  onError(error: unknown, context: string): void;
}

interface Locked {
  id: string;
  user_id: string;
  email: string;
  username: string;
  listing_id: string;
  exit_id: string;
  port: number;
  real_ip: string;
  ct: string;
  state: string;
  user_type: string;
  price_cents: string;
  expires_at: Date | string;
  ended_at: Date | string | null;
  exit_state: string;
}

/** One replacement inside the caller's transaction (the public API writes its idempotent answer in it). */
export async function replaceWithin(
  trx: Transaction<Schema>,
  options: { leaseId: number; userId: string | null; automatic: boolean; now: Date; publicHost: string; publicUrl: string },
): Promise<ReplaceResult> {
  const { leaseId, userId, automatic, now, publicHost } = options;
  const owner = userId === null ? sql`` : sql`and user_id = ${userId}`;
  // The lease's lock first, alone: a join locked in the same statement would be judged on the listing it
  // had before a concurrent replacement committed, and the lease would look missing.
  const { rows: own } = await sql<{ id: string }>`select id from proxy_leases where id = ${leaseId} ${owner} for update`.execute(trx);
  if (own.length === 0) return { ok: false, reason: 'not-found' };
  const { rows } = await sql<Locked>`
    select le.id, le.user_id, u.email, u.username, le.listing_id, li.exit_id, le.port, li.real_ip, li.ct, li.state,
      li.user_type, le.price_cents::text as price_cents, le.expires_at, le.ended_at, e.state as exit_state
    from proxy_leases le
    join proxy_listings li on li.id = le.listing_id
    join exits e on e.id = li.exit_id
    join users u on u.id = le.user_id
    where le.id = ${leaseId}`.execute(trx);
  const lease = rows[0];
  if (!lease) return { ok: false, reason: 'not-found' };
  if (lease.ended_at !== null || new Date(lease.expires_at).getTime() <= now.getTime()) return { ok: false, reason: 'ended' };
  const refunded = await trx.selectFrom('refunds').select('lease_id').where('lease_id', '=', leaseId).executeTakeFirst();
  if (refunded) return { ok: false, reason: 'refunded' };
  if (lease.exit_state !== 'dead') return { ok: false, reason: 'not-dead' };
  const { rows: deaths } = await sql<{ id: string }>`
    select id from exit_state_changes where exit_id = ${Number(lease.exit_id)} and to_state = 'dead' order by id desc limit 1`.execute(trx);
  const death = deaths[0];
  if (!death) return { ok: false, reason: 'not-dead' };

  const picked = await pickReplacement(trx, lease, now);
  if (!picked) return { ok: false, reason: 'no-match' };

  const { rows: inserted } = await sql<{ id: string }>`
    insert into lease_replacements (lease_id, exit_state_change_id, from_listing_id, to_listing_id, automatic)
    values (${leaseId}, ${Number(death.id)}, ${Number(lease.listing_id)}, ${Number(picked.id)}, ${automatic})
    on conflict (lease_id, exit_state_change_id) do nothing
    returning id`.execute(trx);
  if (inserted.length === 0) return { ok: false, reason: 'not-dead' };
  const expiresAt = new Date(lease.expires_at);
  await sql`update proxy_leases set listing_id = ${Number(picked.id)} where id = ${leaseId}`.execute(trx);
  await sql`update proxy_listings set leased_until = ${expiresAt} where id = ${Number(picked.id)}`.execute(trx);
  // The dead listing is free again: it returns to the market when its exit comes back.
  await sql`update proxy_listings set leased_until = ${now} where id = ${Number(lease.listing_id)} and leased_until > ${now}`.execute(trx);

  const proxy = `${publicHost}:${lease.port}`;
  const mailJob = await queueMail(trx, replacedMail(lease, proxy, picked.real_ip, expiresAt, options.publicUrl));
  const webhookJobs = await queueWebhookEvent(trx, lease.user_id, 'proxy.replaced', {
    id: String(leaseId),
    proxy,
    previousIp: lease.real_ip,
    ip: picked.real_ip,
    automatic,
    expiresAt: expiresAt.toISOString(),
  });
  return { ok: true, leaseId, userId: lease.user_id, proxy, previousIp: lease.real_ip, realIp: picked.real_ip, expiresAt, jobs: [mailJob, ...webhookJobs] };
}

/** Same type class and country; the same state first, then the price closest to what the lease paid. */
async function pickReplacement(trx: Transaction<Schema>, lease: Locked, now: Date): Promise<{ id: string; real_ip: string } | null> {
  const wanted = typeClassOf(lease.user_type);
  const { rows } = await sql<{ id: string; real_ip: string }>`
    select id, real_ip from proxy_listings
    where ${forSale} and exit_id <> ${Number(lease.exit_id)} and ct = ${lease.ct}
      and ${typeClass('user_type')} = ${wanted}
    order by (state = ${lease.state}) desc, abs(${listingPriceCents(now)} - ${Number(lease.price_cents)}), ping asc nulls last, id
    limit 1
    for update skip locked`.execute(trx);
  return rows[0] ?? null;
}

function typeClassOf(userType: string): string {
  if (userType === 'DCH' || userType === 'CDN') return 'datacenter';
  if (userType === 'MOB' || userType === 'ISP/MOB') return 'mobile';
  return 'residential';
}

function replacedMail(lease: Locked, proxy: string, newIp: string, expiresAt: Date, publicUrl: string): Mail {
  return {
    to: lease.email,
    subject: `Your proxy ${proxy} was replaced`,
    text: [
      `Hello ${lease.username},`,
      '',
      `The exit of your proxy ${proxy} (${lease.real_ip}) went down. It now leaves through ${newIp}, at no charge,`,
      `until ${expiresAt.toISOString().replace('T', ' ').slice(0, 16)} UTC. Its port and login:pass did not change.`,
      '',
      `Your proxies: ${publicUrl}/history`,
    ].join('\n'),
  };
}

export function createDeadExitReplacements(options: DeadExitReplacementsOptions) {
  const { db, publicHost, publicUrl } = options;

  async function after(result: ReplaceResult): Promise<void> {
    if (!result.ok) return;
    options.notify(result.userId, {
      history_id: String(result.leaseId),
      real_ip: result.realIp,
      kind: 'replaced',
      expires_at: result.expiresAt.toISOString(),
    });
    try {
      await options.mailQueued(result.jobs);
    } catch (error) {
      options.onError(error, 'replacement mail');
    }
  }

  return {
    /** The customer's own request (History, /api/v1): waits for the lease's lock, answers why not. */
    async replace(userId: string, leaseId: number, now = new Date()): Promise<ReplaceResult> {
      const result = await db.transaction().execute((trx) => replaceWithin(trx, { leaseId, userId, automatic: false, now, publicHost, publicUrl }));
      await after(result);
      return result;
    },

    /** Tells the customer after a replacement made in a caller's transaction (once it committed). */
    after,

    /**
     * One automatic pass: leases of accounts with the setting on whose exit has been dead for the delay,
     * each replaced in its own transaction. A lease another instance holds is skipped, not waited for.
     */
    async run(now = new Date()): Promise<{ due: number; replaced: number }> {
      const deadSince = new Date(now.getTime() - options.delayMs);
      const { rows: due } = await sql<{ id: string }>`
        select le.id from proxy_leases le
        join proxy_listings li on li.id = le.listing_id
        join exits e on e.id = li.exit_id
        join users u on u.id = le.user_id
        where e.state = 'dead' and e.state_changed_at <= ${deadSince} and u.replace_dead_automatically
          and le.ended_at is null and le.expires_at > ${now}
          and not exists (select 1 from refunds r where r.lease_id = le.id)
        order by le.id limit 200`.execute(db);
      let replaced = 0;
      for (const { id } of due) {
        try {
          const result = await db.transaction().execute(async (trx) => {
            const { rows: free } = await sql<{ id: string }>`select id from proxy_leases where id = ${Number(id)} for update skip locked`.execute(trx);
            if (free.length === 0) return { ok: false, reason: 'not-dead' } as const;
            return replaceWithin(trx, { leaseId: Number(id), userId: null, automatic: true, now, publicHost, publicUrl });
          });
          if (result.ok) replaced += 1;
          await after(result);
        } catch (error) {
          options.onError(error, `automatic replacement of lease ${id}`);
        }
      }
      return { due: due.length, replaced };
    },
  };
}

export type DeadExitReplacements = ReturnType<typeof createDeadExitReplacements>;

// The customer's leases as history items, and their auto-renewal switch.
import { sql, type Kysely } from 'kysely';
import { HISTORY_WINDOW_DAYS } from 'contract/limits';
import type { Schema } from '../db/schema.ts';
import { inTransaction } from '../db/transactions.ts';
import { toJsonBody, type JsonBody } from '../http/json-body.ts';
import { marketDb } from '../marketplace/market-schema.ts';
import { HistoryCache, type HistorySnapshot } from './history-cache.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export type AutorenewResult =
  | { ok: true; historyId: string; renew: boolean; expiresAt: Date }
  /** No such lease, or not the caller's: the same answer, so ids of other customers stay unknown. */
  | { ok: false; reason: 'not-found' }
  /** Switching on a lease that has ended: the proxy must be bought again. */
  | { ok: false; reason: 'ended' };

const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** `publicHost`: the gateway host that serves every lease; a proxy string is `publicHost:port`. */
export function createHistoryRepository(db: Kysely<Schema>, publicHost: string) {
  const cache = new HistoryCache();

  /**
   * One statement, so one snapshot: the JSON, the history version it reflects, and when the answer stops
   * holding with nothing written (the first period end still ahead, or the first ended lease leaving the window).
   */
  async function build(userId: string, now: Date, all: boolean): Promise<HistorySnapshot> {
    const since = new Date(now.getTime() - HISTORY_WINDOW_DAYS * DAY_MS);
    const shown = sql`le.user_id = ${userId} and (${all} or le.ended_at is null or le.ended_at > ${since})`;
    const windowMs = all ? sql`null` : sql`${HISTORY_WINDOW_DAYS * DAY_MS}::float8`;
    const { rows } = await sql<{ version: string | null; json: string; until: number | null }>`
      select
        (select version::text from history_versions where user_id = ${userId}) as version,
        (select coalesce(json_agg(json_build_object(
          'history_id', le.id::text, 'id', li.id::text, 'real_ip', li.real_ip,
          'proxy', ${publicHost} || ':' || le.port, 'socks_auth', le.socks_auth,
          'img', lower(li.ct), 'country', li.country, 'ct', li.ct, 'region', li.state, 'city', li.city, 'zip', li.zip,
          'time_zone', li.time_zone, 'domain', li.domain, 'org', li.isp, 'isp', li.isp, 'user_type', li.user_type,
          'ping', li.ping, 'speed', li.speed, 'dns', li.dns_ip,
          -- A retired exit keeps serving its running leases (nothing says it stopped working).
          'online', case when li.online or (ex.state = 'retired' and le.expires_at > ${now} and ex.check_ok is not false) then 1 else 0 end,
          'paid', case when le.expires_at > ${now} then 1 else 0 end,
          'renew', case when le.renew then 1 else 0 end,
          'price', (le.price_cents / 100.0)::float8,
          'added_timestamp', ${iso('le.starts_at')}, 'expires_at', ${iso('le.expires_at')},
          'renewals', (select count(*) from lease_renewals r where r.lease_id = le.id)::int,
          'sbl_black', li.sbl_black, 'xbl_black', li.xbl_black, 'css_black', li.css_black, 'pbl_black', li.pbl_black,
          'location_ip', li.location_ip, 'location_at', ${iso('li.location_at')},
          'blacklists_checked_at', ${iso('li.blacklists_checked_at')}
        ) order by le.created_at desc, le.id desc), '[]')::text
        from proxy_leases le
        join proxy_listings li on li.id = le.listing_id
        join exits ex on ex.id = li.exit_id
        where ${shown}) as json,
        (select least(
          min(extract(epoch from le.expires_at) * 1000) filter (where le.expires_at > ${now}),
          min(extract(epoch from le.ended_at) * 1000 + ${windowMs}) filter (where le.ended_at is not null))::float8
        from proxy_leases le
        where ${shown}) as until`.execute(db);
    const row = rows[0];
    return {
      version: row?.version ?? '0',
      from: now.getTime(),
      until: row?.until ?? Number.POSITIVE_INFINITY,
      body: await toJsonBody(row?.json ?? '[]'),
    };
  }

  return {
    /**
     * The user's leases newest first, as a ready JSON body. `all` false: only leases that run, wait for
     * their exit, or ended within the history window. Served from this instance's cache while the user's
     * history version and the moment allow (see history-cache.ts), else built by PostgreSQL as JSON text (a
     * customer with a thousand leases gets them without Node parsing and serialising every field).
     */
    async list(userId: string, now: Date, all: boolean): Promise<JsonBody> {
      const { rows } = await sql<{ version: string }>`
        select version::text as version from history_versions where user_id = ${userId}`.execute(db);
      return cache.body(`${userId}:${all ? 'all' : 'window'}`, rows[0]?.version ?? '0', now.getTime(), () => build(userId, now, all));
    },

    /**
     * Switches auto-renewal of one of the user's leases. On: only while the lease is paid (an ended lease's
     * listing may belong to someone else by now). Off: always; a lease that was waiting for its offline exit
     * ends at once and its listing goes back to the market.
     */
    /** `executor`: a transaction of the caller's to join (the public API's idempotent requests). */
    async setRenew(userId: string, historyId: string, enable: boolean, now: Date, executor: Kysely<Schema> = db): Promise<AutorenewResult> {
      return inTransaction(executor, async (trx) => {
        const leases = marketDb(trx);
        const lease = await leases
          .selectFrom('proxy_leases')
          .select(['id', 'listing_id', 'renew', 'expires_at', 'ended_at'])
          .where('id', '=', Number(historyId))
          .where('user_id', '=', userId)
          .forUpdate()
          .executeTakeFirst();
        if (!lease) return { ok: false, reason: 'not-found' } as const;
        const expiresAt = new Date(lease.expires_at);
        const done = (renew: boolean) => ({ ok: true, historyId, renew, expiresAt }) as const;
        if (lease.renew === enable) return done(enable);

        if (enable) {
          if (lease.ended_at !== null || expiresAt <= now) return { ok: false, reason: 'ended' } as const;
          await leases.updateTable('proxy_leases').set({ renew: true }).where('id', '=', lease.id).execute();
          return done(true);
        }

        const waiting = lease.ended_at === null && expiresAt <= now;
        await leases
          .updateTable('proxy_leases')
          .set({ renew: false, ...(waiting ? { ended_at: now } : {}) })
          .where('id', '=', lease.id)
          .execute();
        if (waiting) {
          // The sweep held the listing for this lease while it waited; nobody else can have leased it since.
          await leases
            .updateTable('proxy_listings')
            .set({ leased_until: expiresAt })
            .where('id', '=', lease.listing_id)
            .where('leased_until', '>', expiresAt)
            .execute();
        }
        return done(false);
      });
    },
  };
}

export type HistoryRepository = ReturnType<typeof createHistoryRepository>;

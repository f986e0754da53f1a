// The customer's leases as history items, and their auto-renewal switch.
import { sql, type Kysely } from 'kysely';
import { HISTORY_WINDOW_DAYS } from 'contract/limits';
import type { Schema } from '../db/schema.ts';
import { marketDb } from '../marketplace/market-schema.ts';

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
  return {
    /**
     * The user's leases newest first, as JSON text built by PostgreSQL (a customer with a thousand leases
     * gets them without Node parsing and serialising every field). `all` false: only leases that run,
     * wait for their exit, or ended within the history window.
     */
    async listJson(userId: string, now: Date, all: boolean): Promise<string> {
      const since = new Date(now.getTime() - HISTORY_WINDOW_DAYS * DAY_MS);
      const { rows } = await sql<{ json: string }>`
        select coalesce(json_agg(json_build_object(
          'history_id', le.id::text, 'id', li.id::text, 'real_ip', li.real_ip,
          'proxy', ${publicHost} || ':' || le.port, 'socks_auth', le.socks_auth,
          'img', lower(li.ct), 'country', li.country, 'ct', li.ct, 'region', li.state, 'city', li.city, 'zip', li.zip,
          'time_zone', li.time_zone, 'domain', li.domain, 'org', li.isp, 'isp', li.isp, 'user_type', li.user_type,
          'ping', li.ping, 'speed', li.speed, 'dns', li.dns_ip,
          'online', case when li.online then 1 else 0 end,
          'paid', case when le.expires_at > ${now} then 1 else 0 end,
          'renew', case when le.renew then 1 else 0 end,
          'price', (le.price_cents / 100.0)::float8,
          'added_timestamp', ${iso('le.starts_at')}, 'expires_at', ${iso('le.expires_at')},
          'renewals', (select count(*) from lease_renewals r where r.lease_id = le.id)::int,
          'sbl_black', li.sbl_black, 'xbl_black', li.xbl_black, 'css_black', li.css_black, 'pbl_black', li.pbl_black
        ) order by le.created_at desc, le.id desc), '[]')::text as json
        from proxy_leases le
        join proxy_listings li on li.id = le.listing_id
        where le.user_id = ${userId}
          and (${all} or le.ended_at is null or le.ended_at > ${since})`.execute(db);
      return rows[0]?.json ?? '[]';
    },

    /**
     * Switches auto-renewal of one of the user's leases. On: only while the lease is paid (an ended lease's
     * listing may belong to someone else by now). Off: always; a lease that was waiting for its offline exit
     * ends at once and its listing goes back to the market.
     */
    async setRenew(userId: string, historyId: string, enable: boolean, now: Date): Promise<AutorenewResult> {
      return db.transaction().execute(async (trx) => {
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

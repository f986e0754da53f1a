// The customer's proxy settings (own login:pass, IP allow-list) and sign-in activity.
import Bowser from 'bowser';
import { sql, type Kysely } from 'kysely';
import type { Schema } from '../db/schema.ts';
import { inTransaction } from '../db/transactions.ts';

export interface ProxyCredentials {
  login: string;
  password: string;
}

export interface SignInRow {
  at: Date;
  ip: string;
  userAgent: string;
  current: boolean;
}

/** Sign-ins kept per account: enough history to spot a stranger, bounded so the table cannot grow without end. */
export const SIGN_INS_KEPT = 20;

/** "Chrome 131 on Windows" from a user-agent header, or the best part of it. */
export function describeBrowser(userAgent: string): string {
  if (userAgent === '') return 'Unknown browser';
  const parsed = Bowser.parse(userAgent);
  const browser = [parsed.browser.name, parsed.browser.version?.split('.')[0]].filter(Boolean).join(' ');
  const os = parsed.os.name ?? '';
  if (!browser) return os ? `Unknown browser on ${os}` : 'Unknown browser';
  return os ? `${browser} on ${os}` : browser;
}

/** A cidr as a customer wrote it: a single address without its /32 or /128. */
const allowlistText = sql<string>`case when masklen(cidr) = (case family(cidr) when 4 then 32 else 128 end) then host(cidr) else cidr::text end`;

export function createAccountSettings(db: Kysely<Schema>) {
  return {
    async proxyCredentials(userId: string): Promise<ProxyCredentials | null> {
      const row = await db.selectFrom('proxy_credentials').select(['login', 'password']).where('user_id', '=', userId).executeTakeFirst();
      return row ?? null;
    },

    /** Sets the customer's own login:pass for later purchases; null returns to generated credentials. */
    async setProxyCredentials(userId: string, credentials: ProxyCredentials | null): Promise<void> {
      if (credentials === null) {
        await db.deleteFrom('proxy_credentials').where('user_id', '=', userId).execute();
        return;
      }
      await db
        .insertInto('proxy_credentials')
        .values({ user_id: userId, ...credentials })
        .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ ...credentials, updated_at: new Date() }))
        .execute();
    },

    async ipAllowlist(userId: string): Promise<string[]> {
      const rows = await db.selectFrom('user_ip_allowlist').select(allowlistText.as('entry')).where('user_id', '=', userId).orderBy('position').execute();
      return rows.map((row) => row.entry);
    },

    /**
     * Replaces the allow-list with these (already checked) entries and puts it on every active lease of the
     * customer, in one transaction: the gateway reads it from the lease and hears of the change through the
     * leases' change notifications.
     */
    async replaceIpAllowlist(userId: string, entries: readonly string[], executor: Kysely<Schema> = db): Promise<string[]> {
      return inTransaction(executor, async (trx) => {
        await trx.deleteFrom('user_ip_allowlist').where('user_id', '=', userId).execute();
        if (entries.length > 0) {
          // network() zeroes host bits (10.1.2.3/16 -> 10.1.0.0/16); repeats after that collapse into one row.
          await trx
            .insertInto('user_ip_allowlist')
            .values(entries.map((entry, position) => ({ user_id: userId, cidr: sql<string>`network(${entry}::inet)`, position })))
            .onConflict((conflict) => conflict.columns(['user_id', 'cidr']).doNothing())
            .execute();
        }
        await sql`
          update proxy_leases set allow_cidrs = coalesce(
            (select array_agg(cidr order by position) from user_ip_allowlist where user_id = ${userId}), '{}')
          where user_id = ${userId} and expires_at > now()`.execute(trx);
        const rows = await trx.selectFrom('user_ip_allowlist').select(allowlistText.as('entry')).where('user_id', '=', userId).orderBy('position').execute();
        return rows.map((row) => row.entry);
      });
    },

    /** Remembers a successful sign-in and forgets the oldest beyond SIGN_INS_KEPT. */
    async recordSignIn(userId: string, sessionId: string, ip: string, userAgent: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('sign_ins').values({ user_id: userId, session_id: sessionId, ip, user_agent: userAgent.slice(0, 512) }).execute();
        const keep = trx.selectFrom('sign_ins').select('id').where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(SIGN_INS_KEPT);
        await trx.deleteFrom('sign_ins').where('user_id', '=', userId).where('id', 'not in', keep).execute();
      });
    },

    /** The latest sign-ins, newest first; `current` marks the one whose session is asking. */
    async signIns(userId: string, currentSessionId: string, limit = 10): Promise<SignInRow[]> {
      const rows = await db
        .selectFrom('sign_ins')
        .select(['created_at', 'ip', 'user_agent', 'session_id'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ at: row.created_at, ip: row.ip, userAgent: row.user_agent, current: row.session_id === currentSessionId }));
    },

    /** Ends every session of the account; returns the ended ones, to announce. */
    async endAllSessions(userId: string): Promise<string[]> {
      const rows = await db.deleteFrom('sessions').where('user_id', '=', userId).returning('id').execute();
      return rows.map((row) => row.id);
    },
  };
}

export type AccountSettings = ReturnType<typeof createAccountSettings>;

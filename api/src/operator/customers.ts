// Customers as the operator console sees and corrects them: search, one customer's page (balance, ledger,
// leases, tickets, sessions, sign-ins), a balance adjustment, ending every session, disabling an account.
// Each action writes its audit row in its own transaction (audit.ts), so the change and its record commit or
// roll back together. A disabled account cannot sign in (routes/api/auth), its sessions and API keys are
// refused (accounts/sessions.ts, accounts/api-keys.ts) and the gateways stop its leases at once (migration
// 0061 tells them; they serve a lease only while its account is enabled).
import { sql, type Kysely } from 'kysely';
import type { CustomerDetail, CustomerSearchResult, CustomerSummary } from 'contract/operator-customers';
import { centsToDollars } from 'contract/money';
import type { Schema } from '../db/schema.ts';
import { InsufficientFundsError, postLedgerEntry } from '../ledger/ledger.ts';
import { marketDb } from '../marketplace/market-schema.ts';
import { recordOperatorAction, type AuditActor } from './audit.ts';

const SEARCH_LIMIT = 50;
const DETAIL_LIMIT = 100;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Bad input from the console: the message says what to change; nothing was written. */
export class CustomerActionError extends Error {
  override name = 'CustomerActionError';
  readonly status: 400 | 404 | 409;
  constructor(status: 400 | 404 | 409, message: string) {
    super(message);
    this.status = status;
  }
}

export const customerMessages = {
  notFound: 'No such customer.',
  reasonRequired: 'Say why: the reason is required and goes into the audit log.',
  amountInvalid: 'Enter a non-zero amount in dollars with at most two decimals (negative for a debit).',
  /** The balance may not go below zero. */
  debitTooLarge: (balance: string) => `The debit is larger than the balance (${balance}): a balance cannot go below zero.`,
} as const;

const iso = (date: Date) => date.toISOString();
const dollars = (cents: number) => `$${centsToDollars(cents).toFixed(2)}`;

type UserRow = { id: string; username: string; email: string; balance_cents: number; created_at: Date; disabled_at: Date | null };

function summary(row: UserRow): CustomerSummary {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    balance: centsToDollars(Number(row.balance_cents)),
    createdAt: iso(row.created_at),
    disabled: row.disabled_at !== null,
  };
}

function cleanReason(reason: string | undefined): string {
  const text = (reason ?? '').trim();
  if (text === '') throw new CustomerActionError(400, customerMessages.reasonRequired);
  return text;
}

export function createCustomers(db: Kysely<Schema>) {
  const market = marketDb(db);

  async function lockUser(trx: Kysely<Schema>, userId: string) {
    if (!UUID.test(userId)) throw new CustomerActionError(404, customerMessages.notFound);
    const user = await trx
      .selectFrom('users')
      .select(['id', 'balance_cents', 'disabled_at', 'disabled_reason'])
      .where('id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    if (!user) throw new CustomerActionError(404, customerMessages.notFound);
    return user;
  }

  async function detail(userId: string): Promise<CustomerDetail> {
    if (!UUID.test(userId)) throw new CustomerActionError(404, customerMessages.notFound);
    const user = await db
      .selectFrom('users')
      .select(['id', 'username', 'email', 'balance_cents', 'created_at', 'disabled_at', 'disabled_reason'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user) throw new CustomerActionError(404, customerMessages.notFound);
    const [ledger, leases, tickets, sessions, signIns] = await Promise.all([
      db.selectFrom('ledger').select(['id', 'kind', 'amount_cents', 'reference', 'created_at']).where('user_id', '=', userId).orderBy('id', 'desc').limit(DETAIL_LIMIT).execute(),
      market
        .selectFrom('proxy_leases as l')
        .innerJoin('proxy_listings as s', 's.id', 'l.listing_id')
        .select(['l.id', 's.real_ip', 's.country', 'l.port', 'l.price_cents', 'l.starts_at', 'l.expires_at', 'l.renew', sql<boolean>`l.expires_at > now()`.as('active')])
        .where('l.user_id', '=', userId)
        .orderBy('l.id', 'desc')
        .limit(DETAIL_LIMIT)
        .execute(),
      db.selectFrom('tickets').select(['id', 'category', 'status', 'created_at']).where('user_id', '=', userId).orderBy('created_at', 'desc').limit(DETAIL_LIMIT).execute(),
      db.selectFrom('sessions').select(['id', 'created_at', 'expires_at']).where('user_id', '=', userId).where('expires_at', '>', new Date()).orderBy('created_at', 'desc').execute(),
      db.selectFrom('sign_ins').select(['ip', 'user_agent', 'created_at']).where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(DETAIL_LIMIT).execute(),
    ]);
    return {
      ...summary(user),
      disabledAt: user.disabled_at ? iso(user.disabled_at) : null,
      disabledReason: user.disabled_reason,
      ledger: ledger.map((row) => ({ id: Number(row.id), kind: row.kind, amount: centsToDollars(Number(row.amount_cents)), reference: row.reference, createdAt: iso(row.created_at) })),
      leases: leases.map((row) => ({
        id: Number(row.id),
        ip: row.real_ip,
        country: row.country,
        port: row.port,
        price: centsToDollars(Number(row.price_cents)),
        startsAt: iso(row.starts_at),
        expiresAt: iso(row.expires_at),
        renew: row.renew,
        active: row.active,
      })),
      tickets: tickets.map((row) => ({ id: row.id, category: row.category, status: row.status, createdAt: iso(row.created_at) })),
      sessions: sessions.map((row) => ({ id: row.id, createdAt: iso(row.created_at), expiresAt: iso(row.expires_at) })),
      signIns: signIns.map((row) => ({ ip: row.ip, userAgent: row.user_agent, at: iso(row.created_at) })),
    };
  }

  return {
    /** By part of the username or e-mail (any case); with no text, the newest accounts. */
    async search(text: string | undefined): Promise<CustomerSearchResult> {
      const needle = (text ?? '').trim().toLowerCase();
      let query = db.selectFrom('users').select(['id', 'username', 'email', 'balance_cents', 'created_at', 'disabled_at']);
      if (needle !== '') {
        const pattern = `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        query = query.where((eb) => eb.or([eb(sql<string>`lower(username)`, 'like', pattern), eb(sql<string>`lower(email)`, 'like', pattern)]));
      }
      const rows = await query.orderBy('created_at', 'desc').orderBy('id').limit(SEARCH_LIMIT + 1).execute();
      return { customers: rows.slice(0, SEARCH_LIMIT).map(summary), more: rows.length > SEARCH_LIMIT };
    },

    detail,

    /** A credit (positive cents) or debit (negative) as an `adjustment` ledger row; its reference names the audit row. */
    async adjust(userId: string, amountCents: number | null, reason: string, actor: AuditActor): Promise<{ balanceCents: number }> {
      if (amountCents === null || amountCents === 0 || !Number.isSafeInteger(amountCents)) throw new CustomerActionError(400, customerMessages.amountInvalid);
      const why = cleanReason(reason);
      return db.transaction().execute(async (trx) => {
        const user = await lockUser(trx, userId);
        const before = Number(user.balance_cents);
        if (before + amountCents < 0) throw new CustomerActionError(409, customerMessages.debitTooLarge(dollars(before)));
        const auditId = await recordOperatorAction(trx, {
          actor,
          action: 'balance.adjust',
          target: `user:${userId}`,
          before: { balance: centsToDollars(before) },
          after: { balance: centsToDollars(before + amountCents), amount: centsToDollars(amountCents), reason: why },
        });
        try {
          const posted = await postLedgerEntry(trx, { userId, kind: 'adjustment', amountCents, reference: `audit:${auditId}` });
          return { balanceCents: posted.balanceCents };
        } catch (error) {
          if (error instanceof InsufficientFundsError) throw new CustomerActionError(409, customerMessages.debitTooLarge(dollars(error.balanceCents)));
          throw error;
        }
      });
    },

    /** Ends every session of the account; the caller announces the ended ids (sockets, other instances). */
    async endSessions(userId: string, actor: AuditActor): Promise<string[]> {
      return db.transaction().execute(async (trx) => {
        await lockUser(trx, userId);
        const ended = await trx.deleteFrom('sessions').where('user_id', '=', userId).returning('id').execute();
        await recordOperatorAction(trx, { actor, action: 'sessions.end', target: `user:${userId}`, before: { sessions: ended.length }, after: { sessions: 0 } });
        return ended.map((row) => row.id);
      });
    },

    /**
     * Disables (with a reason) or enables an account. Disabling ends its sessions (returned, for the caller to
     * announce); the gateways drop its leases when the change commits. Enabling again restores both ways in.
     */
    async setDisabled(userId: string, disabled: boolean, reason: string | undefined, actor: AuditActor): Promise<string[]> {
      const why = disabled ? cleanReason(reason) : (reason ?? '').trim() || null;
      return db.transaction().execute(async (trx) => {
        const user = await lockUser(trx, userId);
        const was = { disabled: user.disabled_at !== null, reason: user.disabled_reason };
        if (was.disabled !== disabled) {
          await trx
            .updateTable('users')
            .set({ disabled_at: disabled ? new Date() : null, disabled_reason: disabled ? why : null })
            .where('id', '=', userId)
            .execute();
        }
        const ended = disabled ? await trx.deleteFrom('sessions').where('user_id', '=', userId).returning('id').execute() : [];
        await recordOperatorAction(trx, {
          actor,
          action: disabled ? 'account.disable' : 'account.enable',
          target: `user:${userId}`,
          before: was,
          after: { disabled, reason: disabled ? why : null, ...(why && !disabled ? { note: why } : {}) },
        });
        return ended.map((row) => row.id);
      });
    },
  };
}

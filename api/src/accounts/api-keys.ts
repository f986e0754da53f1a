// API keys: what a customer's own software signs in with at /api/v1 instead of the browser session. A key
// is 32 random bytes; only its SHA-256 is stored (the key is shown once, when created). Every request looks
// the hash up in the database, with no cache in front, so a revoked key is refused by every instance from
// the moment the revocation commits. Keys are not sessions: a new login does not end them and a password
// change does not revoke them; deleting the account deletes them (foreign key).
import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { API_KEY_LIMIT, type ApiKeyScope } from 'contract/api-key-rules';
import type { Schema } from '../db/schema.ts';

/** Every key starts with this, so secret scanners (and people) can tell what leaked. */
const KEY_PREFIX = 'ps5_';
/** Characters of a key kept in clear to tell keys apart in the list (the marker and 8 random ones). */
const SHOWN_CHARACTERS = KEY_PREFIX.length + 8;
/** Last use is written at most this often per key and address: a busy script must not cost a write per call. */
const LAST_USE_RESOLUTION_SECONDS = 60;

export interface ApiKeyRow {
  id: string;
  name: string;
  prefix: string;
  scopes: ApiKeyScope[];
  createdAt: Date;
  lastUsedAt: Date | null;
  lastUsedIp: string | null;
}

/** Who a valid key acts for, and what it may do. */
export interface ApiKeyPrincipal {
  keyId: string;
  userId: string;
  scopes: ApiKeyScope[];
}

export type CreateKeyResult = { ok: true; key: string; row: ApiKeyRow } | { ok: false; reason: 'limit' | 'no-account' };

function hashKey(key: string): Buffer {
  return createHash('sha256').update(key).digest();
}

/** Whether a string has the shape of one of our keys (anything else is refused without a query). */
function looksLikeKey(key: string): boolean {
  return key.startsWith(KEY_PREFIX) && key.length === KEY_PREFIX.length + 43 && /^[A-Za-z0-9_-]+$/.test(key.slice(KEY_PREFIX.length));
}

const columns = ['id', 'name', 'prefix', 'scopes', 'created_at', 'last_used_at', 'last_used_ip'] as const;

function toRow(row: { id: string; name: string; prefix: string; scopes: ApiKeyScope[]; created_at: Date; last_used_at: Date | null; last_used_ip: string | null }): ApiKeyRow {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    createdAt: new Date(row.created_at),
    lastUsedAt: row.last_used_at === null ? null : new Date(row.last_used_at),
    lastUsedIp: row.last_used_ip,
  };
}

export function createApiKeys(db: Kysely<Schema>) {
  return {
    /** The account's keys that still work, oldest first. */
    async list(userId: string): Promise<ApiKeyRow[]> {
      const rows = await db.selectFrom('api_keys').select(columns).where('user_id', '=', userId).where('revoked_at', 'is', null).orderBy('created_at').orderBy('id').execute();
      return rows.map(toRow);
    },

    /**
     * A new key (name and scopes already checked). The account row is locked while counting, so two
     * creations at once cannot take an account past the limit.
     */
    async create(userId: string, name: string, scopes: readonly ApiKeyScope[]): Promise<CreateKeyResult> {
      const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
      return db.transaction().execute(async (trx) => {
        const owner = await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
        if (!owner) return { ok: false, reason: 'no-account' } as const;
        const held = await trx
          .selectFrom('api_keys')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .where('revoked_at', 'is', null)
          .executeTakeFirstOrThrow();
        if (Number(held.n) >= API_KEY_LIMIT) return { ok: false, reason: 'limit' } as const;
        const ordered = (['read', 'buy', 'manage'] as const).filter((scope) => scopes.includes(scope));
        const row = await trx
          .insertInto('api_keys')
          .values({ user_id: userId, name, prefix: key.slice(0, SHOWN_CHARACTERS), key_hash: hashKey(key), scopes: ordered })
          .returning(columns)
          .executeTakeFirstOrThrow();
        return { ok: true, key, row: toRow(row) } as const;
      });
    },

    /** Revokes one of the account's keys; false when it is not theirs or already revoked. */
    async revoke(userId: string, keyId: string): Promise<boolean> {
      const result = await db
        .updateTable('api_keys')
        .set({ revoked_at: new Date() })
        .where('id', '=', keyId)
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** The key's owner and scopes, or null for a key that is unknown or revoked; notes the last use. */
    async authenticate(key: string, address: string): Promise<ApiKeyPrincipal | null> {
      if (!looksLikeKey(key)) return null;
      const row = await db
        .selectFrom('api_keys')
        .select(['id', 'user_id', 'scopes', sql<boolean>`last_used_at is null or last_used_at < now() - make_interval(secs => ${LAST_USE_RESOLUTION_SECONDS}) or last_used_ip is distinct from ${address}`.as('stale')])
        .where('key_hash', '=', hashKey(key))
        .where('revoked_at', 'is', null)
        // A disabled account's keys are refused with it (src/operator/customers.ts).
        .where((eb) => eb.not(eb.exists(eb.selectFrom('users').select('users.id').whereRef('users.id', '=', 'api_keys.user_id').where('users.disabled_at', 'is not', null))))
        .executeTakeFirst();
      if (!row) return null;
      if (row.stale) {
        await db.updateTable('api_keys').set({ last_used_at: new Date(), last_used_ip: address }).where('id', '=', row.id).execute();
      }
      return { keyId: row.id, userId: row.user_id, scopes: row.scopes };
    },
  };
}

export type ApiKeys = ReturnType<typeof createApiKeys>;

// 2-step verification with an authenticator app: RFC 6238 TOTP (SHA-1, 6 digits, 30-second steps, the
// settings every authenticator app reads from a QR code) through the otpauth library.
//
// - Setup stores a new secret, sealed (secret-box.ts), as a pending row; it is shown to the customer once,
//   in the setup answer, and never again. Enabling needs a valid code from that secret.
// - A code is accepted one step either side of now (clock drift) and only for a time step later than the
//   last accepted one, so a code seen over a shoulder or in a log cannot be replayed.
// - Ten recovery codes are made when enabling and shown once; only their SHA-256 is kept; each works once.
import { createHash, randomInt } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import { TOTP_CODE_PATTERN } from 'contract/account-rules';
import type { Schema } from '../db/schema.ts';
import type { SecretBox } from './secret-box.ts';

export const TOTP_SETTINGS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
/** Steps accepted either side of the current one. */
export const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;

/** Unambiguous lowercase letters and digits (no 0/o, 1/l/i): easy to copy from paper. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export interface TwoFactorSetup {
  secret: string;
  otpauthUrl: string;
}

export type SetupResult = ({ ok: true } & TwoFactorSetup) | { ok: false; reason: 'already-enabled' };
export type EnableResult = { ok: true; recoveryCodes: string[] } | { ok: false; reason: 'no-setup' | 'already-enabled' | 'wrong-code' };
export type VerifyResult = { ok: true; method: 'totp' | 'recovery' } | { ok: false; reason: 'not-enabled' | 'wrong-code' };

export interface TwoFactorOptions {
  issuer: string;
  /** Milliseconds since the epoch; tests pin it. */
  now?: () => number;
}

type Executor = Kysely<Schema> | Transaction<Schema>;

function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

/** What a customer typed as a recovery code, in stored form: case, spaces and dashes do not matter. */
function normalizeRecoveryCode(input: string): string {
  return input.toLowerCase().replace(/[\s-]/g, '');
}

function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

export function createTwoFactor(db: Kysely<Schema>, box: SecretBox, options: TwoFactorOptions) {
  const now = options.now ?? Date.now;

  /** The time step a code matches, or null. */
  function matchingStep(secretBase32: string, code: string): number | null {
    if (!TOTP_CODE_PATTERN.test(code)) return null;
    const timestamp = now();
    const delta = TOTP.validate({ token: code, secret: Secret.fromBase32(secretBase32), ...TOTP_SETTINGS, timestamp, window: TOTP_WINDOW });
    return delta === null ? null : TOTP.counter({ period: TOTP_SETTINGS.period, timestamp }) + delta;
  }

  /** Accepts a code of the account's enabled secret once: its step must come after the last accepted one. */
  async function acceptTotp(executor: Executor, userId: string, code: string): Promise<boolean> {
    const row = await executor.selectFrom('two_factor').select('secret_box').where('user_id', '=', userId).where('enabled_at', 'is not', null).executeTakeFirst();
    const secret = row ? box.open(row.secret_box, userId) : null;
    const step = secret === null ? null : matchingStep(secret, code);
    if (step === null) return false;
    // The condition and the write are one statement: of two requests racing with the same code, one wins.
    const updated = await executor
      .updateTable('two_factor')
      .set({ last_used_step: step })
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
      .returning('user_id')
      .executeTakeFirst();
    return updated !== undefined;
  }

  async function acceptRecoveryCode(executor: Executor, userId: string, input: string): Promise<boolean> {
    const code = normalizeRecoveryCode(input);
    if (code.length !== 10) return false;
    const used = await executor
      .updateTable('recovery_codes')
      .set({ used_at: new Date(now()) })
      .where('user_id', '=', userId)
      .where('code_hash', '=', hashRecoveryCode(`${code.slice(0, 5)}-${code.slice(5)}`))
      .where('used_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    return used !== undefined;
  }

  return {
    async status(userId: string): Promise<{ enabled: boolean; recoveryCodesLeft: number }> {
      const row = await db.selectFrom('two_factor').select('enabled_at').where('user_id', '=', userId).executeTakeFirst();
      const enabled = Boolean(row?.enabled_at);
      if (!enabled) return { enabled, recoveryCodesLeft: 0 };
      const left = await db
        .selectFrom('recovery_codes')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .executeTakeFirstOrThrow();
      return { enabled, recoveryCodesLeft: Number(left.count) };
    },

    /** A new secret for the authenticator app; replaces an unfinished setup, never an enabled one. */
    async beginSetup(userId: string, accountName: string): Promise<SetupResult> {
      const existing = await db.selectFrom('two_factor').select('enabled_at').where('user_id', '=', userId).executeTakeFirst();
      if (existing?.enabled_at) return { ok: false, reason: 'already-enabled' };
      const secret = new Secret({ size: 20 }).base32;
      const totp = new TOTP({ issuer: options.issuer, label: accountName, secret, ...TOTP_SETTINGS });
      const sealed = box.seal(secret, userId);
      await db
        .insertInto('two_factor')
        .values({ user_id: userId, secret_box: sealed })
        .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ secret_box: sealed, last_used_step: null }).where('two_factor.enabled_at', 'is', null))
        .execute();
      return { ok: true, secret, otpauthUrl: totp.toString() };
    },

    /** Turns 2-step verification on with a code from the pending secret; answers the recovery codes, once. */
    async enable(userId: string, code: string): Promise<EnableResult> {
      return db.transaction().execute(async (trx): Promise<EnableResult> => {
        const row = await trx.selectFrom('two_factor').select(['secret_box', 'enabled_at']).where('user_id', '=', userId).forUpdate().executeTakeFirst();
        if (!row) return { ok: false, reason: 'no-setup' };
        if (row.enabled_at) return { ok: false, reason: 'already-enabled' };
        const secret = box.open(row.secret_box, userId);
        if (secret === null) return { ok: false, reason: 'no-setup' };
        const step = matchingStep(secret, code);
        if (step === null) return { ok: false, reason: 'wrong-code' };
        await trx.updateTable('two_factor').set({ enabled_at: new Date(now()), last_used_step: step }).where('user_id', '=', userId).execute();
        const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
        await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
        await trx
          .insertInto('recovery_codes')
          .values(recoveryCodes.map((recoveryCode) => ({ user_id: userId, code_hash: hashRecoveryCode(recoveryCode), used_at: null })))
          .execute();
        return { ok: true, recoveryCodes };
      });
    },

    /**
     * Checks a second factor of an enabled account: an authenticator code, or an unused recovery code. The
     * code is used up through `executor`: inside a transaction, it stays unused if that is rolled back.
     */
    async verify(userId: string, input: string, executor: Executor = db): Promise<VerifyResult> {
      const code = input.trim();
      const row = await executor.selectFrom('two_factor').select('enabled_at').where('user_id', '=', userId).executeTakeFirst();
      if (!row?.enabled_at) return { ok: false, reason: 'not-enabled' };
      if (TOTP_CODE_PATTERN.test(code)) return (await acceptTotp(executor, userId, code)) ? { ok: true, method: 'totp' } : { ok: false, reason: 'wrong-code' };
      return (await acceptRecoveryCode(executor, userId, code)) ? { ok: true, method: 'recovery' } : { ok: false, reason: 'wrong-code' };
    },

    async isEnabled(userId: string): Promise<boolean> {
      const row = await db.selectFrom('two_factor').select('enabled_at').where('user_id', '=', userId).executeTakeFirst();
      return Boolean(row?.enabled_at);
    },

    async disable(userId: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('two_factor').where('user_id', '=', userId).execute();
        await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
      });
    },
  };
}

export type TwoFactor = ReturnType<typeof createTwoFactor>;

// Password hashing: argon2id with the configured cost (OWASP: m = 19 MiB, t = 2, p = 1). The algorithm is
// @node-rs/argon2's default (argon2id); the parameters travel inside each hash, so raising them later still
// verifies old hashes.
import { hash, verify } from '@node-rs/argon2';
import type { Argon2Params } from '../config.ts';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** Also for unknown users (against a dummy hash), so response time does not reveal whether a name exists. */
  verify(passwordHash: string | null, password: string): Promise<boolean>;
}

export function createPasswordHasher(params: Argon2Params): PasswordHasher {
  const options = { memoryCost: params.memoryCost, timeCost: params.timeCost, parallelism: params.parallelism };
  let dummyHash: Promise<string> | null = null;
  return {
    hash: (password) => hash(password, options),
    async verify(passwordHash, password) {
      if (passwordHash === null) {
        dummyHash ??= hash('no account has this password', options);
        await verify(await dummyHash, password);
        return false;
      }
      return verify(passwordHash, password);
    },
  };
}

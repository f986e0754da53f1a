// API keys of the account's "API" tab (/api/account/api-keys) on the wire (the rules and words: api-key-rules).
import Type, { type Static } from 'typebox';
import { PASSWORD_MAX_LENGTH } from 'contract/limits';

export const ApiKeyScopeSchema = Type.Union([Type.Literal('read'), Type.Literal('buy'), Type.Literal('manage')]);

export const ApiKeyItem = Type.Object({
  id: Type.String(),
  name: Type.String(),
  /** The first characters of the key, to tell keys apart. */
  prefix: Type.String(),
  scopes: Type.Array(ApiKeyScopeSchema),
  createdAt: Type.String(),
  lastUsedAt: Type.Union([Type.String(), Type.Null()]),
  lastUsedIp: Type.Union([Type.String(), Type.Null()]),
});
export type ApiKeyItem = Static<typeof ApiKeyItem>;

export const ApiKeysResponse = Type.Object({ keys: Type.Array(ApiKeyItem), limit: Type.Integer() });
export type ApiKeysResponse = Static<typeof ApiKeysResponse>;

export const CreateApiKeyRequest = Type.Object({
  name: Type.String({ maxLength: 200 }),
  scopes: Type.Array(ApiKeyScopeSchema, { maxItems: 3 }),
  password: Type.String({ maxLength: PASSWORD_MAX_LENGTH }),
  /** The authenticator (or recovery) code, required when 2-step verification is on. */
  code: Type.Optional(Type.String({ maxLength: 32 })),
});
export type CreateApiKeyRequest = Static<typeof CreateApiKeyRequest>;

/** The key itself is in this answer only; the server keeps its hash. */
export const CreateApiKeyResponse = Type.Object({ message: Type.String(), key: Type.String(), item: ApiKeyItem });
export type CreateApiKeyResponse = Static<typeof CreateApiKeyResponse>;

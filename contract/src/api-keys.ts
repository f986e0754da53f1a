// API keys of the account's "API" tab (/api/account/api-keys) on the wire, and the words both sides show.
import Type, { type Static } from 'typebox';
import { PASSWORD_MAX_LENGTH } from 'contract/limits';

export const API_KEY_SCOPES = ['read', 'buy', 'manage'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
/** Keys one account may hold at once (revoked ones do not count). */
export const API_KEY_LIMIT = 20;
export const API_KEY_NAME_MAX_LENGTH = 60;

export const apiKeyMessages = {
  nameRequired: 'Give the key a name.',
  nameTooLong: `A key name is at most ${API_KEY_NAME_MAX_LENGTH} characters.`,
  scopesRequired: 'Choose at least one scope.',
  limitReached: `An account holds at most ${API_KEY_LIMIT} API keys. Revoke one first.`,
  created: 'API key created. Copy it now: it is not shown again.',
  revoked: 'API key revoked.',
  notFound: 'No such API key.',
  /** Shown in the tab and the README: what ends a key and what does not. */
  lifetime:
    'Keys are not a browser session: signing in elsewhere does not end them and changing your password does not revoke them. Revoke a key here when it may have leaked.',
} as const;

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

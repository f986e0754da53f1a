// API keys: their scopes, how many an account holds, and the words the API and the API tab both show.

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
  /** Shown in the tab and in docs/public-api.md: what ends a key and what does not. */
  lifetime:
    'Keys are not a browser session: signing in elsewhere does not end them and changing your password does not revoke them. Revoke a key here when it may have leaked.',
} as const;


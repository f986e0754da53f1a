// Browser storage keys of the session: token and userId are kept as plain strings.
export const TOKEN_KEY = 'token';
export const USER_ID_KEY = 'userId';

export interface StoredSession {
  token: string;
  userId: string;
}

export function readStoredSession(): StoredSession | null {
  try {
    const token = localStorage.getItem(TOKEN_KEY);
    const userId = localStorage.getItem(USER_ID_KEY);
    return token && userId ? { token, userId } : null;
  } catch {
    return null;
  }
}

/**
 * The server gives canaries per account (docs/releases.md): pages and /remotes.json carry no session,
 * so the account's id (nothing more) goes in this cookie, from sign-in to sign-out.
 */
export const ACCOUNT_COOKIE = 'ps5_account';

export function rememberAccountForServer(userId: string | null): void {
  try {
    const secure = window.location.protocol === 'https:' ? '; secure' : '';
    document.cookie = userId
      ? `${ACCOUNT_COOKIE}=${encodeURIComponent(userId)}; path=/; max-age=31536000; samesite=lax${secure}`
      : `${ACCOUNT_COOKIE}=; path=/; max-age=0; samesite=lax${secure}`;
  } catch {
    // Cookies blocked: the customer is a visitor for the canaries.
  }
}

export function writeStoredSession(session: StoredSession): void {
  localStorage.setItem(TOKEN_KEY, session.token);
  localStorage.setItem(USER_ID_KEY, session.userId);
  rememberAccountForServer(session.userId);
}

export function clearStoredSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_ID_KEY);
  rememberAccountForServer(null);
}

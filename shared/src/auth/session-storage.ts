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

export function writeStoredSession(session: StoredSession): void {
  localStorage.setItem(TOKEN_KEY, session.token);
  localStorage.setItem(USER_ID_KEY, session.userId);
}

export function clearStoredSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_ID_KEY);
}

import { atom } from 'jotai';

/** The auth modal shows login, register, forgotPassword or nothing. Owned by the shell, opened from anywhere. */
export type AuthDialog = 'login' | 'register' | 'forgotPassword' | 'closed';

export const authDialogAtom = atom<AuthDialog>('closed');

/** Where a visitor goes after logging in: the protected route they came from, default /dashboard. */
export const DEFAULT_AFTER_LOGIN = '/dashboard';
export const returnToAtom = atom<string>(DEFAULT_AFTER_LOGIN);

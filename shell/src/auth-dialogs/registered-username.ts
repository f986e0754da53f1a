import { atom } from 'jotai';

/** The user name just registered: the login dialog that follows starts with it filled in. */
export const registeredUsernameAtom = atom('');

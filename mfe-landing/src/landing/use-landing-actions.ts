import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { isAuthenticatedAtom } from 'shared/auth/auth-atoms';
import { authDialogAtom } from 'shared/auth/auth-dialog-atoms';
import { scrollToSection } from '../scroll/smooth-scroll';
import { NAV_HEIGHT_PX } from './landing-sections';

/** What the landing page's buttons do: open the shell's dialogs, end the session, scroll to a section. */
export function useLandingActions() {
  const setDialog = useSetAtom(authDialogAtom);
  const signedIn = useAtomValue(isAuthenticatedAtom);
  return {
    signedIn,
    openLogin: useCallback(() => setDialog('login'), [setDialog]),
    openRegister: useCallback(() => setDialog('register'), [setDialog]),
    // The API client comes with the first logout: a visitor's landing page does not need it.
    logout: useCallback(() => void import('shared/auth/end-session').then(({ endSession }) => endSession()), []),
    scrollTo: useCallback((id: string) => scrollToSection(id, { offset: NAV_HEIGHT_PX }), []),
  };
}

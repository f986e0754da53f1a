import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useSnackbar } from 'shared/ui/toasts';
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'shared/routing/router';
import { authDialogAtom, DEFAULT_AFTER_LOGIN, returnToAtom } from 'shared/auth/auth-dialog-atoms';
import { isAuthenticatedAtom, signedOutReasonAtom } from 'shared/auth/auth-atoms';
import { IDLE_SIGN_OUT_MESSAGE, takeIdleSignOut } from '../session/idle-sign-out';

export const LOGIN_REQUIRED_MESSAGE = 'You must log in to access this page.';

/**
 * Guard: without a session a protected route toasts, opens the login dialog and sends the visitor
 * to `/`; the route they asked for is kept so a login brings them back to it.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const signedIn = useAtomValue(isAuthenticatedAtom);
  const location = useLocation();
  const setDialog = useSetAtom(authDialogAtom);
  const [returnTo, setReturnTo] = useAtom(returnToAtom);
  const signedOutReason = useAtomValue(signedOutReasonAtom);
  const { enqueueSnackbar } = useSnackbar();

  useEffect(() => {
    // Arrived: the remembered route has served its purpose, and the next login starts from the default.
    if (signedIn && returnTo !== DEFAULT_AFTER_LOGIN) setReturnTo(DEFAULT_AFTER_LOGIN);
  }, [signedIn, returnTo, setReturnTo]);

  useEffect(() => {
    if (signedIn) return;
    setReturnTo(`${location.pathname}${location.search}`);
    setDialog('login');
    // A session ended by a login elsewhere says so; one ended for inactivity says that before the general message.
    const idle = takeIdleSignOut();
    const message = signedOutReason ?? (idle ? `${IDLE_SIGN_OUT_MESSAGE} ${LOGIN_REQUIRED_MESSAGE}` : LOGIN_REQUIRED_MESSAGE);
    enqueueSnackbar(message, { variant: 'warning', preventDuplicate: true });
  }, [signedIn, signedOutReason, location.pathname, location.search, setDialog, setReturnTo, enqueueSnackbar]);

  if (!signedIn) return <Navigate to="/" replace />;
  return children;
}

import { useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';
import { authDialogAtom } from 'shared/auth/auth-dialog-atoms';

const loadAuthDialog = () => import('./auth-dialog');
const AuthDialog = lazy(loadAuthDialog);

/**
 * Fetches the dialog's code ahead of the click that needs it (pointer over or focus on a control): a
 * visitor who never opens a dialog never downloads the forms, and one who does finds them ready.
 */
export function prefetchAuthDialogOnIntent(target: Window = window): () => void {
  const events = ['pointerover', 'focusin', 'touchstart'] as const;
  const prefetch = () => {
    stop();
    void loadAuthDialog().catch(() => undefined);
  };
  function stop() {
    for (const event of events) target.removeEventListener(event, prefetch);
  }
  for (const event of events) target.addEventListener(event, prefetch, { passive: true });
  return stop;
}

/** The auth modal (login, register, forgot password), mounted while one is open. */
export function AuthDialogs() {
  const dialog = useAtomValue(authDialogAtom);
  if (dialog === 'closed') return null;
  return (
    <Suspense fallback={null}>
      <AuthDialog dialog={dialog} />
    </Suspense>
  );
}

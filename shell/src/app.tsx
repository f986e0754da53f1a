import { useAtomValue } from 'jotai';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { isAuthenticatedAtom } from 'shared/auth/auth-atoms';
import { BrowserRouter } from 'shared/routing/router';
import { BuildLabel } from 'shared/ui/build-label';
import { PortalProviders } from 'shared/ui/portal-providers';
import { AuthDialogs } from './auth-dialogs/auth-dialogs';
import { AppRoutes } from './routing/app-routes';

// The realtime socket, the inactivity logout and the prefetch of the next pages run for a signed-in
// customer only: a visitor's first page does not download them (nor the query and toast code they use).
const SessionEffects = lazy(() => import('./session/session-effects').then((m) => ({ default: m.SessionEffects })));

function SignedInEffects() {
  const signedIn = useAtomValue(isAuthenticatedAtom);
  if (!signedIn) return null;
  return (
    <Suspense fallback={null}>
      <SessionEffects />
    </Suspense>
  );
}

/** The browser's router, or a fixed location when the landing page is rendered at build time. */
type Router = ComponentType<{ children: ReactNode }>;

export function App({ router: Router = BrowserRouter }: { router?: Router }) {
  return (
    <PortalProviders>
      <Router>
        <SignedInEffects />
        <AppRoutes />
        <AuthDialogs />
        {/* The shell's build next to each remote's: a redeployed remote shows a new label under the same shell.
            Rendered at start-up, this is also the copy every remote's page label uses. */}
        <BuildLabel app={__APP_NAME__} label={__BUILD_LABEL__} />
      </Router>
    </PortalProviders>
  );
}

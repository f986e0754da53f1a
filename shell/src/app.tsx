import type { ComponentType, ReactNode } from 'react';
import { BrowserRouter } from 'shared/routing/router';
import { AppProviders } from 'shared/ui/app-providers';
import { AuthDialogs } from './auth-dialogs/auth-dialogs';
import { AppRoutes } from './routing/app-routes';
import { SessionEffects } from './session/session-effects';

/** The browser's router, or a fixed location when the landing page is rendered at build time. */
type Router = ComponentType<{ children: ReactNode }>;

export function App({ router: Router = BrowserRouter }: { router?: Router }) {
  return (
    <AppProviders>
      <Router>
        <SessionEffects />
        <AppRoutes />
        <AuthDialogs />
      </Router>
    </AppProviders>
  );
}

import { BrowserRouter } from 'shared/routing/router';
import { AppProviders } from 'shared/ui/app-providers';
import { AuthDialogs } from './auth-dialogs/auth-dialogs';
import { AppRoutes } from './routing/app-routes';
import { SessionEffects } from './session/session-effects';

export function App() {
  return (
    <AppProviders>
      <BrowserRouter>
        <SessionEffects />
        <AppRoutes />
        <AuthDialogs />
      </BrowserRouter>
    </AppProviders>
  );
}

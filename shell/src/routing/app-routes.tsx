import { useAtomValue } from 'jotai';
import { lazy, Suspense, type ReactNode } from 'react';
import { isAuthenticatedAtom } from 'shared/auth/auth-atoms';
import { returnToAtom } from 'shared/auth/auth-dialog-atoms';
import { Navigate, Route, Routes } from 'shared/routing/router';
import { PortalTheme } from 'shared/ui/portal-providers';
import { loadPortalLayout } from '../layout/load-portal-layout';
import { RemotePage } from '../remotes/remote-page';
import { replayEarlyClicks } from './landing-clicks';
import { RequireAuth } from './require-auth';
import { LANDING_MODULE, operatorPages, protectedPages, publicPages } from './route-modules';

// The portal's frame (top bar, navigation, user summary) and the 404 page are not part of the landing
// page: a visitor's first load does not download them.
const PortalLayout = lazy(() => loadPortalLayout().then((m) => ({ default: m.PortalLayout })));
const NotFoundPage = lazy(() => import('../pages/not-found-page').then((m) => ({ default: m.NotFoundPage })));
// Staff pages' guard and 403 page: not on a customer's path until they open one.
const RequireOperator = lazy(() => import('./require-operator'));

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}

function LandingRoute() {
  const signedIn = useAtomValue(isAuthenticatedAtom);
  // /dashboard unless a login is on its way back to the protected page the visitor asked for: the login
  // dialog sits on this page, so this redirect and the dialog's own navigation must agree.
  const returnTo = useAtomValue(returnToAtom);
  if (signedIn) return <Navigate to={returnTo} replace />;
  return (
    <PortalTheme forcedMode="light">
      <RemotePage module={LANDING_MODULE} onShown={replayEarlyClicks} />
    </PortalTheme>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<LandingRoute />} />
      <Route
        element={
          <Lazy>
            <PortalLayout />
          </Lazy>
        }
      >
        {publicPages.map(({ path, module }) => (
          <Route key={path} path={path} element={<RemotePage module={module} />} />
        ))}
        {/* Inside the frame: a wrong address still shows the logo, the top bar and the way home. */}
        <Route
          path="*"
          element={
            <Lazy>
              <NotFoundPage />
            </Lazy>
          }
        />
      </Route>
      <Route
        element={
          <RequireAuth>
            <Lazy>
              <PortalLayout />
            </Lazy>
          </RequireAuth>
        }
      >
        {protectedPages.map(({ path, module }) => (
          <Route key={path} path={path} element={<RemotePage module={module} />} />
        ))}
        {operatorPages.map(({ path, module }) => (
          <Route
            key={path}
            path={path}
            element={
              <Lazy>
                <RequireOperator>
                  <RemotePage module={module} />
                </RequireOperator>
              </Lazy>
            }
          />
        ))}
      </Route>
    </Routes>
  );
}

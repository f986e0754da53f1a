import { useAtomValue } from 'jotai';
import { Navigate, Route, Routes } from 'react-router';
import { isAuthenticatedAtom } from 'shared/auth/auth-atoms';
import { returnToAtom } from 'shared/auth/auth-dialog-atoms';
import { PortalTheme } from 'shared/ui/app-providers';
import { PortalLayout } from '../layout/portal-layout';
import { NotFoundPage } from '../pages/not-found-page';
import { RemotePage } from '../remotes/remote-page';
import { RequireAuth } from './require-auth';
import remotesManifest from '../../../remotes.manifest.json';

type Access = 'visitor' | 'signed-in' | 'public';

/** The routes every remote serves, from the workspace's remotes manifest; each page is an exposed module. */
const manifestRoutes = remotesManifest.remotes.flatMap(({ name, routes }) =>
  routes.map(({ path, module, access }) => ({ path, module: `${name}/${module}`, access: access as Access })),
);
const routesWith = (access: Access) => manifestRoutes.filter((route) => route.access === access);

/** Pages behind sign-in: a visitor is sent to the landing page with the login dialog. */
const protectedPages = routesWith('signed-in');
/** Pages anyone may open, e.g. the emailed reset-password link, which works for a signed-out visitor. */
const publicPages = routesWith('public');
const visitorHome = routesWith('visitor').find((route) => route.path === '/');
if (!visitorHome) throw new Error('remotes.manifest.json names no visitor page for /');
const landingModule = visitorHome.module;

function LandingRoute() {
  const signedIn = useAtomValue(isAuthenticatedAtom);
  // /dashboard unless a login is on its way back to the protected page the visitor asked for: the login
  // dialog sits on this page, so this redirect and the dialog's own navigation must agree.
  const returnTo = useAtomValue(returnToAtom);
  if (signedIn) return <Navigate to={returnTo} replace />;
  return (
    <PortalTheme forcedMode="light">
      <RemotePage module={landingModule} />
    </PortalTheme>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<LandingRoute />} />
      <Route element={<PortalLayout />}>
        {publicPages.map(({ path, module }) => (
          <Route key={path} path={path} element={<RemotePage module={module} />} />
        ))}
      </Route>
      <Route
        element={
          <RequireAuth>
            <PortalLayout />
          </RequireAuth>
        }
      >
        {protectedPages.map(({ path, module }) => (
          <Route key={path} path={path} element={<RemotePage module={module} />} />
        ))}
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

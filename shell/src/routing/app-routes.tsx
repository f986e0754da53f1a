import { useAtomValue } from 'jotai';
import { Navigate, Route, Routes } from 'react-router';
import { isAuthenticatedAtom } from 'shared/auth/auth-atoms';
import { returnToAtom } from 'shared/auth/auth-dialog-atoms';
import { PortalTheme } from 'shared/ui/app-providers';
import { PortalLayout } from '../layout/portal-layout';
import { NotFoundPage } from '../pages/not-found-page';
import { RemotePage } from '../remotes/remote-page';
import { RequireAuth } from './require-auth';

/** SPEC §2 route table; each page is an exposed module of its remote, loaded at runtime. */
export const protectedPages = [
  { path: '/dashboard', module: 'marketplace/DashboardPage' },
  { path: '/history', module: 'history/HistoryPage' },
  { path: '/support/*', module: 'support/SupportPage' },
  { path: '/terms-and-conditions', module: 'landing/TermsPage' },
  { path: '/payments', module: 'payments/PaymentsPage' },
  { path: '/user-profile', module: 'account/UserProfilePage' },
  { path: '/reset-password', module: 'account/ResetPasswordPage' },
] as const;

function LandingRoute() {
  const signedIn = useAtomValue(isAuthenticatedAtom);
  // /dashboard unless a login is on its way back to the protected page the visitor asked for: the login
  // dialog sits on this page, so this redirect and the dialog's own navigation must agree.
  const returnTo = useAtomValue(returnToAtom);
  if (signedIn) return <Navigate to={returnTo} replace />;
  return (
    <PortalTheme forcedMode="light">
      <RemotePage module="landing/LandingPage" />
    </PortalTheme>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<LandingRoute />} />
      {/* ARCHITECTURE decision 2: the emailed reset link works for a signed-out visitor. */}
      <Route element={<PortalLayout />}>
        <Route path="/reset-password/:token" element={<RemotePage module="account/ResetPasswordPage" />} />
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

import { Route, Routes } from 'shared/routing/router';
import { mountDevHarness } from 'shared/ui/dev-harness';
import UserProfilePage from './user-profile-page';
import ResetPasswordPage from './reset-password-page';

mountDevHarness(
  'mfe-account',
  <Routes>
    <Route path="/user-profile" element={<UserProfilePage />} />
    <Route path="/reset-password/:token?" element={<ResetPasswordPage />} />
  </Routes>,
);

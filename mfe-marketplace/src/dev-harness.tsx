import { Route, Routes } from 'shared/routing/router';
import { mountDevHarness } from 'shared/ui/dev-harness';
import DashboardPage from './dashboard-page';

mountDevHarness(
  'mfe-marketplace',
  <Routes>
    <Route path="/dashboard" element={<DashboardPage />} />
  </Routes>,
);

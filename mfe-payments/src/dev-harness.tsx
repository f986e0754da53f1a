import { Route, Routes } from 'shared/routing/router';
import { mountDevHarness } from 'shared/ui/dev-harness';
import PaymentsPage from './payments-page';

mountDevHarness(
  'mfe-payments',
  <Routes>
    <Route path="/payments" element={<PaymentsPage />} />
  </Routes>,
);

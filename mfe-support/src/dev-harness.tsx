import { Route, Routes } from 'shared/routing/router';
import { mountDevHarness } from 'shared/ui/dev-harness';
import SupportPage from './support-page';

mountDevHarness(
  'mfe-support',
  <Routes>
    <Route path="/support/*" element={<SupportPage />} />
  </Routes>,
);

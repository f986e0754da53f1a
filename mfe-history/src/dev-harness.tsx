import { Route, Routes } from 'shared/routing/router';
import { mountDevHarness } from 'shared/ui/dev-harness';
import HistoryPage from './history-page';

mountDevHarness(
  'mfe-history',
  <Routes>
    <Route path="/history" element={<HistoryPage />} />
  </Routes>,
);

import { Route, Routes } from 'shared/routing/router';
import { mountDevHarness } from 'shared/ui/dev-harness';
import OperatorPage from './operator-page';

mountDevHarness(
  'mfe-operator',
  <Routes>
    <Route path="/operator/*" element={<OperatorPage />} />
  </Routes>,
);

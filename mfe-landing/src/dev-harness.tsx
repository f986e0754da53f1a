import { Route, Routes } from 'shared/routing/router';
import { mountDevHarness } from 'shared/ui/dev-harness';
import LandingPage from './landing-page';
import TermsPage from './terms/terms-page';

mountDevHarness(
  'mfe-landing',
  <Routes>
    <Route path="/" element={<LandingPage />} />
    <Route path="/terms-and-conditions" element={<TermsPage />} />
  </Routes>,
);

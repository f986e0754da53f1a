import { Box } from '@mui/material';
import { BuildLabel } from 'shared/ui/build-label';
import { FeaturesSection } from './landing/features-section';
import { HeroSection } from './landing/hero-section';
import { LandingFooter } from './landing/landing-footer';
import { LandingNav } from './landing/landing-nav';
import { OffersSection } from './landing/offers-section';
import { PaymentsSection } from './landing/payments-section';

/** Landing page (`/`, light theme): navigation, hero, features, offers, payments & prices, footer. */
export default function LandingPage() {
  return (
    <Box sx={{ bgcolor: 'background.default', color: 'text.primary', minHeight: '100vh', overflowX: 'clip' }}>
      <LandingNav />
      <Box component="main">
        <HeroSection />
        <FeaturesSection />
        <OffersSection />
        <PaymentsSection />
      </Box>
      <LandingFooter />
      <Box sx={{ bgcolor: '#111733', '& p': { color: '#c9d1f5' } }}>
        <BuildLabel app={__APP_NAME__} label={__BUILD_LABEL__} />
      </Box>
    </Box>
  );
}

import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { BuildLabel } from 'shared/ui/build-label';
import { FeaturesSection } from './landing/features-section';
import { HeroSection } from './landing/hero-section';
import { LandingFooter } from './landing/landing-footer';
import { LandingNav } from './landing/landing-nav';
import { OffersSection } from './landing/offers-section';
import { PaymentsSection } from './landing/payments-section';

/** Section heights (px) as measured at each breakpoint: where a section will be before it is first laid out. */
type HeightEstimate = { xs: number; sm: number; md: number; lg: number };

/**
 * A section below the hero, laid out and painted by the browser only once it nears the screen: a phone
 * opening `/` sees the hero, and laying out the whole page before showing it was most of the first paint's
 * work. `auto` keeps a section's real height once it has been shown; until then the estimate stands in.
 */
function BelowTheFold({ estimate, children }: { estimate: HeightEstimate; children: ReactNode }) {
  const containIntrinsicSize = Object.fromEntries(Object.entries(estimate).map(([key, px]) => [key, `auto ${px}px`]));
  return <Box sx={{ contentVisibility: 'auto', containIntrinsicSize }}>{children}</Box>;
}

/** Landing page (`/`, light theme): navigation, hero, features, offers, payments & prices, footer. */
export default function LandingPage() {
  return (
    <Box sx={{ bgcolor: 'background.default', color: 'text.primary', minHeight: '100vh', overflowX: 'clip' }}>
      <LandingNav />
      <Box component="main">
        <HeroSection />
        <BelowTheFold estimate={{ xs: 1950, sm: 1270, md: 1120, lg: 870 }}>
          <FeaturesSection />
        </BelowTheFold>
        <BelowTheFold estimate={{ xs: 1090, sm: 1095, md: 880, lg: 780 }}>
          <OffersSection />
        </BelowTheFold>
        <BelowTheFold estimate={{ xs: 1030, sm: 860, md: 760, lg: 715 }}>
          <PaymentsSection />
        </BelowTheFold>
      </Box>
      <BelowTheFold estimate={{ xs: 700, sm: 500, md: 336, lg: 336 }}>
        <LandingFooter />
      </BelowTheFold>
      <Box sx={{ bgcolor: '#111733', '& p': { color: '#c9d1f5' } }}>
        <BuildLabel app={__APP_NAME__} label={__BUILD_LABEL__} />
      </Box>
    </Box>
  );
}

import { createConfig } from 'webpack-config';

export default createConfig({
  name: 'landing',
  dir: import.meta.dirname,
  exposes: {
    './LandingPage': './src/landing-page.tsx',
    './TermsPage': './src/terms/terms-page.tsx',
  },
});

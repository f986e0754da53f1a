import { createConfig } from 'webpack-config';

export default createConfig({
  name: 'support',
  dir: import.meta.dirname,
  exposes: {
    './SupportPage': './src/support-page.tsx',
  },
});

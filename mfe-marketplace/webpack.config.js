import { createConfig } from 'webpack-config';

export default createConfig({
  name: 'marketplace',
  dir: import.meta.dirname,
  exposes: {
    './DashboardPage': './src/dashboard-page.tsx',
  },
});

import { createConfig } from 'webpack-config';

export default createConfig({
  name: 'payments',
  dir: import.meta.dirname,
  exposes: {
    './PaymentsPage': './src/payments-page.tsx',
  },
});

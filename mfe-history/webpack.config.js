import { createConfig } from 'webpack-config';

export default createConfig({
  name: 'history',
  dir: import.meta.dirname,
  exposes: {
    './HistoryPage': './src/history-page.tsx',
  },
});

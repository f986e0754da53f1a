import { createConfig } from 'webpack-config';

export default createConfig({ name: 'shell', dir: import.meta.dirname });

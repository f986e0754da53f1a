// The exposed modules and the dev port are listed in remotes.manifest.json at the repo root.
import { createConfig } from 'webpack-config';

export default createConfig({
  name: 'operator',
  dir: import.meta.dirname,
});

import { createConfig } from 'webpack-config';

export default createConfig({
  name: 'account',
  dir: import.meta.dirname,
  exposes: {
    './UserProfilePage': './src/user-profile-page.tsx',
    './ResetPasswordPage': './src/reset-password-page.tsx',
  },
});

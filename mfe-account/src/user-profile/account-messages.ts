// What the account page says where the server gives no words of its own.

export const changePasswordMessages = {
  mismatch: 'New password and confirmation do not match',
  success: 'Password changed successfully!',
  failedToast: 'Failed to change password. Please try again.',
  failed: 'Failed to change password',
} as const;

export const twoStepMessages = {
  setupFailed: 'Could not start the setup. Please try again.',
  enableFailed: 'Could not enable 2-step verification. Please try again.',
  disableFailed: 'Could not disable 2-step verification. Please try again.',
  acknowledgement:
    'I understand that if I lose my phone or the authenticator app and my recovery codes, I can lose access to my account.',
} as const;

export const proxyMessages = {
  saveFailed: 'Could not save. Please try again.',
  /** The tab's tooltip: how a bought proxy is written. */
  formatTooltip:
    'Every proxy you buy is configured automatically as user:pass@IP:Port. Set your own user and pass here, or leave them empty to get generated ones for each proxy.',
} as const;

/** Signed-in navigation, in order. */
export const navItems = [
  { label: 'Proxy', to: '/dashboard' },
  { label: 'History', to: '/history' },
  { label: 'Payments', to: '/payments' },
  { label: 'Support', to: '/support' },
  { label: 'Terms & Conditions', to: '/terms-and-conditions' },
] as const;

/** The operator console's entry, shown after the others to accounts with the operator role only. */
export const operatorNavItem = { label: 'Operator', to: '/operator' } as const;

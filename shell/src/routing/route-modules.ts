// Which exposed remote module each route renders. Plain data, free of React and shared modules, so the
// shell's entry can read it before the async boundary and start fetching the first page's remote at once.

export const LANDING_MODULE = 'landing/LandingPage';
export const RESET_PASSWORD_MODULE = 'account/ResetPasswordPage';
/** Where a signed-in visitor of `/` goes (the dashboard). */
const DASHBOARD_MODULE = 'marketplace/DashboardPage';

/** SPEC §2 route table; each page is an exposed module of its remote, loaded at runtime. */
export const protectedPages = [
  { path: '/dashboard', module: DASHBOARD_MODULE },
  { path: '/history', module: 'history/HistoryPage' },
  { path: '/support/*', module: 'support/SupportPage' },
  { path: '/terms-and-conditions', module: 'landing/TermsPage' },
  { path: '/payments', module: 'payments/PaymentsPage' },
  { path: '/user-profile', module: 'account/UserProfilePage' },
  { path: '/reset-password', module: RESET_PASSWORD_MODULE },
] as const;

function matches(pattern: string, pathname: string): boolean {
  return pattern.endsWith('/*') ? pathname === pattern.slice(0, -2) || pathname.startsWith(pattern.slice(0, -1)) : pathname === pattern;
}

/** The remote module the page at `pathname` shows first, or null (a redirect, or no remote at all). */
export function firstRemoteModule(pathname: string, signedIn: boolean): string | null {
  if (pathname === '/') return signedIn ? DASHBOARD_MODULE : LANDING_MODULE;
  if (pathname.startsWith('/reset-password/')) return RESET_PASSWORD_MODULE;
  if (!signedIn) return null;
  return protectedPages.find((page) => matches(page.path, pathname))?.module ?? null;
}

/** The pages one click away from a signed-in page (the top bar's links): worth fetching when idle. */
export const signedInNextModules: readonly string[] = protectedPages
  .filter((page) => page.module !== RESET_PASSWORD_MODULE)
  .map((page) => page.module);

import { firstPageHasFrame, firstRemoteModule, LANDING_MODULE, matchesRoute, signedInNextModules } from './route-modules';

describe('firstRemoteModule', () => {
  it('starts the landing page for a visitor of /, the dashboard for a signed-in one', () => {
    expect(firstRemoteModule('/', false)).toBe(LANDING_MODULE);
    expect(firstRemoteModule('/', true)).toBe('marketplace/DashboardPage');
  });

  it('starts a protected page only with a session (without one the guard redirects)', () => {
    expect(firstRemoteModule('/history', true)).toBe('history/HistoryPage');
    expect(firstRemoteModule('/history', false)).toBeNull();
    expect(firstRemoteModule('/support', true)).toBe('support/SupportPage');
    expect(firstRemoteModule('/support/new', true)).toBe('support/SupportPage');
    expect(firstRemoteModule('/supportive', true)).toBeNull();
  });

  it('starts the reset page from an emailed link, signed in or not', () => {
    expect(firstRemoteModule('/reset-password/abc', false)).toBe('account/ResetPasswordPage');
  });

  it('starts nothing for an unknown path', () => {
    expect(firstRemoteModule('/no/such/page', true)).toBeNull();
  });

  it('fetches the portal frame at start-up only for a page shown in it', () => {
    expect(firstPageHasFrame('/', true)).toBe(true);
    expect(firstPageHasFrame('/history', true)).toBe(true);
    expect(firstPageHasFrame('/reset-password/abc', false)).toBe(true);
    expect(firstPageHasFrame('/', false)).toBe(false);
    expect(firstPageHasFrame('/history', false)).toBe(false);
    expect(firstPageHasFrame('/no/such/page', true)).toBe(false);
  });

  it('prefetches the signed-in pages when idle, each remote module once', () => {
    expect(signedInNextModules).toContain('payments/PaymentsPage');
    expect(new Set(signedInNextModules).size).toBe(signedInNextModules.length);
  });
});

describe('matchesRoute', () => {
  it('reads :params as one segment and a trailing * as the rest', () => {
    expect(matchesRoute('/reset-password/:token', '/reset-password/t1')).toBe(true);
    expect(matchesRoute('/reset-password/:token', '/reset-password')).toBe(false);
    expect(matchesRoute('/support/*', '/support/abc/def')).toBe(true);
    expect(matchesRoute('/dashboard', '/dashboard/')).toBe(true);
  });
});

describe('operator pages', () => {
  it('are behind sign-in and never fetched ahead for a customer', () => {
    expect(firstRemoteModule('/operator', false)).toBeNull();
    expect(firstRemoteModule('/operator/customers', true)).toBe('operator/OperatorPage');
    expect(signedInNextModules).not.toContain('operator/OperatorPage');
  });
});

import { firstRemoteModule, LANDING_MODULE, RESET_PASSWORD_MODULE, signedInNextModules } from './route-modules';

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
    expect(firstRemoteModule('/reset-password/abc', false)).toBe(RESET_PASSWORD_MODULE);
  });

  it('starts nothing for an unknown path', () => {
    expect(firstRemoteModule('/no/such/page', true)).toBeNull();
  });

  it('preloads the top bar pages when idle, not the reset page', () => {
    expect(signedInNextModules).toContain('payments/PaymentsPage');
    expect(signedInNextModules).not.toContain(RESET_PASSWORD_MODULE);
  });
});

import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAtomValue } from 'jotai';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { AccountSecurity, TwoFactorSetup } from 'contract/account-security';
import { authAtom, loginSucceededAtom } from 'shared/auth/auth-atoms';
import { authDialogAtom } from 'shared/auth/auth-dialog-atoms';
import { appQueryClient } from 'shared/query/query-client';
import { appStore } from 'shared/store/app-store';
import { AppProviders } from 'shared/ui/app-providers';
import { deferred, fakeApi, type FakeReply, type FakeRoute } from 'test-kit/fake-api';
import UserProfilePage from './user-profile-page';
import { AUTHENTICATOR_LINKS } from './user-profile/two-step-verification';

// The page runs with the real API client, query cache and forms; only the network is faked.

const USER_ID = 'u1';
const insecure: AccountSecurity = { twoFactor: { enabled: false, recoveryCodesLeft: 0 }, proxyCredentials: null, ipAllowlist: [] };
const setup: TwoFactorSetup = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauthUrl: 'otpauth://totp/Private%20Sock5:alice?issuer=Private%20Sock5&secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30',
  issuer: 'Private Sock5',
  account: 'alice',
  type: 'Time based',
  digits: 6,
  period: 30,
};
const signIns = {
  signIns: [
    { at: '2026-11-23T10:00:00.000Z', ip: '203.0.113.7', browser: 'Chrome 131 on Windows', current: true },
    { at: '2026-11-22T09:00:00.000Z', ip: '2001:db8::1', browser: 'Firefox 133 on Linux', current: false },
  ],
};

function Probe() {
  const location = useLocation();
  const dialog = useAtomValue(authDialogAtom);
  return <output data-testid="probe">{`${location.pathname} ${dialog}`}</output>;
}

function routes(security: AccountSecurity | FakeRoute, extra: Record<string, FakeRoute> = {}) {
  return fakeApi({
    'GET /api/account/security': typeof security === 'object' && 'twoFactor' in security ? { body: security } : security,
    'GET /api/account/sign-ins': { body: signIns },
    'POST /api/auth/logout': { body: { message: 'Logged out' } },
    ...extra,
  });
}

async function renderPage() {
  await act(async () => {
    render(
      <AppProviders>
        <MemoryRouter initialEntries={['/user-profile']}>
          <Probe />
          <Routes>
            <Route path="/" element={<p>Landing</p>} />
            <Route path="/user-profile" element={<UserProfilePage />} />
          </Routes>
        </MemoryRouter>
      </AppProviders>,
    );
  });
}

async function openTab(name: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('tab', { name }));
  return user;
}

/** A toast: the text outside the page's own forms. */
async function findToast(text: string) {
  await waitFor(() => expect(screen.getAllByText(text).some((element) => !element.closest('form'))).toBe(true));
}

beforeEach(() => {
  appQueryClient.clear();
  appStore.set(authDialogAtom, 'closed');
  appStore.set(loginSucceededAtom, { token: 'jwt', userInfo: { _id: USER_ID, username: 'alice', email: 'alice@example.com' } });
});

describe('account settings page', () => {
  it('shows the heading, Logout, the indicator with its two bars, the four tabs and the build label', async () => {
    routes(insecure);
    await renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(await screen.findByText('0/2 secured')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Account security' })).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByRole('progressbar', { name: 'Proxy security' })).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['2-Step Verification', 'Socks5 login:pass', 'Change Password', 'API']);
    expect(screen.getByTestId('build-label-account')).toHaveTextContent('account build test');
  });

  it("says nothing of the account's protections until they are known, then what they are", async () => {
    const answer = deferred<FakeReply>();
    routes(answer.promise);
    await renderPage();
    const indicator = screen.getByRole('region', { name: 'Security' });
    expect(indicator).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText(/secured$/)).not.toBeInTheDocument();
    expect(screen.queryByText('Off')).not.toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Account security' })).toHaveAttribute('aria-valuetext', 'Account security: loading');
    await act(async () => answer.resolve({ body: { ...insecure, twoFactor: { enabled: true, recoveryCodesLeft: 10 } } }));
    expect(await screen.findByText('1/2 secured')).toBeInTheDocument();
    expect(indicator).toHaveAttribute('aria-busy', 'false');
    expect(screen.getByRole('progressbar', { name: 'Account security' })).toHaveAttribute('aria-valuetext', 'Account security: on');
  });

  it.each([
    ['2-step on', { ...insecure, twoFactor: { enabled: true, recoveryCodesLeft: 10 } }, '1/2 secured', ['100', '0']],
    ['own proxy credentials', { ...insecure, proxyCredentials: { login: 'abcde', password: 'fghij' } }, '1/2 secured', ['0', '100']],
    ['an IP allow-list', { ...insecure, ipAllowlist: ['203.0.113.7'] }, '1/2 secured', ['0', '100']],
    ['2-step and an IP allow-list', { ...insecure, twoFactor: { enabled: true, recoveryCodesLeft: 3 }, ipAllowlist: ['10.0.0.0/16'] }, '2/2 secured', ['100', '100']],
  ])('counts %s as %s', async (_case, security, text, bars) => {
    routes(security);
    await renderPage();
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Account security' })).toHaveAttribute('aria-valuenow', bars[0]);
    expect(screen.getByRole('progressbar', { name: 'Proxy security' })).toHaveAttribute('aria-valuenow', bars[1]);
  });

  it('Logout ends the session on the server, forgets it here and goes to /', async () => {
    const api = routes(insecure);
    await renderPage();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('/ closed'));
    expect(api.callsTo('POST /api/auth/logout')).toHaveLength(1);
    expect(appStore.get(authAtom).token).toBeNull();
  });

  describe('2-Step Verification', () => {
    it("shows 'Disabled'; 'Enable Google Authenticator' asks for the current password, then 'Submit' opens the three-step wizard", async () => {
      const api = routes(insecure, { 'POST /api/account/two-factor/setup': { body: setup } });
      await renderPage();
      expect(await screen.findByTestId('two-step-state')).toHaveTextContent('Disabled');
      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'Enable Google Authenticator' }));
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      expect(await screen.findByText('Password is required')).toBeInTheDocument();
      expect(api.callsTo('POST /api/account/two-factor/setup')).toEqual([]);
      await user.type(screen.getByLabelText(/^Current Password/), 'Correct-Horse-1');
      await user.click(screen.getByRole('button', { name: 'Submit' }));

      const wizard = await screen.findByRole('form', { name: 'Set up 2-step verification' });
      expect(api.callsTo('POST /api/account/two-factor/setup')[0]?.body).toEqual({ password: 'Correct-Horse-1' });
      expect(within(wizard).getByText('Install an authenticator app')).toBeInTheDocument();
      for (const link of AUTHENTICATOR_LINKS) expect(within(wizard).getByRole('link', { name: link.label })).toHaveAttribute('href', link.href);
      expect(within(wizard).getByText('Scan the QR code')).toBeInTheDocument();
      expect(within(wizard).getByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
      expect(within(wizard).getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
      expect(within(wizard).getByText('Issuer').nextSibling).toHaveTextContent('Private Sock5');
      expect(within(wizard).getByText('Type').nextSibling).toHaveTextContent('Time based');
      expect(within(wizard).getByText('Validate a 6-digit code')).toBeInTheDocument();
    });

    it("keeps 'Enable 2-step verification' disabled until the risk is acknowledged, checks the code, then shows the recovery codes once", async () => {
      const recoveryCodes = ['abcde-fghjk', 'mnpqr-stuvw'];
      const api = routes(insecure, {
        'POST /api/account/two-factor/setup': { body: setup },
        'POST /api/account/two-factor/enable': (call) =>
          (call.body as { code: string }).code === '123456'
            ? { body: { message: '2-step verification enabled', recoveryCodes } }
            : { status: 400, body: { message: 'That code is not valid. Enter the current code from your authenticator app.' } },
      });
      await renderPage();
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Enable Google Authenticator' }));
      await user.type(screen.getByLabelText(/^Current Password/), 'Correct-Horse-1');
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      const enable = await screen.findByRole('button', { name: 'Enable 2-step verification' });
      expect(enable).toBeDisabled();
      await user.click(screen.getByRole('checkbox', { name: /lose access to my account/ }));
      expect(enable).toBeEnabled();

      await user.type(screen.getByLabelText('Verification code'), '12a');
      await user.click(enable);
      expect(await screen.findByText('The code is 6 digits')).toBeInTheDocument();
      expect(api.callsTo('POST /api/account/two-factor/enable')).toEqual([]);

      await user.clear(screen.getByLabelText('Verification code'));
      await user.type(screen.getByLabelText('Verification code'), '654321');
      await user.click(enable);
      expect(await screen.findByText('That code is not valid. Enter the current code from your authenticator app.')).toBeInTheDocument();

      api.route('GET /api/account/security', { body: { ...insecure, twoFactor: { enabled: true, recoveryCodesLeft: 2 } } });
      await user.clear(screen.getByLabelText('Verification code'));
      await user.type(screen.getByLabelText('Verification code'), '123456');
      await user.click(enable);
      const codes = await screen.findByTestId('recovery-codes');
      expect(within(codes).getAllByRole('listitem').map((item) => item.textContent)).toEqual(recoveryCodes);
      await findToast('2-step verification enabled');
      expect(await screen.findByText('1/2 secured')).toBeInTheDocument();
      // The codes can be copied whole, one a line.
      const writeText = jest.fn().mockResolvedValue(undefined);
      Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
      await user.click(screen.getByRole('button', { name: 'Copy codes' }));
      expect(writeText).toHaveBeenCalledWith(recoveryCodes.join('\n'));
      await findToast('Recovery codes copied');
      expect(screen.getByRole('button', { name: 'Download codes' })).toBeEnabled();
      await user.click(screen.getByRole('button', { name: 'I have saved my recovery codes' }));
      expect(screen.queryByTestId('recovery-codes')).not.toBeInTheDocument();
      expect(screen.getByTestId('two-step-state')).toHaveTextContent('Enabled');
      expect(screen.getByText('Recovery codes left: 2')).toBeInTheDocument();
    });

    it('turning it off sends the password and a code; the server refusal shows under the form', async () => {
      const enabled = { ...insecure, twoFactor: { enabled: true, recoveryCodesLeft: 9 } };
      const api = routes(enabled, {
        'POST /api/account/two-factor/disable': { status: 400, body: { message: 'Password is incorrect' } },
      });
      await renderPage();
      expect(await screen.findByTestId('two-step-state')).toHaveTextContent('Enabled');
      const user = userEvent.setup();
      const form = screen.getByRole('form', { name: 'Disable 2-step verification' });
      await user.click(within(form).getByRole('button', { name: 'Disable 2-step verification' }));
      expect(within(form).getByRole('alert')).toHaveTextContent('Password is required');
      await user.type(within(form).getByLabelText(/^Current Password/), 'Wrong-Pass1');
      await user.type(within(form).getByLabelText('Authentication code'), '123456');
      await user.click(within(form).getByRole('button', { name: 'Disable 2-step verification' }));
      expect(await within(form).findByText('Password is incorrect')).toBeInTheDocument();
      expect(api.callsTo('POST /api/account/two-factor/disable')[0]?.body).toEqual({ password: 'Wrong-Pass1', code: '123456' });
    });
  });

  describe('Socks5 login:pass', () => {
    it('explains the rule and that changes affect only later purchases; the tab tooltip explains user:pass@IP:Port', async () => {
      routes(insecure);
      await renderPage();
      const user = await openTab('Socks5 login:pass');
      expect(await screen.findByTestId('socks-state')).toHaveTextContent('Disabled');
      expect(screen.getByText(/Login and password must be 5-7 characters, letters and digits only\./)).toBeInTheDocument();
      expect(screen.getByText('Changes affect only later purchases.')).toBeInTheDocument();
      expect(screen.getByLabelText('Login')).toBeEnabled();
      expect(screen.getByLabelText('Password')).toBeEnabled();
      expect(screen.getByRole('button', { name: 'Save Credentials' })).toBeEnabled();
      await user.hover(screen.getByText('Socks5 login:pass'));
      expect(await screen.findByRole('tooltip')).toHaveTextContent(/user:pass@IP:Port/);
    });

    it.each([
      ['abcd', 'abcde', 'Login and password must be 5-7 characters, letters and digits only'],
      ['abc-de', 'abcde', 'Login and password must be 5-7 characters, letters and digits only'],
      ['abcde', '', 'Fill in both login and password, or leave both empty'],
    ])('refuses %s:%s in the browser', async (login, password, message) => {
      const api = routes(insecure);
      await renderPage();
      const user = await openTab('Socks5 login:pass');
      await screen.findByTestId('socks-state');
      await user.type(screen.getByLabelText('Login'), login);
      if (password) await user.type(screen.getByLabelText('Password'), password);
      await user.click(screen.getByRole('button', { name: 'Save Credentials' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      expect(api.callsTo('PUT /api/account/proxy-credentials')).toEqual([]);
    });

    it('saves own credentials, and empty fields return to generated ones', async () => {
      const api = routes(insecure, {
        'PUT /api/account/proxy-credentials': (call) => {
          const body = call.body as { login: string; password: string };
          return body.login === ''
            ? { body: { message: 'Own credentials removed. Later purchases get generated credentials.', proxyCredentials: null } }
            : { body: { message: 'Credentials saved. Later purchases use them.', proxyCredentials: body } };
        },
      });
      await renderPage();
      const user = await openTab('Socks5 login:pass');
      await screen.findByTestId('socks-state');
      api.route('GET /api/account/security', { body: { ...insecure, proxyCredentials: { login: 'mylog1', password: 'mypas2' } } });
      await user.type(screen.getByLabelText('Login'), 'mylog1');
      await user.type(screen.getByLabelText('Password'), 'mypas2');
      await user.click(screen.getByRole('button', { name: 'Save Credentials' }));
      await findToast('Credentials saved. Later purchases use them.');
      expect(await screen.findByText('1/2 secured')).toBeInTheDocument();
      expect(screen.getByTestId('socks-state')).toHaveTextContent('Enabled');

      api.route('GET /api/account/security', { body: insecure });
      await user.clear(screen.getByLabelText('Login'));
      await user.clear(screen.getByLabelText('Password'));
      await user.click(screen.getByRole('button', { name: 'Save Credentials' }));
      await findToast('Own credentials removed. Later purchases get generated credentials.');
      expect(api.callsTo('PUT /api/account/proxy-credentials').map((call) => call.body)).toEqual([
        { login: 'mylog1', password: 'mypas2' },
        { login: '', password: '' },
      ]);
      expect(await screen.findByText('0/2 secured')).toBeInTheDocument();
    });

    it('saves the IP allow-list one entry per line and shows which entry the server refused', async () => {
      const api = routes(insecure, {
        'PUT /api/account/ip-allowlist': (call) => {
          const { addresses } = call.body as { addresses: string[] };
          return addresses.includes('bad')
            ? { status: 400, body: { message: '"bad" is not an IPv4 or IPv6 address or CIDR range' } }
            : { body: { message: 'IP authorization saved', ipAllowlist: addresses.map((entry) => entry.replace('198.51.100.9/24', '198.51.100.0/24')) } };
        },
      });
      await renderPage();
      const user = await openTab('Socks5 login:pass');
      const field = await screen.findByLabelText('Allowed IP addresses');
      await user.type(field, '203.0.113.7{enter}bad');
      await user.click(screen.getByRole('button', { name: 'Save IP authorization' }));
      expect(await screen.findByText('"bad" is not an IPv4 or IPv6 address or CIDR range')).toBeInTheDocument();
      await user.clear(field);
      await user.type(field, '203.0.113.7{enter}198.51.100.9/24');
      await user.click(screen.getByRole('button', { name: 'Save IP authorization' }));
      await findToast('IP authorization saved');
      expect(field).toHaveValue('203.0.113.7\n198.51.100.0/24');
      expect(api.callsTo('PUT /api/account/ip-allowlist').at(-1)?.body).toEqual({ addresses: ['203.0.113.7', '198.51.100.9/24'] });

      await user.clear(field);
      await user.click(field);
      await user.paste(Array.from({ length: 11 }, (_, i) => `10.0.0.${i}`).join(' '));
      await user.click(screen.getByRole('button', { name: 'Save IP authorization' }));
      expect(await screen.findByText('At most 10 addresses or ranges')).toBeInTheDocument();
      expect(api.callsTo('PUT /api/account/ip-allowlist')).toHaveLength(2);
    });
  });

  describe('Change Password', () => {
    async function fill(user: ReturnType<typeof userEvent.setup>, current: string, next: string, confirm: string) {
      await user.type(screen.getByLabelText(/^Current Password/), current);
      await user.type(screen.getByLabelText(/^New Password/), next);
      await user.type(screen.getByLabelText(/^Confirm New Password/), confirm);
      await user.click(screen.getByRole('button', { name: 'Change Password' }));
    }

    it("has the three fields; a different confirmation toasts 'New password and confirmation do not match' and sends nothing", async () => {
      const api = routes(insecure);
      await renderPage();
      const user = await openTab('Change Password');
      await fill(user, 'Old-Pass1', 'New-Pass1', 'New-Pass2');
      await findToast('New password and confirmation do not match');
      expect(api.callsTo(`PUT /api/users/password/change/${USER_ID}`)).toEqual([]);
    });

    it("on success toasts 'Password changed successfully!', ends the session and goes to / with the login dialog", async () => {
      const answer = deferred<{ status: number; body: unknown }>();
      const api = routes(insecure, { [`PUT /api/users/password/change/${USER_ID}`]: answer.promise });
      await renderPage();
      const user = await openTab('Change Password');
      await fill(user, 'Old-Pass1', 'New-Pass1!', 'New-Pass1!');
      expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
      answer.resolve({ status: 200, body: { message: 'Password changed successfully!' } });
      await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('/ login'));
      expect(await screen.findByText('Password changed successfully!')).toBeInTheDocument();
      expect(api.callsTo(`PUT /api/users/password/change/${USER_ID}`)[0]?.body).toEqual({ oldPassword: 'Old-Pass1', newPassword: 'New-Pass1!' });
      expect(appStore.get(authAtom).token).toBeNull();
    });

    it('a refusal toasts the server text and shows it under the form', async () => {
      routes(insecure, { [`PUT /api/users/password/change/${USER_ID}`]: { status: 400, body: { message: 'Current password is incorrect' } } });
      await renderPage();
      const user = await openTab('Change Password');
      await fill(user, 'Wrong-Pass1', 'New-Pass1!', 'New-Pass1!');
      const form = screen.getByRole('form', { name: 'Change password' });
      expect(await within(form).findByRole('alert')).toHaveTextContent('Current password is incorrect');
      await findToast('Current password is incorrect');
      expect(screen.getByTestId('probe')).toHaveTextContent('/user-profile closed');
    });

    it("a failure without words toasts 'Failed to change password. Please try again.' and shows 'Failed to change password'", async () => {
      routes(insecure, { [`PUT /api/users/password/change/${USER_ID}`]: 'network-error' });
      await renderPage();
      const user = await openTab('Change Password');
      await fill(user, 'Old-Pass1', 'New-Pass1!', 'New-Pass1!');
      const form = screen.getByRole('form', { name: 'Change password' });
      expect(await within(form).findByRole('alert')).toHaveTextContent(/^Failed to change password$/);
      await findToast('Failed to change password. Please try again.');
    });
  });

  describe('Sign-in activity', () => {
    it('lists time, address and browser with this session marked; signing out everywhere ends the session here too', async () => {
      const api = routes(insecure, { 'POST /api/account/sign-out-everywhere': { body: { message: 'Signed out everywhere' } } });
      await renderPage();
      const rows = await screen.findAllByTestId('sign-in-row');
      expect(rows).toHaveLength(2);
      expect(rows[0]).toHaveTextContent('203.0.113.7');
      expect(rows[0]).toHaveTextContent('Chrome 131 on Windows');
      expect(rows[0]).toHaveTextContent('This session');
      expect(rows[1]).toHaveTextContent('Firefox 133 on Linux');
      expect(rows[1]).not.toHaveTextContent('This session');
      expect(rows[0]).toHaveTextContent(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
      await userEvent.setup().click(screen.getByRole('button', { name: 'Sign out everywhere' }));
      await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('/ login'));
      expect(api.callsTo('POST /api/account/sign-out-everywhere')).toHaveLength(1);
      expect(appStore.get(authAtom).token).toBeNull();
    });
  });
});

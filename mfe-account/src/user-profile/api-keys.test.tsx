import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { AccountSecurity } from 'contract/account-security';
import type { ApiKeyItem } from 'contract/api-keys';
import { loginSucceededAtom } from 'shared/auth/auth-atoms';
import { appQueryClient } from 'shared/query/query-client';
import { appStore } from 'shared/store/app-store';
import { AppProviders } from 'shared/ui/app-providers';
import { fakeApi } from 'test-kit/fake-api';
import { API_DOCS_URL, ApiKeys } from './api-keys';

// The API tab with the real API client and query cache; only the network is faked.

const insecure: AccountSecurity = { twoFactor: { enabled: false, recoveryCodesLeft: 0 }, proxyCredentials: null, ipAllowlist: [] };
const used: ApiKeyItem = {
  id: '6f1c2a4e-0000-4000-8000-000000000001',
  name: 'scraper',
  prefix: 'ps5_AbCdEfGh',
  scopes: ['read', 'buy'],
  createdAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt: '2026-11-25T08:30:00.000Z',
  lastUsedIp: '203.0.113.9',
};
const NEW_KEY = `ps5_${'x'.repeat(43)}`;

async function renderTab(security = insecure) {
  await act(async () => {
    render(
      <AppProviders>
        <MemoryRouter>
          <ApiKeys security={security} />
        </MemoryRouter>
      </AppProviders>,
    );
  });
}

beforeEach(() => {
  appQueryClient.clear();
  appStore.set(loginSucceededAtom, { token: 'jwt', userInfo: { _id: 'u1', username: 'alice', email: 'alice@example.com' } });
});

describe('API tab', () => {
  it('lists keys by name, prefix, scopes and last use (time and address), links the API reference and says what ends a key', async () => {
    fakeApi({ 'GET /api/account/api-keys': { body: { keys: [used, { ...used, id: 'k2', name: 'idle', lastUsedAt: null, lastUsedIp: null }], limit: 20 } } });
    await renderTab();
    const table = await screen.findByRole('table', { name: 'API keys' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('scraper');
    expect(rows[1]).toHaveTextContent('ps5_AbCdEfGh…');
    expect(rows[1]).toHaveTextContent('read, buy');
    expect(rows[1]).toHaveTextContent(/from 203\.0\.113\.9/);
    expect(rows[2]).toHaveTextContent('Never');
    expect(screen.getByRole('link', { name: 'API reference' })).toHaveAttribute('href', API_DOCS_URL);
    expect(screen.getByText(/changing your password does not revoke them/)).toBeInTheDocument();
  });

  it('creates a key with name, scopes and password, shows it once, and refreshes the list', async () => {
    let listed: ApiKeyItem[] = [];
    const api = fakeApi({
      'GET /api/account/api-keys': () => ({ body: { keys: listed, limit: 20 } }),
      'POST /api/account/api-keys': () => {
        listed = [used];
        return { status: 201, body: { message: 'API key created. Copy it now: it is not shown again.', key: NEW_KEY, item: used } };
      },
    });
    await renderTab();
    expect(await screen.findByText('No API keys yet.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Give the key a name.');
    expect(api.callsTo('POST /api/account/api-keys')).toHaveLength(0);
    await user.type(screen.getByLabelText('Key name'), 'scraper');
    await user.click(screen.getByRole('checkbox', { name: /^buy/ }));
    expect(screen.queryByLabelText('Authenticator code')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Current password'), 'Correct-Horse-1');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByTestId('new-api-key')).toHaveTextContent(NEW_KEY);
    expect(api.callsTo('POST /api/account/api-keys')[0]?.body).toEqual({ name: 'scraper', scopes: ['read', 'buy'], password: 'Correct-Horse-1' });
    expect(await screen.findByText('ps5_AbCdEfGh…')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('new-api-key')).not.toBeInTheDocument();
  });

  it('asks for the authenticator code when 2-step verification is on, and shows the server refusal', async () => {
    const api = fakeApi({
      'GET /api/account/api-keys': { body: { keys: [], limit: 20 } },
      'POST /api/account/api-keys': { status: 400, body: { message: 'That code is not valid. Enter the current code from your authenticator app.' } },
    });
    await renderTab({ ...insecure, twoFactor: { enabled: true, recoveryCodesLeft: 10 } });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Key name'), 'bot');
    await user.type(screen.getByLabelText('Current password'), 'Correct-Horse-1');
    await user.type(screen.getByLabelText('Authenticator code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not valid.');
    expect(api.callsTo('POST /api/account/api-keys')[0]?.body).toEqual({ name: 'bot', scopes: ['read'], password: 'Correct-Horse-1', code: '123456' });
    expect(screen.queryByTestId('new-api-key')).not.toBeInTheDocument();
  });

  it('revokes a key and drops it from the list', async () => {
    let listed = [used];
    const api = fakeApi({
      'GET /api/account/api-keys': () => ({ body: { keys: listed, limit: 20 } }),
      [`DELETE /api/account/api-keys/${used.id}`]: () => {
        listed = [];
        return { body: { message: 'API key revoked.' } };
      },
    });
    await renderTab();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Revoke scraper' }));
    await waitFor(() => expect(screen.getByText('No API keys yet.')).toBeInTheDocument());
    expect(api.callsTo(`DELETE /api/account/api-keys/${used.id}`)).toHaveLength(1);
  });
});

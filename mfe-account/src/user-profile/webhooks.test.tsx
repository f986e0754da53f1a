import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WebhookDelivery, WebhookEndpoint } from 'contract/webhooks';
import { loginSucceededAtom } from 'shared/auth/auth-atoms';
import { appQueryClient } from 'shared/query/query-client';
import { appStore } from 'shared/store/app-store';
import { AppProviders } from 'shared/ui/app-providers';
import { fakeApi } from 'test-kit/fake-api';
import { Webhooks } from './webhooks';

// The webhooks of the API tab with the real API client and query cache; only the network is faked.

const endpoint: WebhookEndpoint = {
  id: '7a1c2a4e-0000-4000-8000-000000000001',
  url: 'https://hooks.example.com/proxies',
  events: ['proxy.down', 'proxy.replaced'],
  createdAt: '2026-11-20T10:00:00.000Z',
  disabledAt: null,
  failingSince: null,
};
const delivery: WebhookDelivery = {
  id: '41',
  endpointId: endpoint.id,
  eventId: '0b6d2f7e-0000-4000-8000-000000000009',
  type: 'proxy.down',
  state: 'delivered',
  attempts: 2,
  lastStatus: 200,
  lastError: null,
  latencyMs: 87,
  createdAt: '2026-11-25T08:30:00.000Z',
  lastAttemptAt: '2026-11-25T08:31:00.000Z',
};
const listing = (endpoints: WebhookEndpoint[], deliveries: WebhookDelivery[]) => ({ body: { endpoints, deliveries, limit: 10, eventTypes: [] } });

async function renderWebhooks() {
  await act(async () => {
    render(
      <AppProviders>
        <Webhooks />
      </AppProviders>,
    );
  });
}

beforeEach(() => {
  appQueryClient.clear();
  appStore.set(loginSucceededAtom, { token: 'jwt', userInfo: { _id: 'u1', username: 'alice', email: 'alice@example.com' } });
});

describe('webhooks in the API tab', () => {
  it('lists endpoints and the delivery log (status, attempts, latency) and redelivers an event', async () => {
    const api = fakeApi({
      'GET /api/account/webhooks': listing([endpoint], [delivery]),
      'POST /api/account/webhooks/deliveries/41/redeliver': { status: 202, body: { delivery: { ...delivery, id: '42', attempts: 1 } } },
    });
    await renderWebhooks();
    const endpoints = await screen.findByRole('table', { name: 'Webhook endpoints' });
    expect(within(endpoints).getAllByRole('row')[1]).toHaveTextContent('https://hooks.example.com/proxies');
    expect(within(endpoints).getAllByRole('row')[1]).toHaveTextContent('Active');
    const log = screen.getByRole('table', { name: 'Webhook deliveries' });
    const row = within(log).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('proxy.down');
    expect(row).toHaveTextContent('delivered (HTTP 200)');
    expect(row).toHaveTextContent('87 ms');
    await userEvent.setup().click(within(row).getByRole('button', { name: /^Redeliver proxy\.down/ }));
    await waitFor(() => expect(api.callsTo('POST /api/account/webhooks/deliveries/41/redeliver')).toHaveLength(1));
  });

  it('adds an endpoint with its events, shows the secret once, and shows a refusal from the server', async () => {
    let listed: WebhookEndpoint[] = [];
    let refuse = true;
    const api = fakeApi({
      'GET /api/account/webhooks': () => listing(listed, []),
      'POST /api/account/webhooks': () => {
        if (refuse) return { status: 400, body: { message: 'This URL points to a private, loopback or reserved address, which webhooks may not reach' } };
        listed = [endpoint];
        return { status: 201, body: { endpoint, secret: 'whsec_secret' } };
      },
    });
    await renderWebhooks();
    expect(await screen.findByText('No webhook endpoints yet.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Endpoint URL'), 'https://10.0.0.1/hooks');
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByText(/private, loopback or reserved/)).toBeInTheDocument();
    refuse = false;
    await user.clear(screen.getByLabelText('Endpoint URL'));
    await user.type(screen.getByLabelText('Endpoint URL'), 'https://hooks.example.com/proxies');
    await user.click(screen.getByRole('checkbox', { name: 'proxy.purchased' }));
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByTestId('new-webhook-secret')).toHaveTextContent('whsec_secret');
    expect(api.callsTo('POST /api/account/webhooks')[1]?.body).toEqual({ url: 'https://hooks.example.com/proxies', events: ['proxy.purchased', 'proxy.down', 'proxy.replaced'] });
    expect(await screen.findByText('https://hooks.example.com/proxies')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('new-webhook-secret')).not.toBeInTheDocument();
  });
});

import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { CustomerDetail } from 'contract/operator-customers';
import { loginSucceededAtom } from 'shared/auth/auth-atoms';
import { appQueryClient } from 'shared/query/query-client';
import { appStore } from 'shared/store/app-store';
import { AppProviders } from 'shared/ui/app-providers';
import { fakeApi } from 'test-kit/fake-api';
import OperatorPage from './operator-page';

const CUSTOMER_ID = '5f0c2d7e-0000-4000-8000-000000000001';

function customer(overrides: Partial<CustomerDetail> = {}): CustomerDetail {
  return {
    id: CUSTOMER_ID,
    username: 'carol',
    email: 'carol@example.com',
    balance: 10,
    createdAt: '2026-11-01T10:00:00.000Z',
    disabled: false,
    disabledAt: null,
    disabledReason: null,
    ledger: [{ id: 1, kind: 'topup', amount: 10, reference: 'invoice:1', createdAt: '2026-11-01T10:05:00.000Z' }],
    leases: [],
    tickets: [],
    sessions: [{ id: 's1', createdAt: '2026-11-20T10:00:00.000Z', expiresAt: '2026-11-27T10:00:00.000Z' }],
    signIns: [{ ip: '203.0.113.5', userAgent: 'Firefox on Linux', at: '2026-11-20T10:00:00.000Z' }],
    ...overrides,
  };
}

async function renderConsole(path: string) {
  await act(async () => {
    render(
      <AppProviders>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/operator/*" element={<OperatorPage />} />
          </Routes>
        </MemoryRouter>
      </AppProviders>,
    );
  });
}

describe('the operator console', () => {
  beforeEach(() => {
    appQueryClient.clear();
    appStore.set(loginSucceededAtom, { token: 'tok', userInfo: { _id: 'op1', username: 'olga', email: 'o@example.com' } });
  });

  it('has a navigation of its sections and finds customers by what is typed', async () => {
    const fake = fakeApi({
      'GET /api/operator/customers': (_call, request) => ({
        body: { customers: new URL(request.url).searchParams.get('q') === 'car' ? [customer()] : [], more: false },
      }),
    });
    const user = userEvent.setup();
    await renderConsole('/operator/customers');
    const nav = screen.getByRole('navigation', { name: 'Operator console' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['Customers', 'Inventory', 'Money', 'Leases', 'Audit']);
    expect(await screen.findByText('No customers yet.')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Username or e-mail' }), 'car');
    const link = await screen.findByRole('link', { name: 'carol' });
    expect(link).toHaveAttribute('href', `/operator/customers/${CUSTOMER_ID}`);
    expect(fake.callsTo('GET /api/operator/customers').length).toBeGreaterThanOrEqual(2);
  });

  it("adjusts a customer's balance with a required reason, and shows the answer", async () => {
    const fake = fakeApi({
      [`GET /api/operator/customers/${CUSTOMER_ID}`]: { body: customer() },
      [`POST /api/operator/customers/${CUSTOMER_ID}/adjustment`]: {
        body: { message: 'Debited $2.50; the balance is now $7.50.', customer: customer({ balance: 7.5 }) },
      },
    });
    const user = userEvent.setup();
    await renderConsole(`/operator/customers/${CUSTOMER_ID}`);
    expect(await screen.findByRole('heading', { name: 'carol', level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId('customer-balance')).toHaveTextContent('Balance: $10.00');
    expect(screen.getByRole('table', { name: 'Sign-in activity' })).toHaveTextContent('203.0.113.5');

    await user.click(screen.getByRole('button', { name: 'Debit' }));
    await user.type(screen.getByRole('textbox', { name: 'Amount ($)' }), '2.5');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Say why: the reason is required');
    expect(fake.callsTo(`POST /api/operator/customers/${CUSTOMER_ID}/adjustment`)).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'Reason' }), 'double charge');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Debited $2.50; the balance is now $7.50.')).toBeInTheDocument();
    expect(fake.callsTo(`POST /api/operator/customers/${CUSTOMER_ID}/adjustment`)[0]?.body).toEqual({ amount: -2.5, reason: 'double charge' });
    await waitFor(() => expect(screen.getByTestId('customer-balance')).toHaveTextContent('Balance: $7.50'));
  });

  it('disables an account only after a confirmation naming it and what stops; Cancel changes nothing, enabling asks nothing', async () => {
    let current = customer();
    const fake = fakeApi({
      [`GET /api/operator/customers/${CUSTOMER_ID}`]: () => ({ body: current }),
      [`POST /api/operator/customers/${CUSTOMER_ID}/disabled`]: (call) => {
        const { disabled } = call.body as { disabled: boolean };
        current = customer({ disabled, disabledAt: disabled ? '2026-11-26T09:00:00.000Z' : null, disabledReason: disabled ? 'chargeback' : null });
        return { body: { message: disabled ? 'The account is disabled: it cannot sign in and its proxies stopped.' : 'The account is enabled again.', customer: current } };
      },
    });
    const user = userEvent.setup();
    const disableCalls = () => fake.callsTo(`POST /api/operator/customers/${CUSTOMER_ID}/disabled`);
    await renderConsole(`/operator/customers/${CUSTOMER_ID}`);
    await screen.findByRole('heading', { name: 'carol', level: 1 });

    await user.type(screen.getByRole('textbox', { name: 'Reason to disable' }), 'chargeback');
    await user.click(screen.getByRole('button', { name: 'Disable account' }));
    let dialog = await screen.findByRole('dialog', { name: 'Disable carol?' });
    expect(dialog).toHaveAccessibleDescription(/carol \(carol@example\.com\) will no longer be able to sign in/);
    expect(dialog).toHaveTextContent('its API keys are refused');
    expect(dialog).toHaveTextContent('stop serving its proxies at once, and its leases are not renewed');
    expect(dialog).toHaveTextContent('Reason, for the audit log: chargeback');
    // Cancel is the safe default: focused, and it sends nothing.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(disableCalls()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Disable account' }));
    dialog = await screen.findByRole('dialog', { name: 'Disable carol?' });
    await user.click(within(dialog).getByRole('button', { name: 'Disable account' }));
    expect(await screen.findByText('The account is disabled: it cannot sign in and its proxies stopped.')).toBeInTheDocument();
    expect(disableCalls().map((call) => call.body)).toEqual([{ disabled: true, reason: 'chargeback' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(await screen.findByRole('button', { name: 'Enable account' }));
    expect(await screen.findByText('The account is enabled again.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(disableCalls().map((call) => call.body)).toEqual([{ disabled: true, reason: 'chargeback' }, { disabled: false }]);
  });

  it('filters the audit log by actor and links a customer target to the customer', async () => {
    const fake = fakeApi({
      'GET /api/operator/audit': {
        body: {
          rows: [{ id: 3, actor: 'olga', actorId: 'op1', action: 'balance.adjust', target: `user:${CUSTOMER_ID}`, before: { balance: 10 }, after: { balance: 7.5 }, at: '2026-11-26T05:00:00.000Z' }],
          more: false,
        },
      },
    });
    const user = userEvent.setup();
    await renderConsole('/operator/audit');
    expect(await screen.findByRole('link', { name: `user:${CUSTOMER_ID}` })).toHaveAttribute('href', `/operator/customers/${CUSTOMER_ID}`);
    await user.type(screen.getByRole('textbox', { name: 'Actor' }), 'olga');
    await waitFor(() => expect(new URL(fake.requests.at(-1)?.url ?? '').searchParams.get('actor')).toBe('olga'));
  });
});

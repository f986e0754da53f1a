import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ExpenseRecord, TopupRecord } from 'contract/payments';
import { loginSucceededAtom } from 'shared/auth/auth-atoms';
import { appQueryClient } from 'shared/query/query-client';
import { appStore } from 'shared/store/app-store';
import { AppProviders } from 'shared/ui/app-providers';
import { MemoryRouter } from 'react-router';
import { browserNavigation } from './api/create-order';
import { fakeApi } from 'test-kit/fake-api';
import PaymentsPage, { PAYMENT_RECEIVED_MESSAGE } from './payments-page';

async function renderPage(path = '/payments') {
  await act(async () => {
    render(
      <AppProviders>
        <MemoryRouter initialEntries={[path]}>
          <PaymentsPage />
        </MemoryRouter>
      </AppProviders>,
    );
  });
}

describe('PaymentsPage', () => {
  let assign: jest.SpyInstance;

  beforeEach(() => {
    appQueryClient.clear();
    appStore.set(loginSucceededAtom, { token: 'tok', userInfo: { _id: 'u1', username: 'alice', email: 'a@example.com' } });
    assign = jest.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('says the payment was received when the checkout sends the payer back, until closed', async () => {
    fakeApi({});
    await renderPage('/payments?paid=1');
    expect(screen.getByTestId('payment-received')).toHaveTextContent(PAYMENT_RECEIVED_MESSAGE);
    await userEvent.click(within(screen.getByTestId('payment-received')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('payment-received')).not.toBeInTheDocument();
  });

  it('says nothing of a payment on an ordinary visit', async () => {
    fakeApi({});
    await renderPage();
    expect(screen.queryByTestId('payment-received')).not.toBeInTheDocument();
  });

  it('shows the three tabs with Add Payment open, $50 selected and the instructions', async () => {
    fakeApi({});
    await renderPage();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Add Payment', 'Topups History', 'Expenses History']);
    expect(screen.getByRole('tab', { name: 'Add Payment' })).toHaveAttribute('aria-selected', 'true');

    const presets = ['$20', '$50', '$100', '$200', '$500'].map((name) => screen.getByRole('button', { name }));
    expect(presets.map((button) => button.getAttribute('aria-pressed'))).toEqual(['false', 'true', 'false', 'false', 'false']);
    expect(screen.getByText(/^Total:/)).toHaveTextContent('Total: $50.00');
    expect(screen.queryByRole('textbox', { name: /other amount/i })).not.toBeInTheDocument();

    expect(screen.getByText('We accept Bitcoin (BTC) and Litecoin (LTC) only.')).toBeInTheDocument();
    expect(screen.getByText(/minimum deposit for a new user is \$50\.00/)).toBeInTheDocument();
    expect(screen.getByText(/not credited within 2 hours/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'open a support ticket' })).toHaveAttribute('href', '/support/new');
  });

  it('updates the Total as presets are chosen and keeps one selected', async () => {
    fakeApi({});
    const user = userEvent.setup();
    await renderPage();
    await user.click(screen.getByRole('button', { name: '$200' }));
    expect(screen.getByText(/^Total:/)).toHaveTextContent('Total: $200.00');
    expect(screen.getByRole('button', { name: '$200' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: '$50' })).toHaveAttribute('aria-pressed', 'false');
    // Pressing the selected preset again does not leave the page without an amount.
    await user.click(screen.getByRole('button', { name: '$200' }));
    expect(screen.getByRole('button', { name: '$200' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText(/^Total:/)).toHaveTextContent('Total: $200.00');
  });

  it('reveals the other amount field, which takes only numbers of 0 or more', async () => {
    fakeApi({});
    const user = userEvent.setup();
    await renderPage();
    await user.click(screen.getByRole('button', { name: 'other amount' }));
    const field = screen.getByRole('textbox', { name: 'Other amount ($)' });
    expect(screen.getByText(/^Total:/)).toHaveTextContent('Total: $0.00');
    expect(screen.getByRole('button', { name: 'Pay Now' })).toBeDisabled();

    await user.type(field, '-12e3');
    expect(field).toHaveValue('123');
    await user.clear(field);
    await user.type(field, '75.255');
    expect(field).toHaveValue('75.25');
    expect(screen.getByText(/^Total:/)).toHaveTextContent('Total: $75.25');
    await user.clear(field);
    await user.type(field, '0');
    expect(screen.getByRole('button', { name: 'Pay Now' })).toBeDisabled();
  });

  it('Pay Now orders the amount in USD and sends the browser to the returned checkout URL', async () => {
    const { calls, requests } = fakeApi({ 'POST /api/orders': { status: 201, body: 'http://127.0.0.1:8080/sandbox/checkout/inv_1' } });
    const user = userEvent.setup();
    await renderPage();
    await user.click(screen.getByRole('button', { name: 'other amount' }));
    await user.type(screen.getByRole('textbox', { name: 'Other amount ($)' }), '64.5');
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://127.0.0.1:8080/sandbox/checkout/inv_1'));
    const order = calls.findIndex((call) => call.path === '/api/orders');
    expect(calls[order]).toEqual({ method: 'POST', path: '/api/orders', body: { amount: 64.5, currency: 'USD' } });
    expect(requests[order]?.headers.get('Authorization')).toBe('Bearer tok');
    expect(screen.getByRole('button', { name: 'Pay Now' })).toBeDisabled();
  });

  it('shows the server message when the order is refused, and does not navigate', async () => {
    fakeApi({ 'POST /api/orders': { status: 400, body: { message: 'Your first top-up must be at least $50.00.' } } });
    const user = userEvent.setup();
    await renderPage();
    await user.click(screen.getByRole('button', { name: '$20' }));
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your first top-up must be at least $50.00.');
    expect(assign).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Pay Now' })).toBeEnabled();
  });

  it('refuses to follow a checkout URL that is not http(s)', async () => {
    fakeApi({ 'POST /api/orders': { status: 201, body: 'javascript:alert(1)' } });
    const user = userEvent.setup();
    await renderPage();
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The payment could not be started. Please try again.');
    expect(assign).not.toHaveBeenCalled();
  });

  it('lists completed top-ups only, with date, the coin and a short transaction id (a dash for older ones) and amount', async () => {
    const tx = '3f2a9c1e' + '0'.repeat(52) + 'a1b2';
    const paid = { coin: null, transactionId: null };
    const topups: TopupRecord[] = [
      { _id: 'order-ltc', amount: 10000, status: 'completed', createdAt: new Date(2026, 2, 7, 9, 30).toISOString(), coin: 'LTC', transactionId: tx },
      { _id: 'order-done', amount: 50, status: 'completed', createdAt: new Date(2026, 2, 4, 9, 30).toISOString(), ...paid },
      { _id: 'order-pending', amount: 20, status: 'pending', createdAt: new Date(2026, 2, 5, 9, 30).toISOString(), ...paid },
      { _id: 'order-failed', amount: 30, status: 'failed', createdAt: new Date(2026, 2, 6, 9, 30).toISOString(), ...paid },
    ];
    const { calls, requests } = fakeApi({ 'GET /api/payments/topups/u1': { status: 200, body: topups } });
    const user = userEvent.setup();
    await renderPage();
    await user.click(screen.getByRole('tab', { name: 'Topups History' }));

    const table = await screen.findByRole('table', { name: 'Top-ups' });
    const headers = within(table).getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['Date', 'Type', 'Amount($)']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['2026-03-07 09:30', 'Litecoin · 3f2a9c1e…a1b2', '$10,000.00'],
      ['2026-03-04 09:30', '—', '$50.00'],
    ]);
    expect(within(rows[0] as HTMLElement).getByTitle(`Transaction ${tx}`)).toBeInTheDocument();
    expect(calls.some((call, i) => call.path === '/api/payments/topups/u1' && requests[i]?.headers.get('Authorization') === 'Bearer tok')).toBe(true);
  });

  it('says so when there is no completed top-up', async () => {
    fakeApi({ 'GET /api/payments/topups/u1': { status: 200, body: [{ _id: 'p', amount: 20, status: 'pending', createdAt: new Date().toISOString(), coin: null, transactionId: null }] } });
    const user = userEvent.setup();
    await renderPage();
    await user.click(screen.getByRole('tab', { name: 'Topups History' }));
    expect(await screen.findByText('No top-ups yet.')).toBeInTheDocument();
  });

  it('lists expenses as Buy ip: or Renew ip: proxy with negative prices', async () => {
    const expenses: ExpenseRecord[] = [
      { id: 'e3', added_timestamp: new Date(2026, 4, 3, 18, 5).toISOString(), proxy: '198.18.4.7', buy_price: 0.75, kind: 'renewal' },
      { id: 'e2', added_timestamp: new Date(2026, 4, 2, 18, 5).toISOString(), proxy: '198.18.4.7', buy_price: 0.8, kind: 'purchase' },
      { id: 'e1', added_timestamp: new Date(2026, 4, 1, 8, 0).toISOString(), proxy: '198.18.0.9', buy_price: 1.25, kind: 'purchase' },
    ];
    fakeApi({ 'GET /api/payments/expenses': { status: 200, body: expenses } });
    const user = userEvent.setup();
    await renderPage();
    await user.click(screen.getByRole('tab', { name: 'Expenses History' }));

    const table = await screen.findByRole('table', { name: 'Expenses' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Date', 'IP', 'Price']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['2026-05-03 18:05', 'Renew ip: 198.18.4.7', '-$0.75'],
      ['2026-05-02 18:05', 'Buy ip: 198.18.4.7', '-$0.80'],
      ['2026-05-01 08:00', 'Buy ip: 198.18.0.9', '-$1.25'],
    ]);
  });

  it('shows the server message when a history fails to load', async () => {
    fakeApi({ 'GET /api/payments/expenses': { status: 500, body: { message: 'Internal server error' } } });
    const user = userEvent.setup();
    await renderPage();
    await user.click(screen.getByRole('tab', { name: 'Expenses History' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Internal server error');
  });
});

// Buying many at once: "3 Residential in <state>" from the dashboard buys the three best online matches
// (they show in My Proxies and History, all in that state and residential), and a request the market cannot
// fill buys nothing and says so.
import { expect, test } from '../support/fixtures.ts';
import { topUpThroughSandbox } from '../support/sandbox-payments.ts';
import { createCustomer, signIn } from '../support/session.ts';

const RESIDENTIAL = ['ISP', 'MOB', 'COM', 'ISP/MOB', '-'];

test('a quantity buy takes the best matches of the chosen state, all or nothing', { tag: ['@marketplace', '@history'] }, async ({ page, request, sandbox }) => {
  expect(sandbox).toBe(true);
  const customer = await createCustomer(request, 'qty');
  const headers = { Authorization: `Bearer ${customer.token}` };
  await topUpThroughSandbox(request, customer, 50);
  const states = (await (await request.get('/api/proxy/states', { headers })).json()) as { state: string; cnt: number }[];
  const state = states.reduce((best, s) => (s.cnt > best.cnt ? s : best)).state;

  await signIn(page, customer);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: new RegExp(`^${state} - \\d+$`) }).click();
  await expect(page.getByTestId('proxy-row').first()).toBeVisible();

  const form = page.getByRole('region', { name: 'Buy several at once' });
  await form.getByLabel('How many').fill('3');
  await expect(form.getByRole('combobox', { name: 'Type' })).toHaveText('Residential');
  await form.getByRole('button', { name: `Buy 3 Residential in ${state}` }).click();
  await expect(form.getByTestId('quantity-buy-outcome')).toHaveText(`Bought 3 proxies in ${state}: they are in My Proxies below.`);
  await expect(page.getByTestId('my-proxy')).toHaveCount(3);

  const history = (await (await request.get('/api/proxy/history', { headers })).json()) as { region: string; user_type: string }[];
  expect(history).toHaveLength(3);
  for (const item of history) {
    expect(item.region).toBe(state);
    expect(RESIDENTIAL).toContain(item.user_type);
  }

  // More than the market has (or the balance covers): nothing bought, and the page says why.
  await form.getByLabel('How many').fill('100');
  await form.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Datacenter' }).click();
  await form.getByRole('button', { name: `Buy 100 Datacenter in ${state}` }).click();
  await expect(form.getByTestId('quantity-buy-outcome')).toContainText(/nothing was bought|Insufficient Funds/);
  await expect(page.getByTestId('my-proxy')).toHaveCount(3);
  expect(((await (await request.get('/api/proxy/history', { headers })).json()) as unknown[]).length).toBe(3);
});

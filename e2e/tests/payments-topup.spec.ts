import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { SANDBOX_CHECKOUT_PATH, topUpThroughSandbox } from '../support/sandbox-payments.ts';
import { createCustomer, signIn } from '../support/session.ts';

/** axe findings that would stop a customer: serious and critical ones. */
async function blockingViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help} (${v.nodes.length})`);
}

test('a new customer tops up $50 through the sandbox checkout and sees the balance change live', { tag: ['@payments'] }, async ({ page, context, request, sandbox: _ }) => {
  const customer = await createCustomer(request, 'topup');
  await signIn(page, customer);

  // A second portal tab stays open the whole time: it may only learn of the payment through the socket.
  const watcher = await context.newPage();
  await watcher.goto('/payments');
  await expect(watcher.getByTestId('balance')).toHaveText('$0.00');
  await watcher.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });

  await page.goto('/payments');
  await expect(page.getByRole('tab', { name: 'Add Payment' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: '$50', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('Total: $50.00')).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page).toHaveURL((url) => url.pathname.startsWith(`${SANDBOX_CHECKOUT_PATH}/sandbox_`));
  await expect(page.getByText(/TEST MODE/)).toBeVisible();
  await expect(page.getByText('$50.00', { exact: true })).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);

  await page.getByRole('radio', { name: 'Litecoin (LTC)' }).check();
  await page.getByRole('button', { name: 'Confirm test payment' }).click();
  // Back on the portal, the page says the payment was received (and the address drops the checkout's query).
  await expect(page.getByTestId('payment-received')).toContainText('Payment received.');
  await expect(page).toHaveURL(/\/payments$/);
  await expect(page.getByTestId('balance')).toHaveText('$50.00');

  // The tab that never reloaded shows the new balance too, and lists the completed top-up.
  await expect(watcher.getByTestId('balance')).toHaveText('$50.00');
  await watcher.getByRole('tab', { name: 'Topups History' }).click();
  const topups = watcher.getByRole('table', { name: 'Top-ups' });
  await expect(topups.getByRole('row')).toHaveCount(2);
  await expect(topups.getByRole('row').nth(1)).toContainText('$50.00');
  // Its Type: the coin chosen at the checkout and the paying transaction's id, shortened.
  await expect(topups.getByRole('row').nth(1)).toContainText(/Litecoin · [0-9a-f]{8}…[0-9a-f]{4}/);
  expect(await watcher.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  expect(await blockingViolations(watcher)).toEqual([]);
});

test('a new customer is told about the $50 first-deposit minimum', { tag: ['@payments'] }, async ({ page, request }) => {
  const customer = await createCustomer(request, 'topupmin');
  await signIn(page, customer);
  await page.goto('/payments');
  await page.getByRole('button', { name: '$20', exact: true }).click();
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page.getByRole('alert')).toHaveText('Your first top-up must be at least $50.00.');
  await expect(page).toHaveURL(/\/payments$/);
});

test('a bought proxy shows under Expenses History as Buy ip with a negative price', { tag: ['@payments'] }, async ({ page, request, sandbox: _ }) => {
  const customer = await createCustomer(request, 'spender');
  const auth = { Authorization: `Bearer ${customer.token}` };
  // Top up through the sandbox exactly as the browser's form would, then buy one proxy with the balance.
  await topUpThroughSandbox(request, customer, 50);
  const listings = (await (await request.post('/api/proxy/search', { headers: auth, data: { COUNTRY: 'US' } })).json()) as Array<{ id: string; sock_real_ip: string; price: number }>;
  const listing = listings[0];
  if (!listing) throw new Error('the demo inventory has no US proxy for sale');
  const bought = await request.post('/api/proxy/buy', { headers: auth, data: { ID: [listing.id] } });
  expect(bought.status()).toBe(200);

  await signIn(page, customer);
  await page.goto('/payments');
  await expect(page.getByTestId('balance')).toHaveText(`$${(50 - listing.price).toFixed(2)}`);
  await page.getByRole('tab', { name: 'Expenses History' }).click();
  const row = page.getByRole('table', { name: 'Expenses' }).getByRole('row').nth(1);
  await expect(row).toContainText(`Buy ip: ${listing.sock_real_ip}`);
  await expect(row).toContainText(`-$${listing.price.toFixed(2)}`);
  expect(await blockingViolations(page)).toEqual([]);
});

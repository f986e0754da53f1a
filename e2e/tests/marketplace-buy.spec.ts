import AxeBuilder from '@axe-core/playwright';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { topUpThroughSandbox } from '../support/sandbox-payments.ts';
import { createCustomer, signIn, type Customer } from '../support/session.ts';
import { fetchThroughProxy } from '../support/socks-fetch.ts';
import { target } from '../support/target.ts';

interface Listing {
  id: string;
  sock_real_ip: string;
  isp: string;
  price: number;
}

/** axe findings that would stop a customer: serious and critical ones. */
async function blockingViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help} (${v.nodes.length})`);
}

/** A customer with $50, topped up through the sandbox checkout the way the payments page does it. */
async function customerWithBalance(request: APIRequestContext, prefix: string): Promise<Customer> {
  const customer = await createCustomer(request, prefix);
  await topUpThroughSandbox(request, customer, 50);
  return customer;
}

/** The state with the most proxies for sale, and an ISP word that matches at least two of them. */
async function pickStateAndIsp(request: APIRequestContext, customer: Customer) {
  const headers = { Authorization: `Bearer ${customer.token}` };
  const states = (await (await request.get('/api/proxy/states', { headers })).json()) as { state: string; cnt: number }[];
  const state = states.reduce((best, s) => (s.cnt > best.cnt ? s : best));
  const listings = (await (await request.post('/api/proxy/search', { headers, data: { METHOD: 'search', COUNTRY: 'US', STATE: state.state } })).json()) as Listing[];
  const counts = new Map<string, number>();
  for (const listing of listings) counts.set(listing.isp, (counts.get(listing.isp) ?? 0) + 1);
  const [isp] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0] ?? [''];
  const word = isp.split(' ')[0] ?? isp;
  return { state, word };
}

const money = (dollars: number) => `$${dollars.toFixed(2)}`;
/** login:pass@gateway-host:port: the gateway endpoint that carries the proxy, not the exit's address. */
const CREDENTIAL = /^[A-Za-z0-9]{5,7}:[A-Za-z0-9]{5,7}@[A-Za-z0-9.:[\]-]+:\d{4,5}$/;

async function rowIp(page: Page, index: number): Promise<string> {
  const cell = page.getByTestId('proxy-row').nth(index).getByRole('cell').first();
  return ((await cell.textContent()) ?? '').replace(/^\S*\s/, '').trim();
}

async function priceOf(page: Page, index: number): Promise<number> {
  const text = (await page.getByTestId('proxy-row').nth(index).locator('td[data-label="Price"]').textContent()) ?? '';
  return Number(text.replace('$', ''));
}

/** A state's chip; its count moves while other tests of the run buy, so only the name is matched. */
function stateChip(page: Page, state: string) {
  return page.getByRole('button', { name: new RegExp(`^${state} - \\d+$`) });
}

async function buyTwoThroughTheCart(page: Page, narrow: boolean, state: { state: string; cnt: number }, word: string) {
  await expect(page.getByTestId('balance')).toHaveText('$50.00');
  await stateChip(page, state.state).click();
  await expect(page.getByTestId('proxy-row').first()).toBeVisible();

  // On a phone the column filters fold behind the Filters button.
  if (narrow) await page.getByRole('button', { name: /^Filters/ }).click();
  await page.getByRole('textbox', { name: 'Filter ISP' }).fill(word);
  const rows = page.getByTestId('proxy-row');
  await expect(rows.first()).toContainText(word);
  const firstIp = await rowIp(page, 0);
  const secondIp = await rowIp(page, 1);
  const total = (await priceOf(page, 0)) + (await priceOf(page, 1));
  for (let i = 0; i < Math.min(await rows.count(), 10); i++) await expect(rows.nth(i)).toContainText(word);

  await rows.first().click();
  const details = narrow
    ? page.getByRole('dialog', { name: `Proxy ${firstIp}` })
    : page.getByRole('complementary', { name: `Proxy ${firstIp}` });
  await expect(details).toBeVisible();
  for (const label of ['Org / ISP', 'Time zone', 'Blacklist', 'DNS']) await expect(details.getByText(label, { exact: true })).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
  await details.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('Added to cart')).toBeVisible();
  await details.getByRole('button', { name: 'Close details' }).click();
  await expect(details).toBeHidden();

  await page.getByRole('button', { name: `Add ${secondIp} to cart` }).click();
  await expect(page.getByTestId('cart-summary-count')).toHaveText('2 proxies');
  if (narrow) {
    await page.getByRole('button', { name: 'Cart 2 items' }).click();
  } else {
    await page.getByRole('region', { name: 'Cart summary' }).getByRole('button', { name: 'Show' }).click();
  }
  const cart = page.getByRole('dialog', { name: /Cart/ });
  await expect(cart.getByTestId('cart-count')).toHaveText('2 proxies');
  expect(await blockingViolations(page)).toEqual([]);
  await cart.getByRole('button', { name: 'Buy all' }).click();
  await expect(page.getByText('Purchased Successfully !!!')).toBeVisible();
  await expect(cart.getByTestId('cart-count')).toHaveText('empty');
  await cart.getByRole('button', { name: 'Close' }).click();

  await expect(page.getByTestId('balance')).toHaveText(money(50 - total));
  const mine = page.getByRole('list', { name: 'My proxies' }).getByTestId('proxy-credential');
  await expect(mine).toHaveCount(2);
  const credentials = await mine.allTextContents();
  for (const credential of credentials) expect(credential).toMatch(CREDENTIAL);
  // Each lease has its own port on the gateway.
  expect(new Set(credentials.map((c) => c.split(':').at(-1))).size).toBe(2);
  await expect(page.getByTestId('cart-summary-count')).toHaveText('empty');

  // A reload reads everything from the server again: the proxies are still ours and the cart stays empty.
  await page.reload();
  await expect(page.getByRole('list', { name: 'My proxies' }).getByTestId('proxy-credential')).toHaveCount(2);
  await expect(page.getByTestId('cart-summary-count')).toHaveText('empty');
  await expect(page.getByTestId('balance')).toHaveText(money(50 - total));
  expect(await blockingViolations(page)).toEqual([]);
}

// Buying needs a balance, and a test can only pay through the sandbox (the `sandbox` fixture).
test('a customer filters a state by ISP, opens details, buys two proxies through the cart and gets their credentials', { tag: ['@marketplace'] }, async ({ page, request, sandbox: _ }) => {
  const customer = await customerWithBalance(request, 'buyer');
  const { state, word } = await pickStateAndIsp(request, customer);
  await signIn(page, customer);
  await page.goto('/dashboard');
  await expect(page.getByRole('tab', { name: /^USA \(\d+\)$/ })).toHaveAttribute('aria-selected', 'true');
  await buyTwoThroughTheCart(page, false, state, word);
});

test('the same purchase on a 390 px phone, with details in a modal', { tag: ['@marketplace'] }, async ({ page, request, sandbox: _ }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const customer = await customerWithBalance(request, 'phone');
  const { state, word } = await pickStateAndIsp(request, customer);
  await signIn(page, customer);
  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: /^USA \(\d+\)$/ })).toHaveAttribute('aria-expanded', 'true');
  await buyTwoThroughTheCart(page, true, state, word);
});

test('a proxy bought in the browser fetches a page with the string copied from My Proxies', { tag: ['@marketplace'] }, async ({ page, request, sandbox: _ }) => {
  test.skip(
    !target().localRunDir && process.env.E2E_GATEWAY_LOOPBACK !== 'true',
    "gateway: the portal under test is not this run's own, so its gateway cannot reach the page this test serves on 127.0.0.1 (E2E_GATEWAY_LOOPBACK=true says it runs on this machine with GATEWAY_ALLOW_LOOPBACK)",
  );
  const body = 'served to a customer through the gateway';
  const server = createServer((_request, response) => response.end(body));
  await new Promise<void>((resolve) => server.listen({ host: '127.0.0.1', port: 0 }, resolve));
  try {
    const customer = await customerWithBalance(request, 'proxyuser');
    const { state } = await pickStateAndIsp(request, customer);
    await signIn(page, customer);
    await page.goto('/dashboard');
    await stateChip(page, state.state).click();
    const firstIp = await rowIp(page, 0);
    await page.getByTestId('proxy-row').first().click();
    const details = page.getByRole('complementary', { name: `Proxy ${firstIp}` });
    await details.getByRole('button', { name: 'Buy', exact: true }).click();
    await expect(page.getByText('Purchased Successfully !!!')).toBeVisible();

    const mine = page.getByRole('list', { name: 'My proxies' }).getByTestId('proxy-credential');
    await expect(mine).toHaveCount(1);
    const copied = (await mine.first().textContent()) ?? '';
    expect(copied).toMatch(CREDENTIAL);
    const port = (server.address() as AddressInfo).port;
    // The gateway hears of the purchase within a second; until then the port may not be open yet.
    await expect(async () => expect(await fetchThroughProxy(copied, port)).toBe(body)).toPass({ timeout: 20_000 });
  } finally {
    server.close();
  }
});

import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { applyRemoteOverrides } from '../support/remote-overrides.ts';
import { topUpThroughSandbox } from '../support/sandbox-payments.ts';
import { createCustomer, signIn, type Customer } from '../support/session.ts';

/** axe findings that would stop a customer: serious and critical ones. */
async function blockingViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help} (${v.nodes.length})`);
}

/** The page at the two widths every page must fit, checked with axe at each. */
async function axeAtBothWidths(page: Page) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await blockingViolations(page), `axe at ${width} px`).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `horizontal overflow at ${width} px`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** A second person at another computer: their own browser context, so their own session storage. */
async function pageOf(browser: Browser, baseURL: string, person: Customer): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  await applyRemoteOverrides(context, baseURL);
  const page = await context.newPage();
  await signIn(page, person);
  return page;
}

test(
  'a refund ticket for a proxy bought minutes ago: support sees it live, replies and approves; the customer sees it all without reloading',
  { tag: ['@support', '@payments'] },
  async ({ page, browser, baseURL, request, sandbox: _, mailbox, supportMember }) => {
    // Two people, five pages, each checked with axe at two widths: longer than one page's budget.
    test.setTimeout(180_000);
    const customer = await createCustomer(request, 'refund');
    await topUpThroughSandbox(request, customer, 50);
    const auth = { Authorization: `Bearer ${customer.token}` };
    const listings = (await (await request.post('/api/proxy/search', { headers: auth, data: { COUNTRY: 'US' } })).json()) as Array<{ id: string; sock_real_ip: string; price: number }>;
    const listing = listings[0];
    if (!listing) throw new Error('the demo inventory has no US proxy for sale');
    expect((await request.post('/api/proxy/buy', { headers: auth, data: { ID: [listing.id] } })).status()).toBe(200);
    const price = `$${listing.price.toFixed(2)}`;
    const afterPurchase = `$${(50 - listing.price).toFixed(2)}`;

    // Support watches the desk before the ticket exists: it must arrive there live.
    const desk = await pageOf(browser, baseURL as string, supportMember);
    await desk.goto('/support/desk');
    await expect(desk.getByRole('heading', { name: 'Support desk' })).toBeVisible();
    await expect(desk.getByRole('progressbar')).toHaveCount(0);
    await desk.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });

    await signIn(page, customer);
    await page.goto('/support');
    await expect(page.getByRole('heading', { name: 'My Support Ticket' })).toBeVisible();
    await expect(page.getByText('No tickets found.')).toBeVisible();
    await axeAtBothWidths(page);
    await page.getByRole('button', { name: 'Create Ticket' }).click();
    await expect(page.getByRole('heading', { name: 'Create New Ticket' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Refund Proxy' }).click();
    await page.getByRole('combobox', { name: 'Proxy' }).click();
    await page.getByRole('option', { name: new RegExp(`^${listing.sock_real_ip.replaceAll('.', '\\.')} `) }).click();
    await page.getByRole('textbox', { name: 'Ticket text' }).fill('This proxy went offline ten minutes after I bought it.');
    await axeAtBothWidths(page);
    await page.getByRole('button', { name: 'Create Ticket' }).click();
    await expect(page.getByText('Ticket created successfully!')).toBeVisible();
    const link = page.getByRole('link', { name: 'This proxy went of' });
    await expect(link).toBeVisible();
    await axeAtBothWidths(page);
    await link.click();
    const heading = page.getByRole('heading', { name: /^Ticket #[0-9a-f]{6}$/ });
    await expect(heading).toBeVisible();
    const title = (await heading.textContent()) ?? '';
    await expect(page.getByText(`Proxy ${listing.sock_real_ip}`)).toBeVisible();
    await expect(page.getByTestId('balance')).toHaveText(afterPurchase);
    await axeAtBothWidths(page);
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });

    // The desk lists the new ticket without a reload, and support answers it.
    const queued = desk.getByRole('link', { name: title });
    await expect(queued).toBeVisible();
    await expect(desk.getByRole('listitem').filter({ has: queued })).toContainText('Refund requested');
    expect(await desk.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await axeAtBothWidths(desk);
    await queued.click();
    await expect(desk.getByRole('heading', { name: title })).toBeVisible();
    await desk.getByRole('textbox', { name: 'Reply as support' }).fill('We checked it: the proxy is offline. Refunding it now.');
    await desk.getByRole('button', { name: 'Send reply' }).click();
    await expect(page.getByText('We checked it: the proxy is offline. Refunding it now.')).toBeVisible();
    await expect(page.getByText('Private Sock5 Support').first()).toBeVisible();
    await expect(page.getByText(supportMember.username)).toHaveCount(0);
    await axeAtBothWidths(desk);

    await desk.getByRole('button', { name: `Approve refund of ${price}` }).click();
    await expect(desk.getByText(`Refund of ${price} approved`)).toBeVisible();

    // The customer's open page learns everything over the socket.
    await expect(page.getByTestId('balance')).toHaveText('$50.00');
    await expect(page.getByText(new RegExp(`Refunded \\${price.replace('.', '\\.')} on`))).toBeVisible();
    await expect(page.getByText(/was approved and credited to your balance/)).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await axeAtBothWidths(page);

    await expect
      .poll(async () => (await mailbox.newestTo(customer.email)) ?? '', { message: `a support mail in ${mailbox.description}`, timeout: 30_000 })
      .toContain(`replied to your ticket ${title.replace('Ticket ', '')}`);
    await desk.context().close();
  },
);

import AxeBuilder from '@axe-core/playwright';
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { expectNoSidewaysScroll } from '../support/layout.ts';
import { createCustomer, signIn } from '../support/session.ts';
import { target } from '../support/target.ts';

// The API tab in the browser: a key is created with the password, shown once, used for a real /api/v1 call
// and revoked (the next call is refused); a webhook endpoint is added (its secret shown once), a test event
// reaches a receiver on loopback with a signature made with that secret, and the delivery log shows it.
// At 390 px in the dark theme and at 1440 px in the light one, axe-clean.

async function blockingViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help} (${v.nodes.map((node) => node.target.join(' ')).join(', ')})`);
}

for (const view of [
  { width: 390, height: 844, theme: 'dark' },
  { width: 1440, height: 900, theme: 'light' },
] as const) {
  test(`API keys tab at ${view.width} px (${view.theme}): create with the password, see once, use, revoke; a signed test webhook`, { tag: ['@account'] }, async ({ page, request }) => {
    const customer = await createCustomer(request, 'apikeys');
    await page.addInitScript((mode) => localStorage.setItem('theme', mode), view.theme);
    await page.setViewportSize({ width: view.width, height: view.height });
    await signIn(page, customer);
    await page.goto('/user-profile');
    await page.getByRole('tab', { name: 'API' }).click();
    await expect(page.getByRole('heading', { name: 'API keys' })).toBeVisible();
    await expect(page.getByText('No API keys yet.')).toBeVisible();

    // The password is asked for: a wrong one creates nothing.
    await page.getByLabel('Key name').fill('scraper');
    await page.getByLabel('Current password', { exact: true }).fill('Wrong-Horse-9');
    await page.getByRole('button', { name: 'Create key' }).click();
    await expect(page.getByRole('alert').first()).toBeVisible();
    await expect(page.getByTestId('new-api-key')).toHaveCount(0);

    await page.getByLabel('Current password', { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: 'Create key' }).click();
    const shown = page.getByTestId('new-api-key');
    await expect(shown).toBeVisible();
    const key = ((await shown.textContent()) ?? '').trim();
    expect(key.length).toBeGreaterThan(20);
    expect(await blockingViolations(page)).toEqual([]);
    await expectNoSidewaysScroll(page);

    // A real call with the key (not the session): the balance.
    const balance = await request.get('/api/v1/balance', { headers: { Authorization: `Bearer ${key}` } });
    expect(balance.status()).toBe(200);
    expect(await balance.json()).toEqual({ balance: 0 });

    // Shown once: after Done (and after a reload) only its prefix is listed, with its last use.
    await page.getByRole('button', { name: 'Done' }).click();
    await page.reload();
    await page.getByRole('tab', { name: 'API' }).click();
    const keys = page.getByRole('table', { name: 'API keys' });
    await expect(keys.getByRole('row', { name: /scraper/ })).toBeVisible();
    await expect(page.getByText(key)).toHaveCount(0);
    await expect(keys).not.toContainText('Never');

    // A webhook endpoint on loopback (this run allows loopback and http; production does not).
    if (target().localRunDir) {
      const received: { signature: string; body: string }[] = [];
      const receiver = createServer((req, res) => {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
        req.on('end', () => {
          received.push({ signature: String(req.headers['private-sock5-signature'] ?? ''), body });
          res.end('ok');
        });
      });
      await new Promise<void>((resolve) => receiver.listen({ host: '127.0.0.1', port: 0 }, resolve));
      try {
        const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
        await page.getByLabel('Endpoint URL').fill(url);
        await page.getByRole('button', { name: 'Add endpoint' }).click();
        const secretBox = page.getByTestId('new-webhook-secret');
        await expect(secretBox).toBeVisible();
        const secret = ((await secretBox.textContent()) ?? '').trim();
        expect(secret).toMatch(/^whsec_/);
        await page.getByRole('button', { name: `Send test event to ${url}` }).click();
        await expect(page.getByRole('table', { name: 'Webhook deliveries' })).toContainText('delivered (HTTP 200)');
        expect(received).toHaveLength(1);
        const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(received[0]!.signature) ?? [];
        expect(v1).toBe(createHmac('sha256', secret).update(`${t}.${received[0]!.body}`).digest('hex'));
        expect(JSON.parse(received[0]!.body)).toMatchObject({ type: 'webhook.test' });
        expect(await blockingViolations(page)).toEqual([]);
      } finally {
        receiver.closeAllConnections();
        receiver.close();
      }
    }

    // Revoked at once: the next call with it is refused.
    await keys.getByRole('button', { name: 'Revoke scraper' }).click();
    await expect(page.getByText('No API keys yet.')).toBeVisible();
    const refused = await request.get('/api/v1/balance', { headers: { Authorization: `Bearer ${key}` } });
    expect(refused.status()).toBe(401);
  });
}

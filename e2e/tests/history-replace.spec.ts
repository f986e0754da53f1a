import AxeBuilder from '@axe-core/playwright';
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { expectNoSidewaysScroll } from '../support/layout.ts';
import { topUpThroughSandbox } from '../support/sandbox-payments.ts';
import { createCustomer, signIn } from '../support/session.ts';
import { fetchThroughProxy } from '../support/socks-fetch.ts';
import { target } from '../support/target.ts';
import { inventory, microsocksInstalled, startMicrosocks } from '../support/upstreams.ts';

// The free replacement of a dead proxy, in the browser: two upstreams of one type are imported and checked,
// a customer buys the one leaving from 127.0.0.5, it dies (its microsocks stopped, the checker confirms it),
// History offers "Replace" on its row, one click moves the lease to the other upstream, and the same proxy
// string (same port, same login:pass) now carries a page from 127.0.0.6. At 390 px and in the dark theme too.
// Then the account's "Replace dead proxies automatically" switch, on the same page, in the light theme.

test('a dead proxy is replaced from History with one click: same proxy string, traffic through the new exit', { tag: ['@history'] }, async ({ page, request, sandbox: _ }) => {
  test.skip(!target().localRunDir, "operator: the inventory command runs on the portal's own machine and data dir");
  expect(microsocksInstalled, 'microsocks is needed as the upstream SOCKS5 servers: apt-get install -y microsocks').toBe(true);
  test.setTimeout(120_000);

  const seen: string[] = [];
  const site = createServer((req, res) => {
    seen.push(req.socket.remoteAddress ?? '');
    res.end(`hello from ${req.socket.remoteAddress}`);
  });
  await new Promise<void>((resolve) => site.listen({ host: '127.0.0.1', port: 0 }, resolve));
  const sitePort = (site.address() as AddressInfo).port;
  const dying = await startMicrosocks('127.0.0.5');
  const spare = await startMicrosocks('127.0.0.6');
  try {
    const { localRunDir } = target();
    await writeFile(join(localRunDir!, 'replace-exits.txt'), [`127.0.0.1:${dying.port},datacenter,90`, `127.0.0.1:${spare.port},datacenter,90`, ''].join('\n'));
    expect(await inventory('import', 'replace-exits.txt', '--sync', 'e2e-replace')).toContain('2 new');
    expect(await inventory('check', '--source', 'e2e-replace')).toMatch(/: 2 passed, 0 failed\./);

    const customer = await createCustomer(request, 'replacer');
    await topUpThroughSandbox(request, customer, 50);
    const auth = { Authorization: `Bearer ${customer.token}` };
    const found = (await (await request.post('/api/proxy/find', { headers: auth, data: { q: '127.0.0.5' } })).json()) as { id: string }[];
    expect(found).toHaveLength(1);
    const bought = await request.post('/api/proxy/buy', { headers: auth, data: { ID: [found[0]!.id] } });
    expect(bought.status()).toBe(200);
    const [item] = (await bought.json()) as { PROXY: string; SOCKS_AUTH: string }[];
    const proxyString = `${item!.SOCKS_AUTH}@${item!.PROXY}`;
    await expect(async () => expect(await fetchThroughProxy(proxyString, sitePort)).toBe('hello from 127.0.0.5')).toPass({ timeout: 20_000 });

    // The exit dies: the checker confirms it after its failures in a row.
    dying.process.kill();
    for (let round = 0; round < 3; round++) expect(await inventory('check', '--source', 'e2e-replace')).toMatch(/: 1 passed, 1 failed/);

    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, customer);
    await page.goto('/history');
    const replace = page.getByRole('button', { name: `Replace dead proxy ${item!.PROXY} free of charge` });
    await expect(replace).toBeVisible();
    const violations = (await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await expectNoSidewaysScroll(page);

    await replace.click();
    await expect(page.getByText(`Proxy ${item!.PROXY} now leaves through 127.0.0.6`)).toBeVisible();
    const row = page.getByTestId('history-row').first();
    await expect(row).toContainText('127.0.0.6');
    await expect(replace).toHaveCount(0);

    // The customer's software keeps its proxy string: the page now arrives from the new exit.
    await expect(async () => expect(await fetchThroughProxy(proxyString, sitePort)).toBe('hello from 127.0.0.6')).toPass({ timeout: 20_000 });
    expect(seen.at(-1)).toBe('127.0.0.6');

    await page.setViewportSize({ width: 1440, height: 900 });
    await expect(row).toContainText('127.0.0.6');
    const wide = (await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(wide.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

    // The account setting, switched on from the History page in the light theme (and at 390 px, readable).
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    await page.addInitScript(() => localStorage.setItem('theme', 'light'));
    await page.reload();
    const automatic = page.getByRole('switch', { name: 'Replace dead proxies automatically' });
    await expect(automatic).toBeEnabled();
    await expect(automatic).not.toBeChecked();
    await automatic.click();
    await expect(page.getByText('Automatic replacement enabled')).toBeVisible();
    await expect(automatic).toBeChecked();
    expect(await (await request.get('/api/proxy/replace/automatic', { headers: auth })).json()).toEqual({ enabled: true });
    const light = (await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(light.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(automatic).toBeVisible();
    await expectNoSidewaysScroll(page);
  } finally {
    dying.process.kill();
    spare.process.kill();
    site.closeAllConnections();
    site.close();
  }
});

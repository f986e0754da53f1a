import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { inventory, microsocksInstalled, startMicrosocks } from '../support/upstreams.ts';
import { topUpThroughSandbox } from '../support/sandbox-payments.ts';
import { createCustomer, signIn } from '../support/session.ts';
import { fetchThroughProxy } from '../support/socks-fetch.ts';
import { target } from '../support/target.ts';

// The operator's side of the shop, end to end on loopback: three upstream SOCKS5 servers (Debian's microsocks,
// each sending its traffic out from its own 127.0.0.x address) are imported from a file with the inventory
// command while the portal runs, checked, and one is bought by a customer in the browser; a page fetched
// through the proxy string the portal gave arrives from that upstream's address.

test('an operator imports three upstreams while the portal runs, checks them, and a customer buys one that carries the page through its exit', { tag: ['@marketplace', '@history'] }, async ({ page, request, sandbox: _ }) => {
  test.skip(!target().localRunDir, "operator: the inventory command runs on the portal's own machine and data dir; a deployed portal is stocked by its operator");
  expect(microsocksInstalled, 'microsocks is needed as the upstream SOCKS5 servers: apt-get install -y microsocks').toBe(true);
  test.setTimeout(120_000);

  const seen: string[] = [];
  const site = createServer((req, res) => {
    seen.push(req.socket.remoteAddress ?? '');
    res.end('page fetched through an imported exit');
  });
  await new Promise<void>((resolve) => site.listen({ host: '127.0.0.1', port: 0 }, resolve));
  const upstreams = [
    await startMicrosocks('127.0.0.2', 'provider1', 'Upstream-Pass-1'),
    await startMicrosocks('127.0.0.3', 'provider2', 'Upstream-Pass-2'),
    await startMicrosocks('127.0.0.4'),
  ];
  try {
    const { localRunDir } = target();
    await writeFile(
      join(localRunDir!, 'exits.txt'),
      [
        '# exits of our provider',
        `127.0.0.1:${upstreams[0]!.port}:provider1:Upstream-Pass-1,residential,150,rack 1`,
        `socks5://provider2:Upstream-Pass-2@127.0.0.1:${upstreams[1]!.port},mobile,,rack 2`,
        `127.0.0.1:${upstreams[2]!.port},datacenter`,
        '',
      ].join('\n'),
    );
    expect(await inventory('import', 'exits.txt', '--sync', 'e2e-upstreams')).toContain('Imported 3 exits into source "e2e-upstreams": 3 new');
    const checked = await inventory('check', '--source', 'e2e-upstreams');
    expect(checked).toMatch(/: 3 passed, 0 failed\./);
    for (const address of ['127.0.0.2', '127.0.0.3', '127.0.0.4']) expect(checked).toContain(`exit IP ${address}`);

    // A customer finds the exit leaving from 127.0.0.3 by its address and buys it.
    const customer = await createCustomer(request, 'stocked');
    await topUpThroughSandbox(request, customer, 50);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, customer);
    await page.goto('/dashboard');
    await page.getByRole('searchbox', { name: 'Search the catalogue' }).fill('127.0.0.3');
    const row = page.getByTestId('proxy-row');
    await expect(row).toHaveCount(1);
    await expect(row.first()).toContainText('127.0.0.3');
    await expect(row.first()).toContainText('MOB');
    await row.first().click();
    const details = page.getByRole('complementary', { name: 'Proxy 127.0.0.3' });
    await details.getByRole('button', { name: 'Buy', exact: true }).click();
    await expect(page.getByText('Purchased Successfully !!!')).toBeVisible();
    const credential = page.getByRole('list', { name: 'My proxies' }).getByTestId('proxy-credential');
    await expect(credential).toHaveCount(1);
    const copied = (await credential.first().textContent()) ?? '';
    expect(copied).not.toContain('Upstream-Pass');

    const port = (site.address() as AddressInfo).port;
    await expect(async () => expect(await fetchThroughProxy(copied, port)).toBe('page fetched through an imported exit')).toPass({ timeout: 20_000 });
    expect(seen).toEqual(['127.0.0.3']);
    // Sold once: no longer offered to anyone.
    await page.getByRole('searchbox', { name: 'Search the catalogue' }).fill('127.0.0.');
    await expect(row).toHaveCount(2);
  } finally {
    for (const upstream of upstreams) upstream.process.kill();
    site.closeAllConnections();
    site.close();
  }
});

// The operator console's inventory, money and leases pages on the real portal: an operator uploads a file of
// exits (two local SOCKS5 upstreams, Debian's microsocks, and one bad line), sees the per-line report before
// confirming, imports, and watches the new exits become online on the open page, without a reload, once the
// checker has checked them; the exit's own page shows its check history. The pages pass axe and fit 390 and
// 1440 px in both themes.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { expectConsolePagesClean, newOperator, skipDeployed } from '../support/operator.ts';
import { signIn } from '../support/session.ts';
import { inventory, microsocksInstalled, startMicrosocks } from '../support/upstreams.ts';

const figure = async (page: Page, id: string) => Number(((await page.getByTestId(id).textContent()) ?? '').replace(/,/g, ''));

test('an operator imports exits after checking the file, and watches them become online without a reload', { tag: ['@operator', '@marketplace'] }, async ({ page, request }) => {
  skipDeployed();
  expect(microsocksInstalled, 'microsocks is needed as the upstream SOCKS5 servers: apt-get install -y microsocks').toBe(true);
  test.setTimeout(120_000);
  const upstreams = [await startMicrosocks('127.0.0.5'), await startMicrosocks('127.0.0.6')];
  try {
    const operator = await newOperator(request);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, operator);
    await page.goto('/operator/inventory');
    await expect(page.getByRole('heading', { level: 1, name: 'Inventory' })).toBeVisible();
    const online = await figure(page, 'exits-online');
    const unchecked = await figure(page, 'exits-unchecked');
    const retiredBefore = await figure(page, 'exits-retired');
    // Anything the page does from here on comes through the socket: a reload would drop this mark.
    await page.evaluate(() => Object.assign(window, { noReloadMark: true }));

    const file = [`127.0.0.1:${upstreams[0]!.port},residential`, `127.0.0.1:${upstreams[1]!.port},mobile`, 'not an exit', ''].join('\n');
    await page.getByLabel('File of exits').setInputFiles({ name: 'exits.txt', mimeType: 'text/plain', buffer: Buffer.from(file) });
    await expect(page.getByTestId('import-file-name')).toHaveText('exits.txt');
    await page.getByRole('textbox', { name: 'Source' }).fill('e2e-console');
    const importButton = page.getByRole('button', { name: 'Import', exact: true });
    await expect(importButton).toBeDisabled();

    // The check reports the bad line by number and writes nothing; skipping bad lines, it says what would happen.
    await page.getByRole('button', { name: 'Check file' }).click();
    const check = page.getByTestId('import-check');
    await expect(check).toContainText('Nothing was imported: 1 bad line of 3');
    await expect(check).toContainText('Line 3:');
    await expect(importButton).toBeDisabled();
    await page.getByRole('checkbox', { name: 'Skip bad lines' }).check();
    await page.getByRole('button', { name: 'Check file' }).click();
    await expect(check).toContainText('Nothing written yet. Importing would write 2 exits into source "e2e-console": 2 new');

    await importButton.click();
    await expect(page.getByTestId('import-result')).toContainText('Imported 2 exits into source "e2e-console": 2 new');

    // The checker checks new exits (the scheduled one soon, here also at once from the command line): they go
    // online and the open page follows.
    await expect(async () => expect(await inventory('check', '--source', 'e2e-console')).toMatch(/: 2 passed, 0 failed\./)).toPass({ timeout: 20_000 });
    await expect(page.getByTestId('exits-online')).toHaveText((online + 2).toLocaleString('en-US'));
    await expect(page.getByTestId('exits-unchecked')).toHaveText(unchecked.toLocaleString('en-US'));

    // The exit's own page: online, its first check in the history, where it leaves from.
    await page.getByRole('textbox', { name: 'Host, exit IP or label' }).fill(`127.0.0.1:${upstreams[1]!.port}`);
    await page.getByRole('link', { name: `127.0.0.1:${upstreams[1]!.port}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Exit 127.0.0.1:${upstreams[1]!.port}` })).toBeVisible();
    await expect(page.getByTestId('exit-state')).toHaveText('online');
    await expect(page.getByTestId('exit-transitions')).toContainText('unchecked → online');
    await expect(page.getByRole('figure').filter({ hasText: 'Ping over time' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Location' })).toContainText('127.0.0.6');

    // Changed elsewhere (the command retires the source): the open page says so without any click of its own.
    expect(await inventory('retire', 'e2e-console')).toContain('Retired 2 exits of source "e2e-console".');
    await expect(page.getByTestId('exit-state')).toHaveText('retired');
    await expect(page.getByTestId('exit-transitions')).toContainText('online → retired');
    // Restored by hand from the console: checked again before it is sold.
    await page.getByRole('button', { name: `Restore 127.0.0.1:${upstreams[1]!.port}` }).click();
    await expect(page.getByTestId('exit-state')).not.toHaveText('retired');
    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page.getByTestId('exits-retired')).toHaveText((retiredBefore + 1).toLocaleString('en-US'));
    expect(await page.evaluate(() => (window as unknown as { noReloadMark?: boolean }).noReloadMark)).toBe(true);
  } finally {
    for (const upstream of upstreams) upstream.process.kill();
  }
});

for (const theme of ['light', 'dark'] as const) {
  for (const width of [390, 1440]) {
    test(`the inventory, money and leases pages pass axe and fit ${width} px in the ${theme} theme`, { tag: ['@operator'] }, async ({ page, request }) => {
      skipDeployed();
      const operator = await newOperator(request);
      await page.addInitScript((mode) => localStorage.setItem('theme', mode), theme);
      await page.setViewportSize({ width, height: 900 });
      await signIn(page, operator);
      await expectConsolePagesClean(page, width, [
        { path: '/operator/inventory', heading: 'Inventory' },
        { path: '/operator/inventory/exits/1', heading: /^Exit / },
        { path: '/operator/money', heading: 'Money' },
        { path: '/operator/leases', heading: 'Leases' },
      ]);
    });
  }
}

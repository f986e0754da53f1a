// The operator's side in e2e: an account made an operator with the grant-operator command while the portal
// runs (as docs/operator-console.md says to), and the accessibility check every console page passes.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { logIn, registerCustomer, type Customer } from './session.ts';
import { localDirs, REPO_ROOT, target } from './target.ts';

const run = promisify(execFile);

/** The operator's command, as `npm run pnpm -- --filter api grant-operator <username>` runs it, against this run's portal. */
async function grantOperator(username: string): Promise<string> {
  const { localRunDir } = target();
  const { stdout } = await run(process.execPath, [join(REPO_ROOT, 'api', 'src', 'cli', 'grant-operator.ts'), username], {
    env: { ...process.env, DATA_DIR: localDirs(localRunDir!).data },
  });
  return stdout.trim();
}

export async function newOperator(request: APIRequestContext): Promise<Customer> {
  const account = await registerCustomer(request, 'op');
  expect(await grantOperator(account.username)).toBe(`${account.username} is now an operator.`);
  return logIn(request, account);
}

/** axe's serious and critical findings on the page as it is now. */
export async function blockingViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} -> ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

export const skipDeployed = () =>
  test.skip(!target().localRunDir, "operator: the role is granted with grant-operator on the portal's own machine; a deployed portal's operators are made by its admin");

/** Opens each console page at this width: its heading shows, axe finds nothing serious, nothing scrolls sideways. */
export async function expectConsolePagesClean(page: Page, width: number, pages: { path: string; heading: string | RegExp }[]) {
  for (const { path, heading } of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    expect(await blockingViolations(page), path).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} scrolls sideways`).toBeLessThanOrEqual(width);
  }
}

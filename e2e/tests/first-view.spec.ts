// A signed-in page's first view: the dashboard arrives drawn in its HTML (api/src/web/first-views.ts), so a
// phone paints it before any script has run, and the working page takes its place without anything on
// screen moving.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { createCustomer, signIn } from '../support/session.ts';

/** The signed-in pages that come with a first view: two texts of each whose place must not change. */
const PAGES = [
  {
    path: '/dashboard',
    remote: 'marketplace',
    title: 'Proxy marketplace',
    text: 'Finds proxies in every country by the start of a city, ISP, ZIP, domain or IP.',
  },
  { path: '/history', remote: 'history', title: 'History', text: 'Include proxies that ended over 30 days ago' },
];

async function box(locator: Locator) {
  const rect = await locator.boundingBox();
  if (!rect) throw new Error('not on screen');
  return { x: Math.round(rect.x), y: Math.round(rect.y), width: Math.round(rect.width), height: Math.round(rect.height) };
}

/** Where the page's title and one of its texts are, in the first view alone (no script may run) or in the page. */
async function layoutOf(page: Page, scope: 'first view' | 'page', texts: { title: string; text: string }) {
  const root = page.locator(scope === 'first view' ? '#first-view' : '#root');
  return {
    title: await box(root.getByRole('heading', { name: texts.title, exact: true, includeHidden: true }).filter({ visible: true })),
    text: await box(root.getByText(texts.text, { exact: true }).filter({ visible: true })),
  };
}

for (const target of PAGES) {
  for (const width of [390, 1440]) {
    test(`at ${width} px ${target.path} paints from its HTML, and the page replaces it where it stands`, { tag: ['@shell', `@${target.remote}`] }, async ({ page, request }) => {
      await page.setViewportSize({ width, height: 900 });
      await signIn(page, await createCustomer(request));

      // What a phone paints before the portal's code has arrived.
      await page.route(/\.js(\?|$)/, (route) => route.abort());
      await page.goto(target.path);
      await expect(page.locator('#first-view').getByText(target.text, { exact: true }).filter({ visible: true })).toBeVisible();
      const firstView = await layoutOf(page, 'first view', target);
      // It is only a picture of the page: nothing in it takes a click or a key.
      expect(await page.locator('#first-view').getAttribute('inert')).not.toBeNull();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);

      await page.unroute(/\.js(\?|$)/);
      await page.goto(target.path);
      await expect(page.getByTestId(`build-label-${target.remote}`)).toBeAttached();
      await expect(page.locator('#first-view')).toHaveCount(0);
      expect(await layoutOf(page, 'page', target)).toEqual(firstView);
    });
  }
}

test('the first view comes in the theme the customer last chose', { tag: ['@shell', '@marketplace'] }, async ({ page, request }) => {
  await signIn(page, await createCustomer(request));
  await page.goto('/dashboard');
  await expect(page.getByTestId('build-label-marketplace')).toBeAttached();
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const dark = await background();
  await page.getByRole('button', { name: 'Toggle light/dark theme' }).click();
  const light = await background();
  expect(light).not.toBe(dark);

  await page.route(/\.js(\?|$)/, (route) => route.abort());
  await page.goto('/dashboard');
  await expect(page.locator('#first-view')).toHaveCount(1);
  expect(await background()).toBe(light);
});

test('a visitor who opens the dashboard signed out is sent to the landing page, the first view gone', { tag: ['@shell', '@marketplace', '@landing'] }, async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.locator('#first-view')).toHaveCount(0);
});

// A signed-in page's first view: the dashboard arrives drawn in its HTML (api/src/web/first-views.ts), so a
// phone paints it before any script has run, and the working page takes its place without anything on
// screen moving.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { createCustomer, signIn } from '../support/session.ts';

const HELPER = 'Finds proxies in every country by the start of a city, ISP, ZIP, domain or IP.';

async function box(locator: Locator) {
  const rect = await locator.boundingBox();
  if (!rect) throw new Error('not on screen');
  return { x: Math.round(rect.x), y: Math.round(rect.y), width: Math.round(rect.width), height: Math.round(rect.height) };
}

/** Where the page's title and its search's hint are, in the first view alone (no script may run) or in the page. */
async function layoutOf(page: Page, scope: 'first view' | 'page') {
  const root = page.locator(scope === 'first view' ? '#first-view' : '#root');
  return {
    title: await box(root.getByText('Proxy marketplace', { exact: true }).filter({ visible: true })),
    hint: await box(root.getByText(HELPER).filter({ visible: true })),
  };
}

for (const width of [390, 1440]) {
  test(`at ${width} px the dashboard paints from its HTML, and the page replaces it where it stands`, { tag: ['@shell', '@marketplace'] }, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, await createCustomer(request));

    // What a phone paints before the portal's code has arrived.
    await page.route(/\.js(\?|$)/, (route) => route.abort());
    await page.goto('/dashboard');
    await expect(page.locator('#first-view').getByText(HELPER).filter({ visible: true })).toBeVisible();
    const firstView = await layoutOf(page, 'first view');
    // It is only a picture of the page: nothing in it takes a click or a key.
    expect(await page.locator('#first-view').getAttribute('inert')).not.toBeNull();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);

    await page.unroute(/\.js(\?|$)/);
    await page.goto('/dashboard');
    await expect(page.getByTestId('build-label-marketplace')).toBeAttached();
    await expect(page.locator('#first-view')).toHaveCount(0);
    await expect(page.getByRole('searchbox', { name: 'Search the catalogue' })).toBeEditable();
    expect(await layoutOf(page, 'page')).toEqual(firstView);
  });
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

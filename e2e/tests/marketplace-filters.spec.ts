// The marketplace's filters as a customer uses them: the distance from a place they type, the filters folded
// behind a button on a phone, and sorting by uptime at every width.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { expectNoSidewaysScroll } from '../support/layout.ts';
import { createCustomer, signIn, type Customer } from '../support/session.ts';

interface Listing {
  id: string;
  zip: string;
  city: string;
  latitude: number;
  longitude: number | null;
}

async function largestState(request: APIRequestContext, customer: Customer) {
  const headers = { Authorization: `Bearer ${customer.token}` };
  const states = (await (await request.get('/api/proxy/states', { headers })).json()) as { state: string; cnt: number }[];
  const state = states.reduce((best, s) => (s.cnt > best.cnt ? s : best)).state;
  const listings = (await (await request.post('/api/proxy/search', { headers, data: { METHOD: 'search', COUNTRY: 'US', STATE: state } })).json()) as Listing[];
  return { state, listings };
}

async function openState(page: Page, state: string) {
  await page.getByRole('button', { name: new RegExp(`^${state} - \\d+$`) }).click();
  await expect(page.getByTestId('proxy-row').first()).toBeVisible();
}

/** Great-circle km, computed here on its own so the page's figure is checked, not copied. */
function km(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) {
  const rad = Math.PI / 180;
  const h = Math.sin(((b.latitude - a.latitude) * rad) / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(((b.longitude - a.longitude) * rad) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.sqrt(h));
}

test('the distance filter measures from a ZIP code the customer types and says so', { tag: ['@marketplace'] }, async ({ page, request }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const customer = await createCustomer(request, 'distance');
  const { state, listings } = await largestState(request, customer);
  await signIn(page, customer);
  await page.goto('/dashboard');
  await openState(page, state);
  // No point yet: the distance cannot be chosen, and the page says what to type.
  await expect(page.getByRole('combobox', { name: 'Within' })).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByTestId('distance-summary')).toContainText('Type a ZIP code, a city or a state to measure distances from.');

  const zip = (listings[0] as Listing).zip;
  await page.getByRole('textbox', { name: 'of ZIP, city or state' }).fill(zip);
  await page.getByRole('button', { name: 'Measure', exact: true }).click();
  await expect(page.getByTestId('distance-summary')).toContainText(new RegExp(`^Within 100 km of ${zip} `));
  const place = (await (await request.get(`/api/proxy/place?q=${zip}`, { headers: { Authorization: `Bearer ${customer.token}` } })).json()) as { latitude: number; longitude: number };
  const near = listings.filter((listing) => listing.longitude !== null && km({ latitude: listing.latitude, longitude: listing.longitude }, place) <= 100);
  expect(near.length).toBeGreaterThan(0);
  expect(near.length).toBeLessThan(listings.length);
  await expect(page.getByText(new RegExp(`^${near.length} of \\d+ proxies$`))).toBeVisible();

  // A place nobody knows is said so, and the filter keeps its last place.
  await page.getByRole('textbox', { name: 'of ZIP, city or state' }).fill('Atlantis');
  await page.getByRole('button', { name: 'Measure', exact: true }).click();
  await expect(page.getByTestId('distance-summary')).toContainText('No place called "Atlantis" is known');
  await expect(page.getByText(new RegExp(`^${near.length} of \\d+ proxies$`))).toBeVisible();
  await page.getByRole('button', { name: 'Clear distance' }).click();
  await expect(page.getByText(new RegExp(`^${listings.length} of \\d+ proxies$`))).toBeVisible();
});

test('on a phone the filters fold behind a button that counts them; desktop shows them', { tag: ['@marketplace'] }, async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const customer = await createCustomer(request, 'fold');
  const { state } = await largestState(request, customer);
  await signIn(page, customer);
  await page.goto('/dashboard');
  await openState(page, state);
  const button = page.getByRole('button', { name: /^Filters/ });
  await expect(button).toHaveText('Filters');
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('checkbox', { name: 'Residential only proxies' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Filter City' })).toBeHidden();
  // Folded, the first proxy is on the first screen.
  const first = await page.getByTestId('proxy-row').first().boundingBox();
  expect(first && first.y < 844 * 2).toBe(true);

  await button.click();
  await page.getByRole('checkbox', { name: 'Residential only proxies' }).check();
  await expect(page.getByRole('textbox', { name: 'Filter City' })).toBeVisible();
  await page.getByRole('button', { name: 'Filters · 1 active' }).click();
  await expect(page.getByRole('checkbox', { name: 'Residential only proxies' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Filter City' })).toBeHidden();
  await expectNoSidewaysScroll(page);

  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(page.getByRole('button', { name: /^Filters/ })).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: 'Residential only proxies' })).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Filter City' })).toBeVisible();
});

for (const width of [390, 1280, 1440]) {
  test(`at ${width} px the marketplace sorts by uptime from the Sort by control`, { tag: ['@marketplace'] }, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 900 });
    const customer = await createCustomer(request, `uptime${width}`);
    const { state } = await largestState(request, customer);
    await signIn(page, customer);
    await page.goto('/dashboard');
    await openState(page, state);
    if (width === 1280) await page.getByTestId('proxy-row').first().click();
    const sort = page.getByRole('combobox', { name: 'Sort by' });
    await sort.scrollIntoViewIfNeeded();
    await expect(sort).toBeInViewport();
    await sort.click();
    await page.getByRole('option', { name: 'Uptime, highest first' }).click();
    await expect(page.getByTestId('column-uptime')).toHaveAttribute('aria-sort', 'descending');
    await expect(sort).toHaveText('Uptime, highest first');
    const uptime = page.getByTestId('proxy-row').first().locator('td[data-label="Uptime"]');
    if (width === 1280) {
      // Beside the details panel the table keeps its other columns and leaves Uptime out.
      await expect(uptime).toBeHidden();
    } else {
      await expect(uptime).toBeVisible();
      await expect(uptime).toHaveText(/^(\d{1,3}\.\d%|—)$/);
    }
    await expectNoSidewaysScroll(page);
    const scroller = page.getByTestId('proxy-table-scroller');
    expect(await scroller.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  });
}

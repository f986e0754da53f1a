// Sessions as a customer lives them: inactivity counted across all tabs (activity in one keeps the others
// alive), a session replaced by a login elsewhere says so; and what a visitor may see signed out (the
// terms) plus the favicon every page asks for.
import { expect, test } from '../support/fixtures.ts';
import { createCustomer, signIn, solveCaptcha } from '../support/session.ts';

/** A short inactivity limit for this browser; the portal lets a browser shorten it, never lengthen it. */
const LIMIT_MS = 4000;

test('activity in one tab keeps the other tab signed in; once both are idle, both are signed out', { tag: ['@shell'] }, async ({ context, request }) => {
  await context.addInitScript((limit) => localStorage.setItem('inactivity-limit-ms', String(limit)), LIMIT_MS);
  const customer = await createCustomer(request, 'tabs');
  const busy = await context.newPage();
  await signIn(busy, customer);
  await busy.goto('/dashboard');
  await expect(busy.getByTestId('balance')).toBeVisible();
  /** The customer moving the mouse in the busy tab, every 400 ms, until `done` says stop. */
  const moveInBusyTab = async (done: () => boolean) => {
    for (let step = 0; !done(); step++) {
      await busy.mouse.move(100 + ((step * 40) % 200), 200);
      await busy.waitForTimeout(400);
    }
  };
  // The busy tab's inactivity watch loads with its session code, which may come after the top bar: the
  // activity it shares with other tabs is what this test is about, so it must be running first.
  const watchStarted = Date.now();
  await expect
    .poll(
      async () => {
        await busy.mouse.move(150, 250);
        return busy.evaluate(() => Number(localStorage.getItem('last-activity-at')));
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThan(watchStarted);

  // The second tab opens while the customer keeps working in the first.
  const idle = await context.newPage();
  let idleShown = false;
  await Promise.all([
    (async () => {
      await idle.goto('/dashboard');
      await expect(idle.getByTestId('balance')).toBeVisible();
      idleShown = true;
    })(),
    moveInBusyTab(() => idleShown),
  ]);

  // Twice the limit with activity only in the busy tab: the idle tab must stay.
  const until = Date.now() + 2 * LIMIT_MS;
  await moveInBusyTab(() => Date.now() >= until);
  expect(new URL(idle.url()).pathname).toBe('/dashboard');
  await expect(idle.getByTestId('balance')).toBeVisible();

  // Now nobody moves: both tabs end the session.
  await expect.poll(() => new URL(idle.url()).pathname, { timeout: 4 * LIMIT_MS }).toBe('/');
  await expect.poll(() => new URL(busy.url()).pathname, { timeout: 4 * LIMIT_MS }).toBe('/');
  // The idle sign-out reloads each tab after it ends the session, so a read may meet the page mid-reload.
  await expect.poll(() => idle.evaluate(() => localStorage.getItem('token')).catch(() => 'reloading')).toBeNull();
});

test('a session replaced by a login elsewhere tells the customer so', { tag: ['@shell'] }, async ({ page, request }) => {
  const customer = await createCustomer(request, 'twice');
  await signIn(page, customer);
  await page.goto('/dashboard');
  await expect(page.getByTestId('balance')).toBeVisible();
  // The page itself renders after the frame, and asks for its lists then: they answer with this session
  // before it is replaced, so the next request is the reload's (a list asking after the login elsewhere would
  // end the session on this first load already, with the same message).
  await expect(page.getByText('No proxies yet: the ones you buy appear here for 24 hours.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'US states' })).toBeVisible();
  await expect(page.getByText(/^USA \(\d+\)$/)).toBeVisible();
  const elsewhere = await request.post('/api/auth/login', {
    data: { username: customer.username, password: customer.password, captcha: await solveCaptcha(request) },
  });
  expect(elsewhere.ok()).toBe(true);
  await page.reload();
  await expect(page.getByText('You were signed out because your account signed in elsewhere.')).toBeVisible();
  await expect(page.getByText('You must log in to access this page.')).toHaveCount(0);
  expect(new URL(page.url()).pathname).toBe('/');
});

test('the terms are readable signed out, from the landing footer', { tag: ['@landing', '@shell'] }, async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: /terms/i }).first().click();
  await expect(page).toHaveURL(/\/terms-and-conditions$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('You must log in to access this page.')).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('every page links a favicon the server serves', { tag: ['@shell'] }, async ({ page, request }) => {
  const missing: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 404) missing.push(response.url());
  });
  await page.goto('/');
  const href = await page.locator('link[rel="icon"]').getAttribute('href');
  expect(href).toBe('/favicon.svg');
  const icon = await request.get('/favicon.svg');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toContain('image/svg+xml');
  expect(missing).toEqual([]);
});

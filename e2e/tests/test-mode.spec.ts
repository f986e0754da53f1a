import { expect, test } from '../support/fixtures.ts';
import { createCustomer, signIn } from '../support/session.ts';

// While payments run in the sandbox, no signed-in page may look like a shop that takes real money.
test('every signed-in page carries the TEST MODE mark while payments run in the sandbox', { tag: ['@shell'] }, async ({ page, request, sandbox: _ }) => {
  expect(await (await request.get('/api/config')).json()).toEqual({ paymentsMode: 'sandbox' });
  const customer = await createCustomer(request, 'testmode');
  await signIn(page, customer);
  for (const path of ['/dashboard', '/history', '/payments', '/support', '/user-profile']) {
    await page.goto(path);
    await expect(page.getByTestId('balance')).toBeVisible();
    await expect(page.getByRole('status', { name: 'TEST MODE — no real money' }), path).toBeVisible();
  }
});

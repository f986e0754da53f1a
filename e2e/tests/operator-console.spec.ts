// The operator console (mfe-operator at /operator): a customer is refused with the 403 page; an operator,
// made one with the grant-operator command while the portal runs, adjusts a customer's balance and the
// customer's open tab shows the new balance without a reload. Its pages, and the confirmation before disabling
// an account, pass axe in both themes and fit a 390 px phone and a 1440 px screen.
import { expect, test } from '../support/fixtures.ts';
import { blockingViolations, expectConsolePagesClean, newOperator, skipDeployed } from '../support/operator.ts';
import { createCustomer, signIn } from '../support/session.ts';

const OPERATORS_ONLY = 'This page is for operators only. The operator role is granted on the server with grant-operator.';

test('a customer opening /operator gets the 403 page, in the portal frame', { tag: ['@operator', '@shell'] }, async ({ page, request }) => {
  const customer = await createCustomer(request, 'noop');
  await signIn(page, customer);
  await page.goto('/operator');
  await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(OPERATORS_ONLY);
  await expect(page.getByTestId('username')).toHaveText(customer.username);
  await expect(page.getByRole('navigation', { name: 'Operator console' })).toHaveCount(0);
  // Its API says no as well.
  const refused = await request.get('/api/operator/customers', { headers: { authorization: `Bearer ${customer.token}` } });
  expect(refused.status()).toBe(403);
});

test("an operator adjusts a customer's balance and the customer's open tab shows it live", { tag: ['@operator', '@shell'] }, async ({ browser, request }) => {
  skipDeployed();
  const customer = await createCustomer(request, 'adj');
  const operator = await newOperator(request);

  const customerContext = await browser.newContext();
  const customerPage = await customerContext.newPage();
  await signIn(customerPage, customer);
  await customerPage.goto('/dashboard');
  await expect(customerPage.getByTestId('balance')).toHaveText('$0.00');

  const operatorContext = await browser.newContext();
  const page = await operatorContext.newPage();
  await signIn(page, operator);
  await page.goto('/operator');
  await expect(page).toHaveURL(/\/operator\/customers$/);
  await page.getByRole('searchbox', { name: 'Username or e-mail' }).fill(customer.username);
  await page.getByRole('link', { name: customer.username }).click();
  await expect(page.getByRole('heading', { level: 1, name: customer.username })).toBeVisible();
  await page.getByRole('textbox', { name: 'Amount ($)' }).fill('12.34');
  await page.getByRole('textbox', { name: 'Reason', exact: true }).fill('goodwill for an outage');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Credited $12.34; the balance is now $12.34.')).toBeVisible();
  await expect(page.getByTestId('customer-balance')).toHaveText('Balance: $12.34');
  await expect(page.getByRole('table', { name: 'Ledger' }).getByRole('row').nth(1)).toContainText('adjustment');

  // The customer's tab never reloaded: the socket brought the new balance.
  await expect(customerPage.getByTestId('balance')).toHaveText('$12.34');

  // The audit log has it, filterable by the operator's name.
  await page.getByRole('navigation', { name: 'Operator console' }).getByRole('link', { name: 'Audit' }).click();
  await page.getByRole('textbox', { name: 'Actor' }).fill(operator.username);
  const audit = page.getByRole('table', { name: 'Audit log' });
  await expect(audit.getByRole('row')).toHaveCount(2);
  await expect(audit.getByRole('row').nth(1)).toContainText('balance.adjust');
  await customerContext.close();
  await operatorContext.close();
});

for (const theme of ['light', 'dark'] as const) {
  for (const width of [390, 1440]) {
    test(`the console's pages pass axe and fit ${width} px in the ${theme} theme`, { tag: ['@operator', '@shell'] }, async ({ page, request }) => {
      skipDeployed();
      const customer = await createCustomer(request, 'a11yc');
      const operator = await newOperator(request);
      // A disabled customer's page too: its warning, its badge and the Enable button.
      const disabled = await createCustomer(request, 'a11yd');
      const disabling = await request.post(`/api/operator/customers/${disabled.userId}/disabled`, {
        headers: { authorization: `Bearer ${operator.token}` },
        data: { disabled: true, reason: 'axe check' },
      });
      expect(disabling.status()).toBe(200);
      await page.addInitScript((mode) => localStorage.setItem('theme', mode), theme);
      await page.setViewportSize({ width, height: 900 });
      await signIn(page, operator);
      await expectConsolePagesClean(page, width, [
        { path: '/operator/customers', heading: 'Customers' },
        { path: `/operator/customers/${customer.userId}`, heading: customer.username },
        { path: `/operator/customers/${disabled.userId}`, heading: disabled.username },
        { path: '/operator/audit', heading: 'Audit' },
        { path: '/operator/inventory', heading: 'Inventory' },
      ]);
      // The confirmation before disabling an account, once faded in (contrast means nothing before); Cancel
      // leaves the account enabled.
      await page.goto(`/operator/customers/${customer.userId}`);
      await page.getByRole('textbox', { name: 'Reason to disable' }).fill('axe check');
      await page.getByRole('button', { name: 'Disable account' }).click();
      const confirm = page.getByRole('dialog', { name: `Disable ${customer.username}?` });
      await expect(confirm).toBeVisible();
      await expect.poll(() => confirm.evaluate((element) => getComputedStyle(element.closest('.MuiDialog-container') ?? element).opacity)).toBe('1');
      expect(await blockingViolations(page), 'disable confirmation').toEqual([]);
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(confirm).toBeHidden();
      await expect(page.getByRole('button', { name: 'Disable account' })).toBeVisible();
      // The 403 page too.
      const other = await page.context().browser()!.newContext();
      const refused = await other.newPage();
      await refused.addInitScript((mode) => localStorage.setItem('theme', mode), theme);
      await refused.setViewportSize({ width, height: 900 });
      await signIn(refused, customer);
      await refused.goto('/operator');
      await expect(refused.getByRole('heading', { name: 'Access denied' })).toBeVisible();
      expect(await blockingViolations(refused), '403 page').toEqual([]);
      await other.close();
    });
  }
}

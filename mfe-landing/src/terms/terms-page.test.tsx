import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AppProviders } from 'shared/ui/app-providers';
import TermsPage from './terms-page';

const sectionTitles = [
  'Main Section',
  'Privacy Policy',
  'Proxy Policy',
  'Billing & Price Policy',
  'Refund Policy',
  'Account Policy',
  'Proxy Types',
  'F.A.Q',
  'login/password for proxies',
  'Proxy Auto-renewal',
];

async function renderTermsAfterSpinner() {
  jest.useFakeTimers();
  render(
    <AppProviders>
      <MemoryRouter>
        <TermsPage />
      </MemoryRouter>
    </AppProviders>,
  );
  expect(screen.getByRole('progressbar', { name: 'Loading terms' })).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(1499));
  expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  act(() => jest.advanceTimersByTime(1));
  jest.useRealTimers();
}

const text = (id: string) => document.getElementById(id)?.textContent?.replace(/\s+/g, ' ') ?? '';

describe('terms page', () => {
  it('shows a spinner for 1.5 s, then a table of contents with the ten anchored sections', async () => {
    await renderTermsAfterSpinner();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    const contents = screen.getByRole('navigation', { name: 'Contents' });
    const links = within(contents).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(sectionTitles);
    for (const link of links) {
      const id = link.getAttribute('href')?.slice(1) ?? '';
      expect(document.getElementById(id)?.tagName).toBe('SECTION');
    }
    expect(screen.getByTestId('build-label-landing')).toBeInTheDocument();
  });

  it('forbids spam, fraud, attacks and illegal use', async () => {
    await renderTermsAfterSpinner();
    const main = text('main-section');
    for (const rule of ['spam', 'fraud', 'attacks on any network', 'illegal']) expect(main).toContain(rule);
  });

  it('carries every customer-facing business rule and the auto-renewal rule', async () => {
    await renderTermsAfterSpinner();
    expect(text('proxy-policy')).toContain('Every proxy lives 24 hours after purchase');
    expect(text('proxy-policy')).toContain('SMTP ports are closed');
    const refunds = text('refund-policy');
    expect(refunds).toContain('offline within 2 hours of purchase, it is refunded to your balance automatically');
    expect(refunds).toContain('within 5 hours of purchase');
    expect(refunds).toContain('Only one refund ticket, and one refund, per proxy');
    expect(refunds).toContain('minimum of $150, minus a flat $50 fee');
    expect(refunds).toContain('If we decline to serve you, your balance is refunded from a minimum of $150');
    const billing = text('billing-price-policy');
    for (const rule of ['$0.5-0.8', 'under 12 hours) costs $0.7-1 more', 'SBL, XBL or CSS has a 50% discount', 'only on PBL (ordinary residential and mobile ranges) is shown as listed, with no discount', 'minimum first deposit is $50', 'only Bitcoin and Litecoin', 'within 2 hours, open a ticket']) {
      expect(billing).toContain(rule);
    }
    expect(text('account-policy')).toContain('One active browser session');
    expect(text('proxy-login-password')).toContain('5 to 7 characters long, using letters and digits only');
    const renewal = text('proxy-auto-renewal');
    expect(renewal).toContain('online when its paid period ends is bought again right away and gets another 24 hours');
    expect(renewal).toContain('renewed once it is online again');
    expect(renewal).toContain('like a normal purchase');
    expect(renewal).toContain('Only you can enable or disable auto-renewal');
  });
});

import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAtomValue } from 'jotai';
import { MemoryRouter, Route, Routes } from 'react-router';
import { authAtom, loginSucceededAtom, logoutAtom } from 'shared/auth/auth-atoms';
import { authDialogAtom } from 'shared/auth/auth-dialog-atoms';
import { appStore } from 'shared/store/app-store';
import { AppProviders } from 'shared/ui/app-providers';
import LandingPage from './landing-page';
import { fakeApi } from 'test-kit/fake-api';

function DialogProbe() {
  return <output data-testid="dialog">{useAtomValue(authDialogAtom)}</output>;
}

async function renderLanding() {
  await act(async () => {
    render(
      <AppProviders forcedMode="light">
        <MemoryRouter initialEntries={['/']}>
          <DialogProbe />
          <Routes>
            <Route path="/" element={<LandingPage />} />
            <Route path="/terms-and-conditions" element={<p>terms page</p>} />
          </Routes>
        </MemoryRouter>
      </AppProviders>,
    );
  });
}

describe('landing page', () => {
  const realMatchMedia = window.matchMedia;
  const realScrollTo = window.scrollTo;
  beforeEach(() => {
    appStore.set(logoutAtom);
    appStore.set(authDialogAtom, 'closed');
  });
  afterEach(() => {
    window.matchMedia = realMatchMedia;
    window.scrollTo = realScrollTo;
  });

  it('has the hero, the four anchored sections and the build label', async () => {
    await renderLanding();
    expect(screen.getByRole('heading', { level: 1, name: 'Private Sock5' })).toBeInTheDocument();
    const hero = document.getElementById('home') as HTMLElement;
    expect(within(hero).getByText(/in 190\+ countries and regions/)).toBeInTheDocument();
    expect(within(hero).getByText(/100% IP purity and anonymity/)).toBeInTheDocument();
    for (const id of ['features', 'offers', 'paymentsprices', 'contactus']) {
      expect(document.getElementById(id)).not.toBeNull();
    }
    const nav = screen.getByRole('navigation', { name: 'Landing page' });
    for (const [label, id] of [
      ['Features', 'features'],
      ['Offers', 'offers'],
      ['Payments & Prices', 'paymentsprices'],
      ['Contact us', 'contactus'],
    ]) {
      expect(within(nav).getByRole('link', { name: label })).toHaveAttribute('href', `#${id}`);
    }
    expect(screen.getByTestId('build-label-landing')).toBeInTheDocument();
  });

  it("shows 'Our Features' with its six cards", async () => {
    await renderLanding();
    const features = document.getElementById('features') as HTMLElement;
    expect(within(features).getByRole('heading', { name: 'Our Features' })).toBeInTheDocument();
    const titles = within(features)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(titles).toEqual([
      'High quality Proxies',
      'Fast clean and stable proxies',
      'Affordable Prices',
      'Refunds and Support',
      'Deposit',
      'Custom search',
    ]);
    for (const claim of [/Proxies start from/, /within 2 hours/, /\$50 for a new user/, /50% off/, /state, city, zip, provider and domain/]) {
      expect(within(features).getByText(claim)).toBeInTheDocument();
    }
  });

  it('selects an offer and moves the highlighted progress bar beside it', async () => {
    await renderLanding();
    const offers = document.getElementById('offers') as HTMLElement;
    const mobile = within(offers).getByRole('button', { name: /Mobile LTE proxies/ });
    const residential = within(offers).getByRole('button', { name: /Residential proxies/ });
    expect(within(offers).getByRole('button', { name: /Datacenter proxies/ })).toHaveAttribute('aria-pressed', 'false');
    expect(mobile).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('offer-progress-0')).toHaveAttribute('aria-valuenow', '100');
    await userEvent.setup().click(residential);
    expect(residential).toHaveAttribute('aria-pressed', 'true');
    expect(mobile).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByTestId('offer-progress-0')).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByTestId('offer-progress-1')).toHaveAttribute('aria-valuenow', '100');
    expect(offers.querySelector('svg text')?.textContent).toBe('Residential proxies');
  });

  it("has 'Accepted cryptocurrencies' with Bitcoin and Litecoin, and Get Started opens registration", async () => {
    await renderLanding();
    const payments = document.getElementById('paymentsprices') as HTMLElement;
    expect(within(payments).getByRole('heading', { name: 'Payments & Prices' })).toBeInTheDocument();
    expect(within(payments).getByText('Accepted cryptocurrencies')).toBeInTheDocument();
    expect(within(payments).getByText('Bitcoin')).toBeInTheDocument();
    expect(within(payments).getByText('Litecoin')).toBeInTheDocument();
    await userEvent.setup().click(within(payments).getByRole('button', { name: 'Get Started' }));
    expect(screen.getByTestId('dialog')).toHaveTextContent('register');
  });

  it('opens the login and register dialogs from the navigation, hero and footer', async () => {
    await renderLanding();
    const user = userEvent.setup();
    await user.click(within(screen.getByRole('navigation', { name: 'Landing page' })).getByRole('button', { name: 'Login' }));
    expect(screen.getByTestId('dialog')).toHaveTextContent('login');
    const hero = document.getElementById('home') as HTMLElement;
    await user.click(within(hero).getByRole('button', { name: 'Register' }));
    expect(screen.getByTestId('dialog')).toHaveTextContent('register');
    const footer = screen.getByRole('contentinfo');
    await user.click(within(footer).getByRole('button', { name: 'Login' }));
    expect(screen.getByTestId('dialog')).toHaveTextContent('login');
    await user.click(within(footer).getByRole('button', { name: 'Register' }));
    expect(screen.getByTestId('dialog')).toHaveTextContent('register');
  });

  it('footer: contacts, scroll links, Terms, year and all rights reserved', async () => {
    await renderLanding();
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveAttribute('id', 'contactus');
    expect(within(footer).getByRole('link', { name: 'support@privatesock5.example' })).toHaveAttribute('href', 'mailto:support@privatesock5.example');
    expect(within(footer).getByRole('link', { name: /jabber\.privatesock5\.example/ })).toBeInTheDocument();
    const footerNav = within(footer).getByRole('navigation', { name: 'Footer' });
    expect(within(footerNav).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '#home',
      '#features',
      '#offers',
      '#paymentsprices',
      '/terms-and-conditions',
    ]);
    expect(within(footer).getByText(`© ${new Date().getFullYear()} Private Sock5. All rights reserved.`)).toBeInTheDocument();
    await userEvent.setup().click(within(footerNav).getByRole('link', { name: 'Terms' }));
    expect(await screen.findByText('terms page')).toBeInTheDocument();
  });

  it('shows Logout to a signed-in visitor, which ends the session on the server and here', async () => {
    const { calls } = fakeApi({ 'POST /api/auth/logout': { status: 204 } });
    appStore.set(loginSucceededAtom, { token: 't', userInfo: { _id: 'u1', username: 'alice', email: 'a@example.com' } });
    await renderLanding();
    const nav = screen.getByRole('navigation', { name: 'Landing page' });
    expect(within(nav).queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
    await userEvent.setup().click(within(nav).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(appStore.get(authAtom).token).toBeNull());
    // The page's other call is its "from" prices.
    expect(calls.filter((call) => call.path !== '/api/proxy/from-prices').map((call) => `${call.method} ${call.path}`)).toEqual(['POST /api/auth/logout']);
    expect(await within(nav).findByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it('scrolls to a section when its anchor is clicked', async () => {
    const scrollTo = jest.fn();
    window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
    window.matchMedia = ((query: string) => ({
      matches: query.includes('reduce'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })) as unknown as typeof window.matchMedia;
    await renderLanding();
    await userEvent.setup().click(within(screen.getByRole('navigation', { name: 'Landing page' })).getByRole('link', { name: 'Offers' }));
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(document.getElementById('offers'));
  });
});

describe('landing page "from" prices', () => {
  afterEach(() => document.querySelector('meta[name="ps5-from-prices"]')?.remove());

  it('shows the figures the server wrote into the page, without asking the API', async () => {
    const api = fakeApi({ 'GET /api/proxy/from-prices': { body: { any: 9, Mobile: 9, Residential: 9, Datacenter: 9 } } });
    const meta = document.createElement('meta');
    meta.name = 'ps5-from-prices';
    meta.content = JSON.stringify({ any: 0.25, Mobile: 0.8, Residential: 0.3, Datacenter: null });
    document.head.append(meta);
    await renderLanding();
    const hero = document.getElementById('home') as HTMLElement;
    expect(within(hero).getByText('$0.25')).toBeInTheDocument();
    expect(within(hero).queryByText('$0.4')).not.toBeInTheDocument();
    const offers = document.getElementById('offers') as HTMLElement;
    expect(within(offers).getByRole('button', { name: /Mobile LTE proxies.*from \$0\.80 for 24 hours/ })).toBeInTheDocument();
    expect(within(offers).getByRole('button', { name: /Residential proxies.*from \$0\.30 for 24 hours/ })).toBeInTheDocument();
    // No datacenter proxy for sale: a dash, not a made-up figure.
    expect(within(offers).getByRole('button', { name: /Datacenter proxies.*from — for 24 hours/ })).toBeInTheDocument();
    expect(within(document.getElementById('features') as HTMLElement).getByText(/Proxies start from/)).toHaveTextContent('Proxies start from $0.25 for 24 hours.');
    expect(api.callsTo('GET /api/proxy/from-prices')).toHaveLength(0);
  });

  it('asks the API once for all its figures when the page came without them', async () => {
    const api = fakeApi({ 'GET /api/proxy/from-prices': { body: { any: 0.2, Mobile: 0.9, Residential: 0.2, Datacenter: 0.45 } } });
    await renderLanding();
    const hero = document.getElementById('home') as HTMLElement;
    expect(await within(hero).findByText('$0.20')).toBeInTheDocument();
    const payments = document.getElementById('paymentsprices') as HTMLElement;
    expect(within(payments).getByText(/Proxies from/)).toHaveTextContent('Proxies from $0.20 for 24 hours');
    expect(within(document.getElementById('offers') as HTMLElement).getByRole('button', { name: /Datacenter proxies.*from \$0\.45/ })).toBeInTheDocument();
    expect(api.callsTo('GET /api/proxy/from-prices')).toHaveLength(1);
  });
});

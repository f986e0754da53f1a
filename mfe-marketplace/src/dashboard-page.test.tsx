import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { loginSucceededAtom, logoutAtom } from 'shared/auth/auth-atoms';
import { cartAtom } from 'shared/cart/cart-atoms';
import { listingFixture } from 'test-kit/listing-fixture';
import { DEFAULT_TAB, selectedTabAtom } from './state/tab-atoms';
import { appQueryClient } from 'shared/query/query-client';
import { queryKeys } from 'shared/query/query-keys';
import { appStore } from 'shared/store/app-store';
import { AppProviders } from 'shared/ui/app-providers';
import { fakeApi, type FakeApi, type FakeCall, type FakeReply } from 'test-kit/fake-api';
import DashboardPage from './dashboard-page';
import { NOTHING_CHOSEN_MESSAGE } from './proxy-table/proxy-table';
import { credentialFormatAtom } from './my-proxies/credential-formats';
import { cartOpenAtom, detailListingAtom, filtersAtom, filtersOpenAtom, findQueryAtom, pageAtom, selectionAtom, soldAtom, sortingAtom } from './state/marketplace-atoms';
import { EMPTY_FILTERS } from 'contract/proxy-filters';
import { FIND_LIMIT } from 'contract/limits';

// Whole-page renders of 50 MUI rows in jsdom take seconds on a busy 2-core machine.
jest.setTimeout(60_000);

// jsdom lays nothing out and has no scrolling; the page scrolls results into view on a phone.
beforeAll(async () => {
  Element.prototype.scrollIntoView = jest.fn();
  // The cart and the details are lazy parts of the page; compiling them on first use can outlast a find's
  // one-second wait on a busy machine, so they are loaded once here, as the browser does when idle.
  await Promise.all([import('./cart/cart-modal'), import('./proxy-details/proxy-details')]);
});

type Handler = (call: FakeCall) => FakeReply | Promise<FakeReply>;

const user = { _id: 'u1', username: 'alice', email: 'alice@example.com', balance: 10 };
const texas = Array.from({ length: 120 }, (_, i) =>
  listingFixture({
    id: String(i + 1),
    sock_real_ip: `198.18.0.${i + 1}`,
    isp: i % 2 === 0 ? 'Comcast Cable' : 'AT&T Internet',
    city: i < 60 ? 'Austin' : 'Houston',
    user_type: i % 3 === 0 ? 'DCH' : 'ISP',
    price: 0.6,
    // The first is a new import nothing measured yet.
    speed: i === 0 ? null : 100 + i,
  }),
);

let api: FakeApi;

function defaultHandlers(): Record<string, Handler> {
  return {
    'GET /api/users/u1': () => ({ body: user }),
    'GET /api/proxy/region': () => ({ body: [{ name: 'USA', count: 120 }, { name: 'America', count: 3 }, { name: 'Europe', count: 7 }, { name: 'AU,Oceania', count: 1 }, { name: 'Asia', count: 2 }, { name: 'Africa', count: 0 }] }),
    'GET /api/proxy/states': () => ({ body: [{ state: 'Texas', cnt: 120 }, { state: 'Ohio', cnt: 0 }] }),
    'POST /api/proxy/region': () => ({ body: [{ ct: 'DE', online: 7, img: 'de', country: 'Germany' }] }),
    'POST /api/proxy/search': ({ body }) => {
      const request = body as { COUNTRY: string; STATE?: string };
      if (request.STATE === 'Texas') return { body: texas };
      if (request.COUNTRY === 'DE') return { body: [listingFixture({ id: 'de1', sock_real_ip: '198.19.1.1', ct: 'DE', img: 'de', country: 'Germany', region: 'Berlin', city: 'Berlin' })] };
      return { body: [] };
    },
    'POST /api/proxy/info': ({ body }) => {
      const listing = texas.find((l) => l.id === (body as { ID: string }).ID);
      if (!listing) return { body: [] };
      // As the API: the details carry the exit's health; listing 3 is a new import nothing measured yet.
      if (listing.id === '3') return { body: [{ ...listing, speed: null, ping: null, health: { uptime_24h: null, uptime_7d: null, ping_p50: null, checked_seconds_ago: null } }] };
      return { body: [{ ...listing, health: { uptime_24h: 100, uptime_7d: 99.4, ping_p50: 41, checked_seconds_ago: 12 } }] };
    },
    'GET /api/proxy/my': () => ({ body: [] }),
    'POST /api/proxy/buy': ({ body }) => ({
      // The gateway's address, unlike the listing's IP: the page must show what the API answered.
      body: (body as { ID: string[] }).ID.map((id, index) => ({ ID: id, PORT: 30000 + index, SOCKS_AUTH: `lg${id}:pw${id}`, PROXY: `gw.example:${30000 + index}` })),
    }),
    'POST /api/proxy/availability': () => ({ body: { unavailable: [] } }),
    'POST /api/proxy/find': ({ body }) => {
      const q = (body as { q: string }).q.toLowerCase();
      // As the API: the start of the city or the IP, at most FIND_LIMIT.
      return { body: texas.filter((l) => l.city.toLowerCase().startsWith(q) || l.sock_real_ip.startsWith(q)).slice(0, FIND_LIMIT) };
    },
  };
}

beforeEach(() => {
  appQueryClient.clear();
  appStore.set(loginSucceededAtom, { token: 'tok', userInfo: user });
  appStore.set(cartAtom, { type: 'clear' });
  appStore.set(selectedTabAtom, DEFAULT_TAB);
  appStore.set(selectionAtom, { country: null, state: null });
  appStore.set(filtersAtom, EMPTY_FILTERS);
  appStore.set(filtersOpenAtom, false);
  appStore.set(pageAtom, 1);
  appStore.set(detailListingAtom, null);
  appStore.set(soldAtom, {});
  appStore.set(cartOpenAtom, false);
  appStore.set(sortingAtom, []);
  appStore.set(findQueryAtom, null);
  appStore.set(credentialFormatAtom, 'auth-at-host');
  api = fakeApi(defaultHandlers());
});
afterEach(() => {
  cleanup();
  appStore.set(logoutAtom);
});

async function renderPage() {
  await act(async () => {
    render(
      <AppProviders>
        <MemoryRouter initialEntries={['/dashboard']}>
          <DashboardPage />
        </MemoryRouter>
      </AppProviders>,
    );
  });
}

/** Runs `test` with the page on a phone's width (the media query the page asks is answered yes). */
async function onNarrowScreen(test: () => Promise<void>) {
  const realMatchMedia = window.matchMedia;
  window.matchMedia = (query: string) => ({ ...realMatchMedia(query), matches: query.includes('max-width: 767.98px') });
  try {
    await test();
  } finally {
    window.matchMedia = realMatchMedia;
  }
}

const callsTo = (method: string, path: string) => api.callsTo(`${method} /api/${path}`);

/** One paste instead of a keystroke per letter: the filter runs on every change either way. */
async function typeInto(input: HTMLElement, text: string) {
  await userEvent.click(input);
  await userEvent.paste(text);
}

/**
 * The Texas chip of the region list. The 51 states render in slices (a deferred render), which in jsdom on a
 * busy machine takes longer than a find's default second.
 */
const findTexas = () => screen.findByRole('button', { name: 'Texas - 120' }, { timeout: 5000 });

async function openTexas() {
  await userEvent.click(await findTexas());
  await screen.findByText('198.18.0.1', undefined, { timeout: 5000 });
}

describe('DashboardPage', () => {
  it('shows the six tabs with server counts and the US states as state - count', async () => {
    await renderPage();
    const tabs = await screen.findAllByRole('tab');
    await waitFor(() => expect(tabs[0]).toHaveTextContent('USA (120)'));
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'USA (120)', 'America (3)', 'Europe (7)', 'AU,Oceania (1)', 'Asia (2)', 'Africa (0)',
    ]);
    expect(await findTexas()).toBeInTheDocument();
    expect(screen.getByText(NOTHING_CHOSEN_MESSAGE)).toBeInTheDocument();
  });

  it('asks for each of its first lists once', async () => {
    await renderPage();
    expect(await findTexas()).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('tab')[0]).toHaveTextContent('USA (120)'));
    expect(callsTo('GET', 'proxy/region')).toHaveLength(1);
    expect(callsTo('GET', 'proxy/states')).toHaveLength(1);
    expect(callsTo('GET', 'proxy/my')).toHaveLength(1);
  });

  it('searches a state with METHOD search, showing 36 placeholders until the rows arrive', async () => {
    let answer: () => void = () => undefined;
    const search = defaultHandlers()['POST /api/proxy/search'] as Handler;
    api.route('POST /api/proxy/search', (call) => new Promise((resolve) => (answer = () => resolve(search(call)))));
    await renderPage();
    await userEvent.click(await findTexas());
    expect(await screen.findAllByTestId('proxy-skeleton')).toHaveLength(36);
    await act(async () => answer());
    expect(await screen.findAllByTestId('proxy-row')).toHaveLength(50);
    expect(callsTo('POST', 'proxy/search').map((call) => call.body)).toEqual([{ METHOD: 'search', COUNTRY: 'US', STATE: 'Texas' }]);
    expect(screen.getByText('120 of 120 proxies')).toBeInTheDocument();
  });

  it('pages 50 rows at a time with Prev and Next', async () => {
    await renderPage();
    await openTexas();
    const pager = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pager).getByRole('button', { name: 'Prev' })).toBeDisabled();
    await userEvent.click(within(pager).getByRole('button', { name: 'Page 3' }));
    expect(screen.getAllByTestId('proxy-row')).toHaveLength(20);
    expect(screen.getByText('198.18.0.101')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(within(pager).getByRole('button', { name: 'Prev' }));
    expect(within(pager).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('filters by column substrings combined with AND, and says when nothing is left', async () => {
    await renderPage();
    await openTexas();
    await typeInto(screen.getByRole('textbox', { name: 'Filter ISP' }), 'comcast');
    expect(screen.getByText('60 of 120 proxies')).toBeInTheDocument();
    await typeInto(screen.getByRole('textbox', { name: 'Filter City' }), 'HOUS');
    expect(screen.getByText('30 of 120 proxies')).toBeInTheDocument();
    await typeInto(screen.getByRole('textbox', { name: 'Filter ZIP' }), 'nomatch');
    expect(screen.getByText('No Proxy Data available')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'reset filters' }));
    expect(screen.getByText('120 of 120 proxies')).toBeInTheDocument();
  });

  it('chooses a state from the filter bar, as from the list of states', async () => {
    await renderPage();
    // The list of states has arrived once its buttons show.
    await findTexas();
    await userEvent.click(screen.getByRole('combobox', { name: 'State' }));
    await userEvent.click(screen.getByRole('option', { name: 'Texas - 120' }));
    expect(await screen.findByText('198.18.0.1', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveTextContent('Texas - 120');
  });

  it('applies the type filter 500 ms after the choice', async () => {
    await renderPage();
    await openTexas();
    await userEvent.click(screen.getByRole('combobox', { name: 'Filter Type' }));
    await userEvent.click(screen.getByRole('option', { name: 'DCH' }));
    expect(screen.getByText('120 of 120 proxies')).toBeInTheDocument();
    expect(await screen.findByText('40 of 120 proxies', undefined, { timeout: 2000 })).toBeInTheDocument();
  });

  it('applies the sidebar checkboxes', async () => {
    await renderPage();
    await openTexas();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Residential only proxies' }));
    expect(screen.getByText('80 of 120 proxies')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Exclude blacklisted proxies' }));
    expect(screen.getByText('80 of 120 proxies')).toBeInTheDocument();
  });

  it('lists countries with flag and online count for other tabs and searches by country code', async () => {
    await renderPage();
    await userEvent.click(await screen.findByRole('tab', { name: /^Europe/ }));
    const germany = await screen.findByRole('button', { name: /Germany - 7/ });
    expect(callsTo('POST', 'proxy/region').map((call) => call.body)).toEqual([{ region: 'Europe' }]);
    await userEvent.click(germany);
    expect(await screen.findByText('198.19.1.1')).toBeInTheDocument();
    expect(callsTo('POST', 'proxy/search').at(-1)?.body).toEqual({ COUNTRY: 'DE' });
    await userEvent.click(screen.getByRole('tab', { name: /^USA/ }));
    expect(screen.getByText(NOTHING_CHOSEN_MESSAGE)).toBeInTheDocument();
  });

  it('refetches the proxy lists after a search', async () => {
    await renderPage();
    await findTexas();
    const regionsBefore = callsTo('GET', 'proxy/region').length;
    const statesBefore = callsTo('GET', 'proxy/states').length;
    await openTexas();
    await waitFor(() => expect(callsTo('GET', 'proxy/region').length).toBe(regionsBefore + 1));
    expect(callsTo('GET', 'proxy/states').length).toBe(statesBefore + 1);
  });

  it('opens details as a side panel with every field, and adds to the cart from there', async () => {
    await renderPage();
    await openTexas();
    await userEvent.click(screen.getByText('198.18.0.2'));
    const panel = await screen.findByRole('complementary', { name: 'Proxy 198.18.0.2' });
    await waitFor(() => expect(callsTo('POST', 'proxy/info').map((c) => c.body)).toEqual([{ METHOD: 'proxy', ID: '2' }]));
    for (const label of ['IP', 'Country / region', 'Domain', 'Org / ISP', 'State', 'City', 'ZIP', 'Time zone', 'Blacklist', 'Added', 'Type', 'Ping', 'Speed', 'DNS']) {
      expect(within(panel).getByText(label)).toBeInTheDocument();
    }
    expect(within(panel).getByText('Clean')).toBeInTheDocument();
    expect(await within(panel).findByText('Online 99.4% over 7 days · ping 41 ms · checked 12 s ago')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Added to cart')).toBeInTheDocument();
    expect(appStore.get(cartAtom).map((item) => item.id)).toEqual(['2']);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens details as a modal on a narrow screen', async () => {
    await onNarrowScreen(async () => {
      await renderPage();
      // The whole narrow page (every region's accordion, the 51 chips) renders in well over a second in jsdom.
      await userEvent.click(await findTexas());
      await userEvent.click(await screen.findByText('198.18.0.3', undefined, { timeout: 5000 }));
      const dialog = await screen.findByRole('dialog', { name: 'Proxy 198.18.0.3' });
      expect(within(dialog).getByRole('button', { name: 'Buy' })).toBeInTheDocument();
      // Nothing measured yet: said so, never shown as 0.
      expect(await within(dialog).findByText('not checked yet')).toBeInTheDocument();
      expect(within(dialog).getAllByText('not measured yet')).toHaveLength(2);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Close details' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(screen.getByRole('button', { name: 'Cart 0 items' })).toBeInTheDocument();
    });
  });

  it('filters by distance from a place the customer types, says so, and without a place offers the chosen state', async () => {
    // Austin listings where the fixture puts them; Houston's about 235 km east.
    api.route('POST /api/proxy/search', () => ({
      body: texas.map((listing) => (listing.city === 'Houston' ? { ...listing, latitude: 29.76, longitude: -95.37 } : listing)),
    }));
    const asked: string[] = [];
    api.route('GET /api/proxy/place', (_call, request) => {
      const q = new URL(request.url).searchParams.get('q') ?? '';
      asked.push(q);
      if (q === '78701') return { body: { name: '78701 Austin, TX', latitude: 30.2713, longitude: -97.7426 } };
      if (q === 'Texas') return { body: { name: 'Texas, US (its middle)', latitude: 31.27, longitude: -98.0 } };
      return { status: 404, body: { message: `No place called "${q}" is known: type a US ZIP code, a city (Austin, TX or Berlin, DE) or a US state` } };
    });
    await renderPage();
    await openTexas();
    const within = screen.getByRole('combobox', { name: 'Within' });
    expect(within).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByTestId('distance-summary')).toHaveTextContent('Type a ZIP code, a city or a state to measure distances from. Measure from Texas');

    await typeInto(screen.getByRole('textbox', { name: 'of ZIP, city or state' }), 'Atlantis');
    await userEvent.click(screen.getByRole('button', { name: 'Measure' }));
    expect(await screen.findByText(/No place called "Atlantis" is known/)).toBeInTheDocument();
    expect(screen.getByText('120 of 120 proxies')).toBeInTheDocument();

    await userEvent.clear(screen.getByRole('textbox', { name: 'of ZIP, city or state' }));
    // Enter submits, as the Measure button does.
    await typeInto(screen.getByRole('textbox', { name: 'of ZIP, city or state' }), '78701');
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('Within 100 km of 78701 Austin, TX')).toBeInTheDocument();
    expect(screen.getByText('60 of 120 proxies')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Within' })).not.toHaveAttribute('aria-disabled');
    await userEvent.click(screen.getByRole('combobox', { name: 'Within' }));
    await userEvent.click(await screen.findByRole('option', { name: '250 km' }));
    expect(screen.getByText('Within 250 km of 78701 Austin, TX')).toBeInTheDocument();
    expect(screen.getByText('120 of 120 proxies')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Clear distance' }));
    await userEvent.click(screen.getByRole('button', { name: 'Measure from Texas' }));
    expect(await screen.findByText('Within 100 km of Texas, US (its middle)')).toBeInTheDocument();
    expect(asked).toEqual(['Atlantis', '78701', 'Texas']);
  });

  it('on a narrow screen folds the filters behind a Filters button that counts the active ones', async () => {
    await onNarrowScreen(async () => {
      await renderPage();
      await userEvent.click(await findTexas());
      await screen.findByText('198.18.0.3', undefined, { timeout: 5000 });
      const results = screen.getByRole('region', { name: 'Proxies' });
      const button = screen.getByRole('button', { name: 'Filters' });
      expect(button).toHaveAttribute('aria-expanded', 'false');
      expect(screen.queryByRole('checkbox', { name: 'Residential only proxies' })).not.toBeInTheDocument();
      expect(results).toHaveAttribute('data-filters-folded');
      // The table's rows and the Sort by control stay in view.
      expect(screen.getByRole('combobox', { name: 'Sort by' })).toBeInTheDocument();

      await userEvent.click(button);
      expect(button).toHaveAttribute('aria-expanded', 'true');
      expect(results).not.toHaveAttribute('data-filters-folded');
      await userEvent.click(screen.getByRole('checkbox', { name: 'Residential only proxies' }));
      await typeInto(screen.getByRole('textbox', { name: 'Filter City' }), 'Austin');
      expect(screen.getByRole('button', { name: 'Filters · 2 active' })).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Filters · 2 active' }));
      // Folded, the filters still apply and the button still counts them.
      expect(screen.queryByRole('checkbox', { name: 'Residential only proxies' })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Filters · 2 active' })).toHaveAttribute('aria-expanded', 'false');
      expect(screen.getByText('40 of 120 proxies')).toBeInTheDocument();
    });
  });

  it('buys the cart: only unsold items, toast, cart emptied, My Proxies filled, user refreshed, lists not refetched', async () => {
    await renderPage();
    await openTexas();
    await userEvent.click(screen.getByRole('button', { name: 'Add 198.18.0.1 to cart' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add 198.18.0.2 to cart' }));
    await act(async () => appStore.set(cartAtom, { type: 'add', item: listingFixture({ id: '999', sold: true }) }));
    expect(screen.getByTestId('cart-summary-count')).toHaveTextContent('3 proxies');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    const dialog = await screen.findByRole('dialog', { name: /Cart/ });
    expect(within(dialog).getByTestId('cart-count')).toHaveTextContent('3 proxies');
    appQueryClient.setQueryData(queryKeys.user('u1'), user);
    const statesFetches = callsTo('GET', 'proxy/states').length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Buy all' }));
    expect(await screen.findByText('Purchased Successfully !!!')).toBeInTheDocument();
    expect(callsTo('POST', 'proxy/buy').map((call) => call.body)).toEqual([{ ID: ['1', '2'] }]);
    expect(appStore.get(cartAtom).map((item) => item.id)).toEqual(['999']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const mine = screen.getByRole('list', { name: 'My proxies' });
    expect(within(mine).getByRole('button', { name: 'lg1:pw1@gw.example:30000' })).toBeInTheDocument();
    expect(within(mine).getByRole('button', { name: 'lg2:pw2@gw.example:30001' })).toBeInTheDocument();
    expect(appQueryClient.getQueryState(queryKeys.user('u1'))?.isInvalidated).toBe(true);
    expect(callsTo('GET', 'proxy/states').length).toBe(statesFetches);
    expect(screen.getAllByRole('button', { name: 'lg1:pw1@gw.example:30000' }).length).toBeGreaterThan(1);
  });

  it('shows Insufficient Funds !!! only for a short balance (402), keeping the cart', async () => {
    api.route('POST /api/proxy/buy', () => ({ status: 402, body: { message: 'Insufficient funds: your balance is $0.10, these proxies cost $0.60' } }));
    await renderPage();
    await openTexas();
    await userEvent.click(screen.getByRole('button', { name: 'Add 198.18.0.1 to cart' }));
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Buy 198.18.0.1' }));
    // The toast, and in the cart the same words with a way to Payments.
    expect((await screen.findAllByText('Insufficient Funds !!!')).length).toBeGreaterThan(0);
    expect(within(await screen.findByTestId('cart-failure')).getByRole('link', { name: 'Top up your balance in Payments' })).toHaveAttribute('href', '/payments');
    expect(appStore.get(cartAtom).map((item) => item.id)).toEqual(['1']);
  });

  it('says what went wrong for other failures instead of blaming the balance', async () => {
    api.route('POST /api/proxy/buy', () => ({ status: 500, body: { message: 'Internal server error' } }));
    await renderPage();
    await openTexas();
    await userEvent.click(screen.getByRole('button', { name: 'Add 198.18.0.1 to cart' }));
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Buy all' }));
    expect((await screen.findAllByText('Internal server error')).length).toBeGreaterThan(0);
    expect(screen.getByTestId('cart-failure')).toHaveTextContent('Internal server error');
    expect(screen.queryByText('Insufficient Funds !!!')).not.toBeInTheDocument();
    expect(appStore.get(cartAtom).map((item) => item.id)).toEqual(['1']);
  });

  it('Buy all names a proxy sold meanwhile, drops it from the cart and buys the rest', async () => {
    const buy = defaultHandlers()['POST /api/proxy/buy'] as Handler;
    api.route('POST /api/proxy/buy', (call) => {
      const ids = (call.body as { ID: string[] }).ID;
      if (ids.includes('2')) return { status: 409, body: { message: 'Proxy 198.18.0.2 is no longer available', unavailable: ['2'] } };
      return buy(call);
    });
    await renderPage();
    await openTexas();
    for (const ip of ['198.18.0.1', '198.18.0.2', '198.18.0.3']) await userEvent.click(screen.getByRole('button', { name: `Add ${ip} to cart` }));
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Buy all' }));
    expect(await screen.findByText('Proxy 198.18.0.2 was just sold and left your cart.')).toBeInTheDocument();
    expect(await screen.findByText('Purchased Successfully !!!')).toBeInTheDocument();
    expect(callsTo('POST', 'proxy/buy').map((call) => call.body)).toEqual([{ ID: ['1', '2', '3'] }, { ID: ['1', '3'] }]);
    expect(appStore.get(cartAtom)).toEqual([]);
    expect(screen.queryByText('Insufficient Funds !!!')).not.toBeInTheDocument();
  });

  it('checks the cart on opening: a proxy sold meanwhile is marked and left out of Buy all', async () => {
    api.route('POST /api/proxy/availability', () => ({ body: { unavailable: ['2'] } }));
    await renderPage();
    await openTexas();
    await userEvent.click(screen.getByRole('button', { name: 'Add 198.18.0.1 to cart' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add 198.18.0.2 to cart' }));
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('No longer available: someone else bought it.')).toBeInTheDocument();
    expect(callsTo('POST', 'proxy/availability').at(0)?.body).toEqual({ ID: ['1', '2'] });
    expect(within(dialog).getByRole('button', { name: 'Buy 198.18.0.2' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Buy all' }));
    expect(await screen.findByText('Purchased Successfully !!!')).toBeInTheDocument();
    expect(callsTo('POST', 'proxy/buy').map((call) => call.body)).toEqual([{ ID: ['1'] }]);
  });

  it('sorts by a column: ascending, then descending, back to page 1', async () => {
    await renderPage();
    await openTexas();
    await userEvent.click(within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('button', { name: 'Page 2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sort by IP' }));
    expect(screen.getByTestId('column-ip')).toHaveAttribute('aria-sort', 'ascending');
    expect(within(screen.getAllByTestId('proxy-row')[0] as HTMLElement).getByText('198.18.0.1')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sort by IP' }));
    expect(screen.getByTestId('column-ip')).toHaveAttribute('aria-sort', 'descending');
    expect(within(screen.getAllByTestId('proxy-row')[0] as HTMLElement).getByText('198.18.0.120')).toBeInTheDocument();
  });

  it('sorts by uptime from the Sort by control, highest first, an unmeasured exit last', async () => {
    // Listing 1: never measured; listing 2: a perfect week; the rest between 90 and 98.9.
    const uptimeOf = (index: number) => (index === 0 ? null : index === 1 ? 100 : 90 + (index % 90) / 10);
    api.route('POST /api/proxy/search', () => ({ body: texas.map((listing, index) => ({ ...listing, uptime: uptimeOf(index) })) }));
    await renderPage();
    await openTexas();
    expect(within(screen.getAllByTestId('proxy-row')[1] as HTMLElement).getByTitle('Uptime over the last 7 days')).toHaveTextContent('100.0%');
    await userEvent.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Uptime, highest first' }));
    expect(screen.getByTestId('column-uptime')).toHaveAttribute('aria-sort', 'descending');
    const shown = () => screen.getAllByTestId('proxy-row').map((row) => within(row).getByText(/^198\.18\.0\./).textContent);
    expect(shown().slice(0, 2)).toEqual(['198.18.0.2', '198.18.0.90']);
    // Ascending too, the unmeasured one stays last: on the last page, in the last row.
    await userEvent.click(screen.getByRole('button', { name: 'Sort by Uptime' }));
    expect(screen.getByTestId('column-uptime')).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveTextContent('Uptime, ascending');
    await userEvent.click(within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('button', { name: 'Page 3' }));
    const last = screen.getAllByTestId('proxy-row').at(-1) as HTMLElement;
    expect(within(last).getByText('198.18.0.1')).toBeInTheDocument();
    expect(within(last).getByTitle('Uptime not measured yet')).toHaveTextContent('—');
    await userEvent.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Newest first' }));
    expect(screen.getByTestId('column-uptime')).not.toHaveAttribute('aria-sort');
  });

  it('shows a speed not measured yet as a dash, not 0; sorting by Speed puts the fastest first', async () => {
    await renderPage();
    await openTexas();
    const first = within(screen.getAllByTestId('proxy-row')[0] as HTMLElement);
    expect(first.getByText('198.18.0.1')).toBeInTheDocument();
    expect(first.getByTitle('Not measured yet')).toHaveTextContent('—');
    await userEvent.click(screen.getByRole('button', { name: 'Sort by Speed' }));
    expect(within(screen.getAllByTestId('proxy-row')[0] as HTMLElement).getByText('198.18.0.120')).toBeInTheDocument();
  });

  it('searches the whole catalogue from the search box without choosing a state', async () => {
    await renderPage();
    await typeInto(screen.getByRole('searchbox', { name: 'Search the catalogue' }), 'hous');
    expect(await screen.findByText('198.18.0.61', undefined, { timeout: 3000 })).toBeInTheDocument();
    expect(callsTo('POST', 'proxy/find').map((call) => call.body)).toEqual([{ q: 'hous' }]);
    expect(callsTo('POST', 'proxy/search')).toEqual([]);
    expect(screen.getByText('60 of 60 proxies')).toBeInTheDocument();
    expect(screen.getByText('Results for “hous” across the catalogue')).toBeInTheDocument();
  });

  it('says when a catalogue search reached its limit and asks for more letters', async () => {
    await renderPage();
    await typeInto(screen.getByRole('searchbox', { name: 'Search the catalogue' }), '198.18');
    expect(
      await screen.findByText(`The first ${FIND_LIMIT} matches for “198.18” across the catalogue: type more to narrow them`, undefined, { timeout: 3000 }),
    ).toBeInTheDocument();
  });

  it('deletes from and empties the cart, showing empty', async () => {
    await renderPage();
    await openTexas();
    await userEvent.click(screen.getByRole('button', { name: 'Add 198.18.0.1 to cart' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add 198.18.0.2 to cart' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove 198.18.0.2 from cart' }));
    expect(await screen.findByText('Removed from cart')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete 198.18.0.1' }));
    expect(within(dialog).getByTestId('cart-count')).toHaveTextContent('empty');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.getByTestId('cart-summary-count')).toHaveTextContent('empty');
  });

  it('copies an own proxy on click with Link Copied, in the format chosen from the menu', async () => {
    const own = { proxy: 'gw.example:31000', socks_auth: 'abcde:12345' };
    api.route('GET /api/proxy/my', () => ({ body: [own] }));
    const writeText = jest.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'abcde:12345@gw.example:31000' }));
    expect(writeText).toHaveBeenCalledWith('abcde:12345@gw.example:31000');
    expect(await screen.findByText('Link Copied')).toBeInTheDocument();
    const mine = screen.getByRole('list', { name: 'My proxies' });
    // The format menu's code arrives after the credentials themselves.
    await userEvent.click(await within(mine).findByRole('button', { name: 'Credential format' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'host:port:login:pass' }));
    await userEvent.click(within(mine).getByRole('button', { name: 'Copy gw.example:31000:abcde:12345' }));
    expect(writeText).toHaveBeenLastCalledWith('gw.example:31000:abcde:12345');
    await userEvent.click(within(mine).getByRole('button', { name: 'Credential format' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'socks5://login:pass@host:port' }));
    expect(within(mine).getByRole('button', { name: 'socks5://abcde:12345@gw.example:31000' })).toBeInTheDocument();
  });

  it('shows the error of a failed list load', async () => {
    api.route('GET /api/proxy/states', () => ({ status: 500, body: { message: 'Internal Server Error' } }));
    await renderPage();
    expect(await screen.findByText('Error: Internal Server Error')).toBeInTheDocument();
  });
});

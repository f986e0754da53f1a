import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { loginSucceededAtom, logoutAtom } from 'shared/auth/auth-atoms';
import { cartAtom } from 'shared/cart/cart-atoms';
import { listingFixture } from 'shared/marketplace/listing-fixture';
import { DEFAULT_TAB, selectedTabAtom } from './state/tab-atoms';
import { appQueryClient } from 'shared/query/query-client';
import { queryKeys } from 'shared/query/query-keys';
import { appStore } from 'shared/store/app-store';
import { AppProviders } from 'shared/ui/app-providers';
import { fakeApi, type FakeApi, type FakeCall, type FakeReply } from 'test-kit/fake-api';
import DashboardPage from './dashboard-page';
import { cartOpenAtom, detailListingAtom, filtersAtom, pageAtom, selectionAtom, soldAtom } from './state/marketplace-atoms';
import { EMPTY_FILTERS } from 'shared/marketplace/proxy-filters';

// Whole-page renders of 50 MUI rows in jsdom take seconds on a busy 2-core machine.
jest.setTimeout(20_000);

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
    'POST /api/proxy/info': ({ body }) => ({ body: [texas.find((l) => l.id === (body as { ID: string }).ID) ?? null].filter(Boolean) }),
    'GET /api/proxy/my': () => ({ body: [] }),
    'POST /api/proxy/buy': ({ body }) => ({
      body: (body as { ID: string[] }).ID.map((id, index) => ({ ID: id, PORT: 30000 + index, SOCKS_AUTH: `lg${id}:pw${id}`, PROXY: `gw.test:${30000 + index}` })),
    }),
  };
}

beforeEach(() => {
  appQueryClient.clear();
  appStore.set(loginSucceededAtom, { token: 'tok', userInfo: user });
  appStore.set(cartAtom, { type: 'clear' });
  appStore.set(selectedTabAtom, DEFAULT_TAB);
  appStore.set(selectionAtom, { country: null, state: null });
  appStore.set(filtersAtom, EMPTY_FILTERS);
  appStore.set(pageAtom, 1);
  appStore.set(detailListingAtom, null);
  appStore.set(soldAtom, {});
  appStore.set(cartOpenAtom, false);
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

const callsTo = (method: string, path: string) => api.callsTo(`${method} /api/${path}`);

/** One paste instead of a keystroke per letter: the filter runs on every change either way. */
async function typeInto(input: HTMLElement, text: string) {
  await userEvent.click(input);
  await userEvent.paste(text);
}

async function openTexas() {
  await userEvent.click(await screen.findByRole('button', { name: 'Texas - 120' }));
  await screen.findByText('198.18.0.1');
}

describe('DashboardPage', () => {
  it('shows the six tabs with server counts and the US states as state - count', async () => {
    await renderPage();
    const tabs = await screen.findAllByRole('tab');
    await waitFor(() => expect(tabs[0]).toHaveTextContent('USA (120)'));
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'USA (120)', 'America (3)', 'Europe (7)', 'AU,Oceania (1)', 'Asia (2)', 'Africa (0)',
    ]);
    expect(await screen.findByRole('button', { name: 'Texas - 120' })).toBeInTheDocument();
    expect(screen.getByText('Choose a state or a country to see its proxies.')).toBeInTheDocument();
  });

  it('searches a state with METHOD search, showing 36 placeholders until the rows arrive', async () => {
    let answer: () => void = () => undefined;
    const search = defaultHandlers()['POST /api/proxy/search'] as Handler;
    api.route('POST /api/proxy/search', (call) => new Promise((resolve) => (answer = () => resolve(search(call)))));
    await renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Texas - 120' }));
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
    expect(within(germany).getByRole('img', { name: 'Germany flag' })).toHaveTextContent('🇩🇪');
    expect(callsTo('POST', 'proxy/region').map((call) => call.body)).toEqual([{ region: 'Europe' }]);
    await userEvent.click(germany);
    expect(await screen.findByText('198.19.1.1')).toBeInTheDocument();
    expect(callsTo('POST', 'proxy/search').at(-1)?.body).toEqual({ COUNTRY: 'DE' });
    await userEvent.click(screen.getByRole('tab', { name: /^USA/ }));
    expect(screen.getByText('Choose a state or a country to see its proxies.')).toBeInTheDocument();
  });

  it('refetches the proxy lists after a search', async () => {
    await renderPage();
    await screen.findByRole('button', { name: 'Texas - 120' });
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
    await userEvent.click(within(panel).getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Added to cart')).toBeInTheDocument();
    expect(appStore.get(cartAtom).map((item) => item.id)).toEqual(['2']);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens details as a modal on a narrow screen', async () => {
    const realMatchMedia = window.matchMedia;
    window.matchMedia = (query: string) => ({ ...realMatchMedia(query), matches: query.includes('max-width: 767.98px') });
    try {
      await renderPage();
      await userEvent.click(await screen.findByRole('button', { name: 'Texas - 120' }));
      await userEvent.click(await screen.findByText('198.18.0.3'));
      const dialog = await screen.findByRole('dialog', { name: 'Proxy 198.18.0.3' });
      expect(within(dialog).getByRole('button', { name: 'Buy' })).toBeInTheDocument();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Close details' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(screen.getByRole('button', { name: 'Cart 0 items' })).toBeInTheDocument();
    } finally {
      window.matchMedia = realMatchMedia;
    }
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
    // The gateway endpoint the purchase answered, not the exit's address.
    expect(within(mine).getByText('lg1:pw1@gw.test:30000')).toBeInTheDocument();
    expect(within(mine).getByText('lg2:pw2@gw.test:30001')).toBeInTheDocument();
    expect(appQueryClient.getQueryState(queryKeys.user('u1'))?.isInvalidated).toBe(true);
    expect(callsTo('GET', 'proxy/states').length).toBe(statesFetches);
    expect(screen.getAllByText('lg1:pw1@gw.test:30000').length).toBeGreaterThan(1);
  });

  it('shows Insufficient Funds !!! for any failed purchase and keeps the cart', async () => {
    api.route('POST /api/proxy/buy', () => ({ status: 409, body: { message: 'This proxy was just sold to someone else' } }));
    await renderPage();
    await openTexas();
    await userEvent.click(screen.getByRole('button', { name: 'Add 198.18.0.1 to cart' }));
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Buy 198.18.0.1' }));
    expect(await screen.findByText('Insufficient Funds !!!')).toBeInTheDocument();
    expect(appStore.get(cartAtom).map((item) => item.id)).toEqual(['1']);
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

  it('copies an own proxy on click with Link Copied', async () => {
    const own = { proxy: '198.18.9.9:31000', socks_auth: 'abcde:12345' };
    api.route('GET /api/proxy/my', () => ({ body: [own] }));
    const writeText = jest.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await renderPage();
    await userEvent.click(await screen.findByText('abcde:12345@198.18.9.9:31000'));
    expect(writeText).toHaveBeenCalledWith('abcde:12345@198.18.9.9:31000');
    expect(await screen.findByText('Link Copied')).toBeInTheDocument();
  });

  it('shows the error of a failed list load', async () => {
    api.route('GET /api/proxy/states', () => ({ status: 500, body: { message: 'Internal Server Error' } }));
    await renderPage();
    expect(await screen.findByText('Error: Internal Server Error')).toBeInTheDocument();
  });
});

import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HistoryItem } from 'contract/history';
import { MemoryRouter } from 'react-router';
import { loginSucceededAtom } from 'shared/auth/auth-atoms';
import { historyFixture } from 'test-kit/history-fixture';
import { appQueryClient } from 'shared/query/query-client';
import { appStore } from 'shared/store/app-store';
import { AppProviders } from 'shared/ui/app-providers';
import { deferred, fakeApi, type FakeApi } from 'test-kit/fake-api';
import HistoryPage from './history-page';

// Whole-page renders of 50 MUI rows in jsdom take seconds on a busy 2-core machine.
jest.setTimeout(30_000);

const now = Date.now();
const hoursFromNow = (hours: number) => new Date(now + hours * 3_600_000).toISOString();

const first = historyFixture({
  history_id: '2',
  real_ip: '198.18.7.20',
  proxy: '198.18.7.20:31000',
  socks_auth: 'login1:pass22',
  country: 'Germany',
  img: 'de',
  region: 'Berlin',
  city: 'Berlin',
  zip: '10115',
  isp: 'Deutsche Telekom',
  org: 'Telekom AG',
  domain: 't-online.de',
  time_zone: 'Europe/Berlin',
  user_type: 'MOB',
  ping: 55,
  speed: 80,
  dns: '198.19.0.53',
  online: 0,
  price: 1.25,
  added_timestamp: new Date(2026, 4, 2, 18, 5).toISOString(),
  expires_at: hoursFromNow(3.5),
  sbl_black: 1,
  pbl_black: null,
  location_ip: '198.18.7.20',
  location_at: hoursFromNow(-2),
  blacklists_checked_at: hoursFromNow(-2),
});
const second = historyFixture({
  history_id: '1',
  paid: 0,
  expires_at: hoursFromNow(-2),
  added_timestamp: new Date(2026, 4, 1, 8, 0).toISOString(),
});

let api: FakeApi;

async function renderPage(items: HistoryItem[] | Promise<HistoryItem[]>, status = 200) {
  api = fakeApi({
    'GET /api/proxy/history': async () => ({ status, body: status === 200 ? await items : { message: 'Internal server error' } }),
    'GET /api/proxy/replace/automatic': { body: { enabled: false } },
  });
  await act(async () => {
    render(
      <AppProviders>
        <MemoryRouter initialEntries={['/history']}>
          <HistoryPage />
        </MemoryRouter>
      </AppProviders>,
    );
  });
}

const table = () => screen.getByRole('table', { name: 'Purchased proxies' });
const bodyRows = () => within(table()).queryAllByTestId('history-row');
/** Waits for the list to arrive (the first render of a suite is slow on a busy machine). */
const loaded = (count: number) => waitFor(() => expect(bodyRows()).toHaveLength(count), { timeout: 10_000 });
const cellTexts = (row: HTMLElement) => within(row).getAllByRole('cell').slice(1).map((cell) => cell.textContent?.trim());

describe('HistoryPage', () => {
  beforeEach(() => {
    appQueryClient.clear();
    appStore.set(loginSucceededAtom, { token: 'tok', userInfo: { _id: 'u1', username: 'alice', email: 'a@example.com' } });
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('shows the ten columns and each row in its formats, newest first', async () => {
    await renderPage([first, second]);
    await loaded(2);
    const headers = within(table()).getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers.filter((text) => text !== '')).toEqual(['IP', 'ONLINE', 'PAID', 'IP:PORT/COPY', 'NOTE', 'LOCATION', 'ISP', 'TYPE', 'BOUGHT', 'PRICE']);
    expect(cellTexts(bodyRows()[0] as HTMLElement)).toEqual([
      '198.18.7.20',
      'Dead',
      'On',
      // An offline proxy in its paid period offers its free replacement next to the string.
      'login1:pass22@198.18.7.20:31000Replace',
      expect.stringMatching(/^3h (29|30)m left$/),
      'Germany/Berlin-Berlin 10115',
      'Deutsche Telekom',
      'MOB',
      '02.05 18:05',
      '$1.25',
    ]);
    expect(cellTexts(bodyRows()[1] as HTMLElement).slice(1, 5)).toEqual(['Yes', 'Expired', 'abcde:fgh12@198.18.0.1:20001', 'ended']);
    expect(within(bodyRows()[0] as HTMLElement).getByRole('img', { name: 'Germany flag' })).toBeInTheDocument();
    expect(screen.getByText('2 of 2 proxies')).toBeInTheDocument();
  });

  it("says 'Click on proxy to buy it' with a link to the marketplace when nothing was bought", async () => {
    await renderPage([]);
    const link = await screen.findByRole('link', { name: 'Click on proxy to buy it' });
    expect(link).toHaveAttribute('href', '/dashboard');
  });

  it('shows a spinner while the list loads', async () => {
    const pending = deferred<HistoryItem[]>();
    await renderPage(pending.promise);
    expect(screen.getByRole('progressbar', { name: 'Loading history' })).toBeInTheDocument();
    await act(async () => pending.resolve([]));
    appQueryClient.clear();
  });

  it("shows 'error' on a failed load", async () => {
    await renderPage([], 500);
    expect(await within(table()).findByText('error')).toBeInTheDocument();
  });

  it('filters each column by a case-insensitive substring, all filters together', async () => {
    const items = [
      first,
      second,
      historyFixture({ history_id: '3', real_ip: '198.19.1.1', proxy: '198.19.1.1:1080', isp: 'COMCAST business', online: 0 }),
    ];
    const user = userEvent.setup();
    await renderPage(items);
    await loaded(3);

    await user.type(screen.getByRole('textbox', { name: 'Filter ISP' }), 'comcast');
    expect(bodyRows().map((row) => within(row).getAllByRole('cell')[1]?.textContent?.trim())).toEqual(['198.18.0.1', '198.19.1.1']);
    await user.type(screen.getByRole('textbox', { name: 'Filter ONLINE' }), 'DEAD');
    expect(bodyRows()).toHaveLength(1);
    expect(screen.getByText('1 of 3 proxies')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Filter PRICE' }), '$9');
    expect(bodyRows()).toHaveLength(0);
    expect(within(table()).getByRole('link', { name: 'Click on proxy to buy it' })).toBeInTheDocument();
  });

  it('pages 50 rows at a time', async () => {
    const items = Array.from({ length: 120 }, (_, i) =>
      historyFixture({ history_id: String(200 - i), real_ip: `198.18.1.${i}`, proxy: `198.18.1.${i}:2000` }),
    );
    const user = userEvent.setup();
    await renderPage(items);
    await loaded(50);
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getAllByRole('button', { name: /^Page / }).map((b) => b.textContent)).toEqual(['1', '2', '3']);
    await user.click(within(pages).getByRole('button', { name: 'Page 3' }));
    expect(bodyRows()).toHaveLength(20);
    expect(within(bodyRows()[0] as HTMLElement).getAllByRole('cell')[1]).toHaveTextContent('198.18.1.100');
  });

  it('selects a row and shows its details: proxy, usage, location, blacklists and info', async () => {
    const user = userEvent.setup();
    await renderPage([first, second]);
    await loaded(2);
    // Nothing selected: the hint says how to select, and no empty panel takes room beside the table.
    expect(screen.getByTestId('history-details-hint')).toHaveTextContent('Click on Proxy to view details');
    expect(screen.queryByRole('complementary', { name: 'Proxy details' })).not.toBeInTheDocument();

    api.route('GET /api/proxy/usage/2', {
      body: { history_id: '2', bytes_up: 15_300, bytes_down: 2_500_000, connections: 12, updated_at: new Date(2026, 4, 2, 19, 0).toISOString() },
    });
    await user.click(within(bodyRows()[0] as HTMLElement).getByText('Deutsche Telekom'));
    expect(bodyRows()[0]).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('complementary', { name: 'Proxy details' });
    expect(screen.queryByTestId('history-details-hint')).not.toBeInTheDocument();
    expect(within(panel).getByRole('heading', { name: /198\.18\.7\.20/ })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'login1:pass22@198.18.7.20:31000' })).toBeInTheDocument();
    const field = (block: string, label: string) => {
      const section = within(panel).getByRole('region', { name: block });
      const term = within(section).getByText(label, { selector: 'dt' });
      return term.nextElementSibling?.textContent;
    };
    expect(
      ['Country', 'State', 'Domain', 'Host', 'Org', 'ISP', 'City', 'Zip', 'Time zone'].map((label) => field('Location', label)),
    ).toEqual(['Germany', 'Berlin', 't-online.de', '198.18.7.20', 'Telekom AG', 'Deutsche Telekom', 'Berlin', '10115', 'Europe/Berlin']);
    expect(['sbl_black', 'xbl_black', 'css_black', 'pbl_black'].map((label) => field('Blacklists', label))).toEqual([
      'Yes',
      'Clean (in Spamhaus)',
      'Clean (in Spamhaus)',
      'Unknown',
    ]);
    expect(within(panel).getByTestId('data-source')).toHaveTextContent('Location from the exit IP 198.18.7.20 · blacklists checked 2 h ago');
    expect(['Type', 'Ping', 'Speed', 'DNS'].map((label) => field('Info', label))).toEqual(['MOB', '55 ms', '80 Mbit/s', '198.19.0.53']);
    expect(field('Lease', 'Status')).toMatch(/^3h (29|30)m left$/);
    await waitFor(() => expect(field('Usage', 'Sent')).toBe('15.3 KB'));
    expect(['Received', 'Connections', 'Last traffic'].map((label) => field('Usage', label))).toEqual(['2.50 MB', '12', '02.05 19:00']);
  });

  it("copies the proxy string with 'Proxy Copied'", async () => {
    const user = userEvent.setup();
    // After userEvent.setup(), which puts its own clipboard in place.
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await renderPage([first]);
    await loaded(1);
    await user.click(within(table()).getByRole('button', { name: 'login1:pass22@198.18.7.20:31000' }));
    expect(writeText).toHaveBeenCalledWith('login1:pass22@198.18.7.20:31000');
    expect(await screen.findByText('Proxy Copied')).toBeInTheDocument();
    expect(bodyRows()[0]).toHaveAttribute('aria-selected', 'false');
  });

  it('flips the auto-renewal badge only after the server agreed, refreshing the list', async () => {
    const user = userEvent.setup();
    await renderPage([first]);
    await loaded(1);
    await user.click(within(bodyRows()[0] as HTMLElement).getByText('MOB'));
    const panel = screen.getByRole('complementary', { name: 'Proxy details' });
    const box = within(panel).getByRole('checkbox', { name: 'Autorenew proxy each day' });
    expect(box).not.toBeChecked();
    expect(within(panel).getByLabelText('Auto-renewal off')).toHaveTextContent('Off');

    const answer = deferred<{ status: number; body: unknown }>();
    api.route('PUT /api/proxy/autorenew', answer.promise);
    const loads = api.callsTo('GET /api/proxy/history').length;
    await user.click(box);
    expect(api.callsTo('PUT /api/proxy/autorenew').map((call) => call.body)).toEqual([{ HISTORY_ID: '2', ENABLE: 1 }]);
    // The server has not answered: nothing flipped yet.
    expect(box).not.toBeChecked();
    expect(within(panel).getByLabelText('Auto-renewal off')).toBeInTheDocument();
    api.route('GET /api/proxy/history', { body: [{ ...first, renew: 1 }] });
    await act(async () => answer.resolve({ status: 200, body: { history_id: '2', renew: 1, expires_at: first.expires_at } }));
    expect(await screen.findByText('Auto-renewal enabled')).toBeInTheDocument();
    expect(box).toBeChecked();
    expect(within(panel).getByLabelText('Auto-renewal on')).toHaveTextContent('On');
    await waitFor(() => expect(api.callsTo('GET /api/proxy/history').length).toBeGreaterThan(loads));
    expect(within(bodyRows()[0] as HTMLElement).getAllByRole('cell')[5]).toHaveTextContent(/^3h (29|30)m left, auto-renews$/);

    api.route('PUT /api/proxy/autorenew', { body: { history_id: '2', renew: 0, expires_at: first.expires_at } });
    api.route('GET /api/proxy/history', { body: [first] });
    await user.click(box);
    expect(await screen.findByText('Auto-renewal disabled')).toBeInTheDocument();
    await waitFor(() => expect(box).not.toBeChecked());
  });

  it("replaces a dead proxy with one click and says where it leaves now; a paid online or an ended proxy has no Replace", async () => {
    const user = userEvent.setup();
    await renderPage([first, second, { ...first, history_id: '3', online: 1, proxy: '198.18.7.21:31001' }]);
    await loaded(3);
    expect(screen.getAllByRole('button', { name: /^Replace dead proxy/ })).toHaveLength(1);
    api.route('POST /api/proxy/replace/2', {
      body: { history_id: '2', real_ip: '198.18.9.9', proxy: '198.18.7.20:31000', expires_at: first.expires_at, message: 'Proxy 198.18.7.20:31000 now leaves through 198.18.9.9' },
    });
    api.route('GET /api/proxy/history', { body: [{ ...first, online: 1, real_ip: '198.18.9.9' }] });
    const loads = api.callsTo('GET /api/proxy/history').length;
    await user.click(screen.getByRole('button', { name: 'Replace dead proxy 198.18.7.20:31000 free of charge' }));
    expect(await screen.findByText('Proxy 198.18.7.20:31000 now leaves through 198.18.9.9')).toBeInTheDocument();
    expect(api.callsTo('POST /api/proxy/replace/2')).toHaveLength(1);
    await waitFor(() => expect(api.callsTo('GET /api/proxy/history').length).toBeGreaterThan(loads));
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Replace dead proxy/ })).not.toBeInTheDocument());
  });

  it("says why a replacement is refused", async () => {
    await renderPage([first]);
    await loaded(1);
    api.route('POST /api/proxy/replace/2', { status: 409, body: { message: 'No online proxy of the same type in the same country is free right now to replace proxy 2: try again in a few minutes' } });
    await userEvent.setup().click(screen.getByRole('button', { name: /^Replace dead proxy/ }));
    expect(await screen.findByText(/No online proxy of the same type/)).toBeInTheDocument();
  });

  it('switches "Replace dead proxies automatically" once the server agreed, and keeps it when the server refuses', async () => {
    const user = userEvent.setup();
    await renderPage([first]);
    await loaded(1);
    const toggle = screen.getByRole('switch', { name: 'Replace dead proxies automatically' });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(/gets a new exit of the same type free of charge/);

    const answer = deferred<{ status: number; body: unknown }>();
    api.route('PUT /api/proxy/replace/automatic', answer.promise);
    await user.click(toggle);
    expect(api.callsTo('PUT /api/proxy/replace/automatic').map((call) => call.body)).toEqual([{ enabled: true }]);
    expect(toggle).not.toBeChecked();
    await act(async () => answer.resolve({ status: 200, body: { enabled: true } }));
    expect(await screen.findByText('Automatic replacement enabled')).toBeInTheDocument();
    expect(toggle).toBeChecked();

    api.route('PUT /api/proxy/replace/automatic', { status: 500, body: { message: 'Internal server error' } });
    await user.click(toggle);
    expect(await screen.findByText('Failed to update automatic replacement')).toBeInTheDocument();
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).toBeChecked();
  });

  it("keeps the badge and says 'Failed to update auto-renewal' when the server refuses", async () => {
    const user = userEvent.setup();
    await renderPage([first]);
    await loaded(1);
    await user.click(within(bodyRows()[0] as HTMLElement).getByText('MOB'));
    api.route('PUT /api/proxy/autorenew', { status: 409, body: { message: 'ended' } });
    const box = screen.getByRole('checkbox', { name: 'Autorenew proxy each day' });
    await user.click(box);
    expect(await screen.findByText('Failed to update auto-renewal')).toBeInTheDocument();
    expect(box).not.toBeChecked();
    expect(screen.getByLabelText('Auto-renewal off')).toBeInTheDocument();
  });

  it('opens the details in a modal on narrow screens', async () => {
    const realMatchMedia = window.matchMedia;
    window.matchMedia = (query: string) => ({ ...realMatchMedia(query), matches: query.includes('max-width: 767.98px') });
    try {
      const user = userEvent.setup();
      await renderPage([first]);
      expect(screen.queryByRole('complementary', { name: 'Proxy details' })).not.toBeInTheDocument();
      await loaded(1);
      await user.click(within(bodyRows()[0] as HTMLElement).getByText('MOB'));
      const dialog = await screen.findByRole('dialog', { name: /198\.18\.7\.20/ });
      expect(within(dialog).getByRole('checkbox', { name: 'Autorenew proxy each day' })).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Close details' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    } finally {
      window.matchMedia = realMatchMedia;
    }
  });

  it('copies the checked proxies, or all filtered ones, in the chosen format', async () => {
    const third = historyFixture({ history_id: '3', real_ip: '198.19.1.1', proxy: '198.19.1.1:1080', socks_auth: 'zzzzz:yyyyy', isp: 'Other' });
    const user = userEvent.setup();
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await renderPage([first, second, third]);
    await loaded(3);
    expect(screen.getByRole('button', { name: 'Copy selected' })).toBeDisabled();

    await user.click(screen.getByRole('checkbox', { name: 'Select 198.18.7.20:31000' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select 198.19.1.1:1080' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy selected' }));
    expect(writeText).toHaveBeenLastCalledWith('login1:pass22@198.18.7.20:31000\nzzzzz:yyyyy@198.19.1.1:1080');
    expect(await screen.findByText('2 proxies copied')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Format' }));
    await user.click(screen.getByRole('option', { name: 'host:port:login:pass' }));
    await user.type(screen.getByRole('textbox', { name: 'Filter ISP' }), 'comcast');
    const all = screen.getByRole('checkbox', { name: 'Select all filtered proxies' });
    await user.click(all);
    // The filtered row joins the two checked before, which stay checked while hidden.
    expect(screen.getByText('3 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy selected' }));
    expect(writeText).toHaveBeenLastCalledWith('198.18.7.20:31000:login1:pass22\n198.18.0.1:20001:abcde:fgh12\n198.19.1.1:1080:zzzzz:yyyyy');
    await user.click(all);
    expect(screen.getByText('2 selected')).toBeInTheDocument();
  });
});

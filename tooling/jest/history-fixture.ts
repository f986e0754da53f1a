import type { HistoryItem } from 'contract/history';

/** A history item for tests of the history page, its filters and the benchmark; override what the test is about. */
export function historyFixture(overrides: Partial<HistoryItem> = {}): HistoryItem {
  return {
    history_id: '1',
    id: '11',
    real_ip: '198.18.0.1',
    proxy: '198.18.0.1:20001',
    socks_auth: 'abcde:fgh12',
    img: 'us',
    country: 'United States',
    ct: 'US',
    region: 'Texas',
    city: 'Austin',
    zip: '78701',
    time_zone: 'America/Chicago',
    domain: 'comcast.net',
    org: 'Comcast Cable',
    isp: 'Comcast Cable',
    user_type: 'ISP',
    ping: 40,
    speed: 100,
    dns: '198.19.255.2',
    online: 1,
    paid: 1,
    renew: 0,
    price: 0.6,
    added_timestamp: new Date(2026, 4, 2, 9, 5).toISOString(),
    expires_at: new Date(2026, 4, 3, 9, 5).toISOString(),
    renewals: 0,
    sbl_black: 0,
    xbl_black: 0,
    css_black: 0,
    pbl_black: 0,
    ...overrides,
  };
}

import {
  blacklistLabel,
  EMPTY_HISTORY_FILTERS,
  filterHistoryRows,
  HISTORY_COLUMNS,
  historyCells,
  historyRows,
  locationLabel,
  noteLabel,
  onlineLabel,
  paidLabel,
  proxyString,
  timeLeftLabel,
} from './history-columns';
import { historyFixture } from 'test-kit/history-fixture';
import { leaseEventMessage } from './lease-messages';

const now = new Date(2026, 4, 2, 12, 0).getTime();
const hours = (h: number) => new Date(now + h * 3_600_000).toISOString();

describe('history columns', () => {
  it('has the ten columns in order', () => {
    expect(HISTORY_COLUMNS).toEqual(['IP', 'ONLINE', 'PAID', 'IP:PORT/COPY', 'NOTE', 'LOCATION', 'ISP', 'TYPE', 'BOUGHT', 'PRICE']);
  });

  it('reads each cell as the row format says', () => {
    const item = historyFixture({ expires_at: hours(5.5), price: 0.8 });
    expect(historyCells(item, now)).toEqual([
      '198.18.0.1',
      'Yes',
      'On',
      'abcde:fgh12@198.18.0.1:20001',
      '5h 30m left',
      'United States/Texas-Austin 78701',
      'Comcast Cable',
      'ISP',
      '02.05 09:05',
      '$0.80',
    ]);
  });

  it("labels online 'Yes'/'Dead', paid 'On'/'Expired', the proxy as auth@proxy and the location as country/region-city zip", () => {
    expect([onlineLabel({ online: 1 }), onlineLabel({ online: 0 })]).toEqual(['Yes', 'Dead']);
    expect([paidLabel({ paid: 1 }), paidLabel({ paid: 0 })]).toEqual(['On', 'Expired']);
    expect(proxyString({ socks_auth: 'login1:pass2', proxy: '198.18.3.4:1080' })).toBe('login1:pass2@198.18.3.4:1080');
    expect(locationLabel({ country: 'Germany', region: 'Berlin', city: 'Berlin', zip: '10115' })).toBe('Germany/Berlin-Berlin 10115');
    expect([blacklistLabel(1), blacklistLabel(0), blacklistLabel(null)]).toEqual(['Yes', 'Clean (in Spamhaus)', 'Unknown']);
  });

  it('shows the time left to the minute, and where an unpaid lease stands', () => {
    expect(timeLeftLabel(hours(23 + 59 / 60), now)).toBe('23h 59m');
    expect(timeLeftLabel(hours(1 + 5 / 60), now)).toBe('1h 05m');
    expect(timeLeftLabel(hours(12 / 60), now)).toBe('12m');
    expect(timeLeftLabel(hours(0.5 / 60), now)).toBe('under a minute');
    expect(timeLeftLabel(hours(-1), now)).toBe('');
    expect(noteLabel({ paid: 1, renew: 1, expires_at: hours(2) }, now)).toBe('2h 00m left, auto-renews');
    expect(noteLabel({ paid: 1, renew: 0, expires_at: hours(-0.01) }, now)).toBe('ending');
    expect(noteLabel({ paid: 0, renew: 1, expires_at: hours(-1) }, now)).toBe('waiting for the exit to come online');
    expect(noteLabel({ paid: 0, renew: 0, expires_at: hours(-1) }, now)).toBe('ended');
  });
});

describe('history filters', () => {
  const rows = historyRows(
    [
      historyFixture({ history_id: '1', real_ip: '198.18.0.1', isp: 'Comcast Cable', online: 1, price: 0.6 }),
      historyFixture({ history_id: '2', real_ip: '198.18.7.20', isp: 'AT&T Internet', online: 0, price: 1.25, city: 'Houston' }),
      historyFixture({ history_id: '3', real_ip: '198.19.0.3', isp: 'comcast business', online: 1, paid: 0, price: 0.4 }),
    ],
    now,
  );
  const ids = (filters: readonly string[]) => filterHistoryRows(rows, filters).map((row) => row.item.history_id);
  const only = (column: (typeof HISTORY_COLUMNS)[number], text: string) =>
    EMPTY_HISTORY_FILTERS.map((empty, index) => (HISTORY_COLUMNS[index] === column ? text : empty));

  it('keeps every row with no filter', () => {
    expect(ids(EMPTY_HISTORY_FILTERS)).toEqual(['1', '2', '3']);
  });

  it('matches a substring of the shown cell, ignoring case and surrounding spaces', () => {
    expect(ids(only('ISP', 'COMCAST'))).toEqual(['1', '3']);
    expect(ids(only('IP', ' 198.18 '))).toEqual(['1', '2']);
    expect(ids(only('ONLINE', 'dead'))).toEqual(['2']);
    expect(ids(only('PAID', 'exp'))).toEqual(['3']);
    expect(ids(only('PRICE', '$1.2'))).toEqual(['2']);
    expect(ids(only('LOCATION', 'houston'))).toEqual(['2']);
    expect(ids(only('BOUGHT', '02.05'))).toEqual(['1', '2', '3']);
    expect(ids(only('TYPE', 'mob'))).toEqual([]);
  });

  it('combines filters with AND', () => {
    const filters = only('ISP', 'comcast').map((text, index) => (HISTORY_COLUMNS[index] === 'PAID' ? 'on' : text));
    expect(ids(filters)).toEqual(['1']);
  });
});

describe('lease event toasts', () => {
  const event = { history_id: '4', real_ip: '198.18.1.2', expires_at: new Date(2026, 4, 3, 9, 5).toISOString() };
  it('says what happened to the proxy', () => {
    expect(leaseEventMessage({ ...event, kind: 'renewed' })).toEqual({ text: 'Proxy 198.18.1.2 renewed until 03.05 09:05', variant: 'success' });
    expect(leaseEventMessage({ ...event, kind: 'renewal-failed' }).text).toBe(
      'Proxy 198.18.1.2 was not renewed: your balance is too low. Auto-renewal is off.',
    );
    expect(leaseEventMessage({ ...event, kind: 'waiting' }).text).toBe('Proxy 198.18.1.2 is offline: it will be renewed once it is back online');
    expect(leaseEventMessage({ ...event, kind: 'ended' }).text).toBe('Proxy 198.18.1.2 has expired');
    expect(leaseEventMessage({ ...event, kind: 'down', down_since: new Date(2026, 4, 2, 17, 45).toISOString(), check_interval_s: 60 })).toEqual({
      text: 'Proxy 198.18.1.2 is down since 02.05 17:45; we are checking it every 60 s',
      variant: 'warning',
    });
  });
});

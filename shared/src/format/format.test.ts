import { ageLabel, dataSourceLine } from './data-source';
import { formatDateTime, formatDayMonthTime } from './date';
import { formatMoney } from './money';

describe('formatMoney', () => {
  it.each([
    [0, '$0.00'],
    [50, '$50.00'],
    [0.4, '$0.40'],
    [1.005, '$1.00'],
    [12345.678, '$12,345.68'],
    [10000, '$10,000.00'],
    [999.999, '$1,000.00'],
    [1234567.5, '$1,234,567.50'],
    [-0.8, '-$0.80'],
    [-0.001, '$0.00'],
  ])('%p -> %p', (value, expected) => {
    expect(formatMoney(value)).toBe(expected);
  });
});

describe('dates', () => {
  it('formats DD.MM HH:mm in local time', () => {
    expect(formatDayMonthTime(new Date(2026, 0, 5, 7, 3))).toBe('05.01 07:03');
    expect(formatDayMonthTime(new Date(2026, 11, 31, 23, 59).toISOString())).toBe('31.12 23:59');
  });

  it('formats a full date-time', () => {
    expect(formatDateTime(new Date(2026, 10, 22, 9, 5))).toBe('2026-11-22 09:05');
  });

  it('returns an empty string for an invalid date', () => {
    expect(formatDayMonthTime('nonsense')).toBe('');
    expect(formatDateTime('nonsense')).toBe('');
  });
});

describe('dataSourceLine', () => {
  const now = Date.parse('2026-05-02T12:00:00Z');
  it('says where the location comes from and how fresh the blacklists are', () => {
    expect(dataSourceLine({ location_ip: '203.0.113.7', blacklists_checked_at: '2026-05-02T09:30:00Z' }, now)).toBe(
      'Location from the exit IP 203.0.113.7 · blacklists checked 2 h ago',
    );
    expect(dataSourceLine({ location_ip: null, blacklists_checked_at: null }, now)).toBe('Location as imported, not measured yet · blacklists not checked yet');
    expect([ageLabel('2026-05-02T11:59:30Z', now), ageLabel('2026-05-02T11:55:00Z', now), ageLabel('2026-04-29T12:00:00Z', now)]).toEqual([
      'just now',
      '5 min ago',
      '3 days ago',
    ]);
  });
});

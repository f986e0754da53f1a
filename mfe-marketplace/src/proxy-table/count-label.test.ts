import { countLabel } from './proxy-table';
import { addedLabel } from './proxy-columns';

describe('the table count line', () => {
  it('says how many of how many', () => {
    expect(countLabel(12, 120, false)).toBe('12 of 120 proxies');
  });

  it('says a capped search shows only the first matches', () => {
    expect(countLabel(100, 100, true)).toBe('100 of the first 100 matches');
    expect(countLabel(7, 100, true)).toBe('7 of the first 100 matches');
  });

  it('reads added days', () => {
    expect([0, 1, 5].map(addedLabel)).toEqual(['today', '1 day ago', '5 days ago']);
  });
});

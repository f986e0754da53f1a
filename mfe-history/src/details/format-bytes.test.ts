import { formatBytes } from './format-bytes';

describe('formatBytes', () => {
  it('keeps small counts in bytes and scales larger ones', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(999)).toBe('999 B');
    expect(formatBytes(1000)).toBe('1.00 KB');
    expect(formatBytes(15_300)).toBe('15.3 KB');
    expect(formatBytes(2_500_000)).toBe('2.50 MB');
    expect(formatBytes(7_200_000_000_000_000)).toBe('7200.0 TB');
  });
});

import { shortTransactionId } from './topup-type';

describe('shortTransactionId', () => {
  it('keeps the first 8 and the last 4 characters of a long id', () => {
    expect(shortTransactionId('3f2a9c1e' + '0'.repeat(52) + 'a1b2')).toBe('3f2a9c1e…a1b2');
  });

  it('leaves an id of 14 characters or fewer whole', () => {
    expect(shortTransactionId('0123456789abcd')).toBe('0123456789abcd');
    expect(shortTransactionId('0123456789abcde')).toBe('01234567…bcde');
  });
});

import { parseQuantity, quantityLabel } from './quantity-buy';

describe('quantity buy', () => {
  it.each([
    ['5', 5],
    [' 12 ', 12],
    ['1', 1],
    ['100', 100],
    ['0', null],
    ['101', null],
    ['2.5', null],
    ['-3', null],
    ['', null],
    ['five', null],
  ])('reads %p as %p', (text, count) => {
    expect(parseQuantity(text)).toBe(count);
  });

  it('says what the button buys', () => {
    expect(quantityLabel(5, 'Residential', 'Texas')).toBe('Buy 5 Residential in Texas');
    expect(quantityLabel(1, 'any', 'DE')).toBe('Buy 1 proxy in DE');
    expect(quantityLabel(3, 'any', 'DE')).toBe('Buy 3 proxies in DE');
  });
});

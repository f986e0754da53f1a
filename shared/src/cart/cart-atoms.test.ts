import { createStore } from 'jotai';
import type { ProxyListing } from 'contract/marketplace';
import { listingFixture } from 'test-kit/listing-fixture';
import { CART_KEY, cartReducer, loadPersistedCart, persistCart } from './cart-atoms';

function listing(id: string, price = 1): ProxyListing {
  return listingFixture({ id, price });
}

describe('cartReducer', () => {
  it('adds an item and ignores a second item with the same id', () => {
    const once = cartReducer([], { type: 'add', item: listing('a') });
    const twice = cartReducer(once, { type: 'add', item: listing('a', 9) });
    expect(twice).toEqual([listing('a')]);
  });

  it('removes by id and leaves the others', () => {
    const items = [listing('a'), listing('b')];
    expect(cartReducer(items, { type: 'remove', id: 'a' }).map((i) => i.id)).toEqual(['b']);
  });

  it('replaces by id in place', () => {
    const items = [listing('a'), listing('b')];
    const sold = { ...listing('a'), sold: true, port: 10001 };
    expect(cartReducer(items, { type: 'replace', item: sold })).toEqual([sold, listing('b')]);
  });

  it('clears', () => {
    expect(cartReducer([listing('a')], { type: 'clear' })).toEqual([]);
  });
});

describe('cart persistence', () => {
  it('stores the cart under key cart with version 1 and reads it back', () => {
    persistCart([listing('a')]);
    expect(JSON.parse(localStorage.getItem(CART_KEY) ?? '{}')).toEqual({ version: 1, items: [listing('a')] });
    expect(loadPersistedCart()).toEqual([listing('a')]);
  });

  it('starts empty on another version or unreadable data', () => {
    localStorage.setItem(CART_KEY, JSON.stringify({ version: 2, items: [listing('a')] }));
    expect(loadPersistedCart()).toEqual([]);
    localStorage.setItem(CART_KEY, '{not json');
    expect(loadPersistedCart()).toEqual([]);
  });

  it('persists every change made through cartAtom', async () => {
    const { cartAtom, cartCountAtom } = await import('./cart-atoms');
    const store = createStore();
    store.set(cartAtom, { type: 'add', item: listing('a') });
    store.set(cartAtom, { type: 'add', item: listing('b') });
    store.set(cartAtom, { type: 'remove', id: 'a' });
    expect(store.get(cartCountAtom)).toBe(1);
    expect(loadPersistedCart().map((i) => i.id)).toEqual(['b']);
  });
});

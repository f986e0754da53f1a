import { atom } from 'jotai';
import type { ProxyListing } from 'contract/marketplace';

/** Cart item: the listing itself, keyed by id. */
export type CartItem = ProxyListing;

export type CartAction =
  | { type: 'add'; item: CartItem }
  | { type: 'remove'; id: string }
  | { type: 'replace'; item: CartItem }
  | { type: 'clear' };

/** Cart: add (ignored if the id is present), remove by id, replace by id, clear. */
export function cartReducer(items: readonly CartItem[], action: CartAction): CartItem[] {
  switch (action.type) {
    case 'add':
      return items.some((item) => item.id === action.item.id) ? [...items] : [...items, action.item];
    case 'remove':
      return items.filter((item) => item.id !== action.id);
    case 'replace':
      return items.map((item) => (item.id === action.item.id ? action.item : item));
    case 'clear':
      return [];
  }
}

/** Only the cart is persisted: key `cart`, version 1. */
export const CART_KEY = 'cart';
export const CART_VERSION = 1;

interface PersistedCart {
  version: number;
  items: CartItem[];
}

export function loadPersistedCart(storage?: Pick<Storage, 'getItem'>): CartItem[] {
  try {
    // Storage blocked or missing: the cart starts empty.
    const raw = (storage ?? localStorage).getItem(CART_KEY);
    if (!raw) return [];
    const parsed = JSON.parse(raw) as Partial<PersistedCart>;
    // Another version's shape is not ours to guess: start empty rather than show a broken cart.
    return parsed.version === CART_VERSION && Array.isArray(parsed.items) ? parsed.items : [];
  } catch {
    return [];
  }
}

export function persistCart(items: CartItem[], storage: Pick<Storage, 'setItem'> = localStorage): void {
  const value: PersistedCart = { version: CART_VERSION, items };
  try {
    storage.setItem(CART_KEY, JSON.stringify(value));
  } catch {
    // A full or blocked storage must not break shopping; the cart still lives for this page.
  }
}

const cartItemsAtom = atom<CartItem[]>(loadPersistedCart());

export const cartAtom = atom(
  (get) => get(cartItemsAtom),
  (get, set, action: CartAction) => {
    const next = cartReducer(get(cartItemsAtom), action);
    set(cartItemsAtom, next);
    persistCart(next);
  },
);

export const cartCountAtom = atom((get) => get(cartAtom).length);

import { atom } from 'jotai';
import type { ProxyListing } from 'contract/marketplace';
import { EMPTY_FILTERS, type ProxyFilters } from 'shared/marketplace/proxy-filters';
import { selectedTabAtom, type RegionTab } from './tab-atoms';

/** What the table shows: a country (by code) and, on the USA tab, a state. Nothing chosen yet: null. */
export interface MarketSelection {
  country: string | null;
  state: string | null;
}

export const selectionAtom = atom<MarketSelection>({ country: null, state: null });

/** Selecting a tab clears the chosen country and state. */
export const selectTabAtom = atom(null, (_get, set, tab: RegionTab) => {
  set(selectedTabAtom, tab);
  set(selectionAtom, { country: null, state: null });
  set(pageAtom, 1);
});

export const chooseLocationAtom = atom(null, (_get, set, selection: MarketSelection) => {
  set(selectionAtom, selection);
  set(pageAtom, 1);
});

export const filtersAtom = atom<ProxyFilters>(EMPTY_FILTERS);

/** Changing any filter starts again from the first page. */
export const updateFiltersAtom = atom(null, (get, set, change: Partial<ProxyFilters>) => {
  set(filtersAtom, { ...get(filtersAtom), ...change });
  set(pageAtom, 1);
});

export const resetFiltersAtom = atom(null, (_get, set) => {
  set(filtersAtom, EMPTY_FILTERS);
  set(pageAtom, 1);
});

export const pageAtom = atom(1);

/** The listing whose details are open (the row clicked), or null. */
export const detailListingAtom = atom<ProxyListing | null>(null);

export const cartOpenAtom = atom(false);

/**
 * Listings bought in this visit, with the endpoint that carries each (`gateway-host:port`) and its
 * credentials: the table shows them as sold.
 */
export const soldAtom = atom<Record<string, SoldProxy>>({});

export interface SoldProxy {
  proxy: string;
  socks_auth: string;
}

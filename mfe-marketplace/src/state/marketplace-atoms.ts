import { atom } from 'jotai';
import type { ProxyListing } from 'contract/marketplace';
import { EMPTY_FILTERS, type ProxyFilters } from 'contract/proxy-filters';
import { selectedTabAtom, type RegionTab } from './tab-atoms';

/** What the table shows: a country (by code) and, on the USA tab, a state. Nothing chosen yet: null. */
export interface MarketSelection {
  country: string | null;
  state: string | null;
}

export const selectionAtom = atom<MarketSelection>({ country: null, state: null });

/**
 * A search across the whole catalogue (city, ISP, ZIP, domain or IP prefix), or null. While set, the table
 * shows its results instead of the chosen location's; choosing a tab or a location clears it.
 */
export const findQueryAtom = atom<string | null>(null);

/** Selecting a tab clears the chosen country and state. */
export const selectTabAtom = atom(null, (_get, set, tab: RegionTab) => {
  set(selectedTabAtom, tab);
  set(selectionAtom, { country: null, state: null });
  set(findQueryAtom, null);
  set(pageAtom, 1);
});

export const chooseLocationAtom = atom(null, (_get, set, selection: MarketSelection) => {
  set(selectionAtom, selection);
  set(findQueryAtom, null);
  set(pageAtom, 1);
});

export const findAtom = atom(null, (_get, set, query: string | null) => {
  set(findQueryAtom, query);
  set(pageAtom, 1);
});

/** The table's sort: one column, ascending or descending; empty keeps the server's order (freshest first). */
export type TableSort = { id: string; desc: boolean }[];
export const sortingAtom = atom<TableSort>([]);

/** A new sort starts again from the first page. */
export const updateSortingAtom = atom(null, (_get, set, sorting: TableSort) => {
  set(sortingAtom, sorting);
  set(pageAtom, 1);
});

export const filtersAtom = atom<ProxyFilters>(EMPTY_FILTERS);

/** Changing any filter starts again from the first page. */
export const updateFiltersAtom = atom(null, (get, set, change: Partial<ProxyFilters>) => {
  set(filtersAtom, { ...get(filtersAtom), ...change });
  set(pageAtom, 1);
});

/** On a phone the filters fold away behind a button; open: shown. Wider screens always show them. */
export const filtersOpenAtom = atom(false);

export const resetFiltersAtom = atom(null, (_get, set) => {
  set(filtersAtom, EMPTY_FILTERS);
  set(pageAtom, 1);
});

export const pageAtom = atom(1);

/** The listing whose details are open (the row clicked), or null. */
export const detailListingAtom = atom<ProxyListing | null>(null);

export const cartOpenAtom = atom(false);

/** A bought proxy's credentials: `proxy` is the host:port the API answered, `socks_auth` login:pass. */
export interface SoldCredentials {
  proxy: string;
  socks_auth: string;
}

/** Listings bought in this visit, with their credentials: the table shows them as sold. */
export const soldAtom = atom<Record<string, SoldCredentials>>({});

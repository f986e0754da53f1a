import { atom } from 'jotai';

/**
 * Tab state. `as` is what the region request sends: USA and America share the code
 * US, so the request must name the tab itself to tell them apart.
 */
export interface RegionTab {
  name: string;
  code: string;
  as: string;
}

export const regionTabs: readonly RegionTab[] = [
  { name: 'USA', code: 'US', as: 'USA' },
  { name: 'America', code: 'US', as: 'America' },
  { name: 'Europe', code: 'EU', as: 'Europe' },
  { name: 'AU,Oceania', code: 'OC', as: 'Oceania' },
  { name: 'Asia', code: 'AS', as: 'Asia' },
  { name: 'Africa', code: 'AF', as: 'Africa' },
];

export const DEFAULT_TAB: RegionTab = { name: 'USA', code: 'US', as: 'USA' };

export const selectedTabAtom = atom<RegionTab>(DEFAULT_TAB);

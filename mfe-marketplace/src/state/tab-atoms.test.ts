import { createStore } from 'jotai';
import { regionTabs, selectedTabAtom } from './tab-atoms';

describe('tab state', () => {
  it('defaults to USA with code US', () => {
    expect(createStore().get(selectedTabAtom)).toMatchObject({ name: 'USA', code: 'US' });
  });

  it('lists the six region tabs in order, and USA and America are told apart by `as`', () => {
    expect(regionTabs.map((t) => [t.name, t.code])).toEqual([
      ['USA', 'US'],
      ['America', 'US'],
      ['Europe', 'EU'],
      ['AU,Oceania', 'OC'],
      ['Asia', 'AS'],
      ['Africa', 'AF'],
    ]);
    expect(new Set(regionTabs.map((t) => t.as)).size).toBe(regionTabs.length);
  });
});

import { createStore } from 'jotai';
import { themeModeAtom, toggleThemeAtom } from './theme-atoms';

describe('theme atoms', () => {
  it('defaults to dark, toggles and persists under theme', () => {
    const store = createStore();
    expect(store.get(themeModeAtom)).toBe('dark');
    store.set(toggleThemeAtom);
    expect(store.get(themeModeAtom)).toBe('light');
    expect(localStorage.getItem('theme')).toBe('light');
    store.set(toggleThemeAtom);
    expect(localStorage.getItem('theme')).toBe('dark');
  });
});

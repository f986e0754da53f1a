import { createStore } from 'jotai';
import { rememberThemeForServer, themeModeAtom, toggleThemeAtom } from './theme-atoms';

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

  it('keeps the server told of the theme in a cookie, on every change and at start-up', () => {
    const store = createStore();
    store.set(themeModeAtom, 'light');
    expect(document.cookie).toMatch(/(^|; )theme=light(;|$)/);
    store.set(themeModeAtom, 'dark');
    expect(document.cookie).toMatch(/(^|; )theme=dark(;|$)/);
    localStorage.setItem('theme', 'light');
    rememberThemeForServer();
    expect(document.cookie).toMatch(/(^|; )theme=light(;|$)/);
  });
});

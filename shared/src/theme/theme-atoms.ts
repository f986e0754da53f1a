import { atom } from 'jotai';

export type ThemeMode = 'light' | 'dark';
export const THEME_KEY = 'theme';

function readStoredTheme(): ThemeMode {
  try {
    return localStorage.getItem(THEME_KEY) === 'light' ? 'light' : 'dark';
  } catch {
    return 'dark';
  }
}

const storedThemeAtom = atom<ThemeMode>(readStoredTheme());

/** The signed-in portal's theme (dark unless toggled), persisted under `theme`. The landing page is always light. */
export const themeModeAtom = atom(
  (get) => get(storedThemeAtom),
  (_get, set, mode: ThemeMode) => {
    localStorage.setItem(THEME_KEY, mode);
    set(storedThemeAtom, mode);
  },
);

export const toggleThemeAtom = atom(null, (get, set) => {
  set(themeModeAtom, get(themeModeAtom) === 'dark' ? 'light' : 'dark');
});

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

/**
 * The server sends a signed-in page's first view (its look before the portal's code has run) in the theme
 * this browser last showed: it reads this cookie, as it cannot read localStorage. Set on every change and
 * once at start-up.
 */
export function rememberThemeForServer(mode: ThemeMode = readStoredTheme()): void {
  try {
    const secure = window.location.protocol === 'https:' ? '; secure' : '';
    document.cookie = `${THEME_KEY}=${mode}; path=/; max-age=31536000; samesite=lax${secure}`;
  } catch {
    // Cookies blocked: the first view comes in the default theme and the page corrects it.
  }
}

const storedThemeAtom = atom<ThemeMode>(readStoredTheme());

/** The signed-in portal's theme (dark unless toggled), persisted under `theme`. The landing page is always light. */
export const themeModeAtom = atom(
  (get) => get(storedThemeAtom),
  (_get, set, mode: ThemeMode) => {
    try {
      localStorage.setItem(THEME_KEY, mode);
    } catch {
      // Storage full, blocked or missing: the theme still changes now.
    }
    rememberThemeForServer(mode);
    set(storedThemeAtom, mode);
  },
);

export const toggleThemeAtom = atom(null, (get, set) => {
  set(themeModeAtom, get(themeModeAtom) === 'dark' ? 'light' : 'dark');
});

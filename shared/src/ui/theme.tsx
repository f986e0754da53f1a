import { createTheme, type Theme } from '@mui/material/styles';
import type { ThemeMode } from '../theme/theme-atoms';

/** Content max width 1440 px. */
export const CONTENT_MAX_WIDTH = 1440;

export function createPortalTheme(mode: ThemeMode): Theme {
  return createTheme({
    palette: {
      mode,
      // Button labels keep 4.5:1 at rest and hovered (theme.test.ts): in dark mode MUI's derived hover
      // (#566db2) under its 87 % black text fell to about 4:1, and white on the old light green to 4.35:1.
      primary: mode === 'dark' ? { main: '#7c9cff', dark: '#6a8cf5', contrastText: '#0f1320' } : { main: '#3450d6' },
      secondary: mode === 'dark' ? { main: '#4fd1a5', dark: '#3fb88f', contrastText: '#0f1320' } : { main: '#0b7a56' },
      background: mode === 'dark' ? { default: '#0f1320', paper: '#171c2e' } : { default: '#f6f7fb', paper: '#ffffff' },
    },
    shape: { borderRadius: 10 },
    typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
    components: {
      MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { textTransform: 'none' } } },
    },
  });
}

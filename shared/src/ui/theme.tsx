import { createTheme, type Theme } from '@mui/material/styles';
import type { ThemeMode } from '../theme/theme-atoms';

/** SPEC §9: content max width 1440 px. */
export const CONTENT_MAX_WIDTH = 1440;

export function createPortalTheme(mode: ThemeMode): Theme {
  return createTheme({
    palette: {
      mode,
      primary: { main: mode === 'dark' ? '#7c9cff' : '#3450d6' },
      secondary: { main: mode === 'dark' ? '#4fd1a5' : '#0f8a62' },
      background: mode === 'dark' ? { default: '#0f1320', paper: '#171c2e' } : { default: '#f6f7fb', paper: '#ffffff' },
    },
    shape: { borderRadius: 10 },
    typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
    components: {
      MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { textTransform: 'none' } } },
    },
  });
}

import { createTheme, type Theme } from '@mui/material/styles';
import type { ThemeMode } from '../theme/theme-atoms';

// The animation names MUI's InputBase listens for: an input's animation starting with one of them tells it
// the browser filled the field in (or emptied it), so a label floats above autofilled text.
const AUTOFILL = 'mui-auto-fill';
const AUTOFILL_CANCEL = 'mui-auto-fill-cancel';
// Not empty: a production build of emotion drops an empty keyframes rule.
const AUTOFILL_KEYFRAMES = `@keyframes ${AUTOFILL} { from { animation-name: ${AUTOFILL}; } } @keyframes ${AUTOFILL_CANCEL} { from { animation-name: ${AUTOFILL_CANCEL}; } }`;

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
      // Toasts are filled Alerts: white text on the colour itself in the light theme. MUI's info (#0288d1) and
      // warning (#ed6c02) gave 3.9:1 and 3.1:1 there (filled chips too); these darker shades keep 4.5:1
      // (alert-contrast.test.tsx). In the dark theme a contained error button put white on #f44336 (3.7:1):
      // a lighter red under dark text, like the dark theme's other colours, keeps 5:1 at rest and hovered, and
      // its error toasts get dark text too (5.2:1).
      ...(mode === 'light'
        ? { info: { main: '#0277bd' }, warning: { main: '#b45309' } }
        : { error: { main: '#f66b61', dark: '#f44336', contrastText: '#0f1320' } }),
      background: mode === 'dark' ? { default: '#0f1320', paper: '#171c2e' } : { default: '#f6f7fb', paper: '#ffffff' },
    },
    shape: { borderRadius: 10 },
    typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
    components: {
      MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { textTransform: 'none' } } },
      // Every text field and select added a <style> element of its own holding the same two keyframes (how
      // MUI notices the browser's autofill), and the browser restyled the page for each: on the dashboard's
      // dozen fields, a good part of its first commit on a slow phone. The keyframes are in CssBaseline's
      // styles instead, once; the input keeps the animations that report an autofill, which InputBase drops
      // along with its own global styles.
      MuiInputBase: {
        defaultProps: { disableInjectingGlobalStyles: true },
        styleOverrides: {
          input: {
            animationName: AUTOFILL_CANCEL,
            animationDuration: '10ms',
            '&:-webkit-autofill': { animationName: AUTOFILL, animationDuration: '5000s' },
          },
        },
      },
      MuiCssBaseline: { styleOverrides: AUTOFILL_KEYFRAMES },
    },
  });
}

import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClientProvider } from '@tanstack/react-query';
import { Provider as JotaiProvider, useAtomValue } from 'jotai';
import { SnackbarProvider } from 'notistack';
import { useMemo, type ReactNode } from 'react';
import { appQueryClient } from '../query/query-client';
import { appStore } from '../store/app-store';
import { themeModeAtom, type ThemeMode } from '../theme/theme-atoms';
import { DismissibleSnackbar } from './dismissible-snackbar';
import { createPortalTheme } from './theme';

/** Toasts: 4000 ms, at most 3 visible, 356 px wide, close button and swipe to dismiss. */
export const TOAST_DURATION_MS = 4000;
export const TOAST_MAX_VISIBLE = 3;

function PortalTheme({ forcedMode, children }: { forcedMode?: ThemeMode; children: ReactNode }) {
  const storedMode = useAtomValue(themeModeAtom);
  const mode = forcedMode ?? storedMode;
  const theme = useMemo(() => createPortalTheme(mode), [mode]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}

/**
 * The providers every page renders in: the shell mounts them once, and each remote's dev harness mounts
 * the same ones so a feature team sees exactly what the composed portal gives it.
 */
export function AppProviders({ children, forcedMode }: { children: ReactNode; forcedMode?: ThemeMode }) {
  return (
    <JotaiProvider store={appStore}>
      <QueryClientProvider client={appQueryClient}>
        <PortalTheme forcedMode={forcedMode}>
          <SnackbarProvider
            maxSnack={TOAST_MAX_VISIBLE}
            autoHideDuration={TOAST_DURATION_MS}
            anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
            Components={{
              default: DismissibleSnackbar,
              success: DismissibleSnackbar,
              error: DismissibleSnackbar,
              warning: DismissibleSnackbar,
              info: DismissibleSnackbar,
            }}
          >
            {children}
          </SnackbarProvider>
        </PortalTheme>
      </QueryClientProvider>
    </JotaiProvider>
  );
}

/** Theme for the part of the tree below it; the shell uses it to keep the landing page light. */
export { PortalTheme };

import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, type Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { QueryClientProvider } from '@tanstack/react-query';
import { Provider as JotaiProvider, useAtomValue } from 'jotai';
import { SnackbarProvider, type SnackbarOrigin } from 'notistack';
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
          <ToastProvider>{children}</ToastProvider>
        </PortalTheme>
      </QueryClientProvider>
    </JotaiProvider>
  );
}

/**
 * Toasts sit at the bottom, where they cover neither the top bar (balance, user name, theme toggle) nor
 * the scroll-to-top button at the bottom right: bottom left on wide screens, bottom centre on phones.
 */
export function toastOrigin(phone: boolean): SnackbarOrigin {
  return { vertical: 'bottom', horizontal: phone ? 'center' : 'left' };
}

function ToastProvider({ children }: { children: ReactNode }) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <SnackbarProvider
      maxSnack={TOAST_MAX_VISIBLE}
      autoHideDuration={TOAST_DURATION_MS}
      anchorOrigin={toastOrigin(phone)}
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
  );
}

/** Theme for the part of the tree below it; the shell uses it to keep the landing page light. */
export { PortalTheme };

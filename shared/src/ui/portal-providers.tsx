import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { Provider as JotaiProvider, useAtomValue } from 'jotai';
import { useMemo, type ReactNode } from 'react';
import { appStore } from 'shared/store/app-store';
import { themeModeAtom, type ThemeMode } from 'shared/theme/theme-atoms';
import { createPortalTheme } from './theme';
import { ToastHost } from 'shared/ui/toasts';

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
 * What every page renders in, less the query client: the store, the theme and the toasts. The shell mounts
 * these at its root and the query client around the parts that fetch (see QueryProvider).
 */
export function PortalProviders({ children, forcedMode }: { children: ReactNode; forcedMode?: ThemeMode }) {
  return (
    <JotaiProvider store={appStore}>
      <PortalTheme forcedMode={forcedMode}>
        {children}
        <ToastHost />
      </PortalTheme>
    </JotaiProvider>
  );
}

/** Theme for the part of the tree below it; the shell uses it to keep the landing page light. */
export { PortalTheme };

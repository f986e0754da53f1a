import type { ReactNode } from 'react';
import type { ThemeMode } from '../theme/theme-atoms';
import { PortalProviders } from 'shared/ui/portal-providers';
import { QueryProvider } from 'shared/ui/query-provider';

/**
 * Everything a page of a remote can count on in the portal, in one provider: each remote's dev harness and
 * tests mount it, so a feature team sees exactly what the composed portal gives it.
 */
export function AppProviders({ children, forcedMode }: { children: ReactNode; forcedMode?: ThemeMode }) {
  return (
    <PortalProviders forcedMode={forcedMode}>
      <QueryProvider>{children}</QueryProvider>
    </PortalProviders>
  );
}

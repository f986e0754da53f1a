import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { appQueryClient } from 'shared/query/query-client';

/**
 * The portal's query client for the tree below. The shell puts it around the parts that fetch (the portal
 * frame with its pages, the auth dialog), which load after the landing page: the query library is not on a
 * visitor's first page.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={appQueryClient}>{children}</QueryClientProvider>;
}

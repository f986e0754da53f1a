import { QueryClient } from '@tanstack/react-query';

/** Unused data kept 60 s, no refetch on focus or reconnect. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { gcTime: 60_000, refetchOnWindowFocus: false, refetchOnReconnect: false, retry: false },
      mutations: { retry: false },
    },
  });
}

/** The portal's one query client; a federation singleton like the jotai store. */
export const appQueryClient = createQueryClient();

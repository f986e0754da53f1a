import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { queryKeys } from 'shared/query/query-keys';

/**
 * Cache refresh: a proxy search, info, region or country call makes the cached proxy lists
 * (balance, states, region, history, own proxies) stale, so they are fetched again. The call that triggers
 * it is left alone, or it would refetch itself forever. Buying does not call this.
 */
export function invalidateProxyLists(client: QueryClient, triggeredBy: QueryKey): void {
  const lists = [queryKeys.balance, queryKeys.states, queryKeys.regions, queryKeys.history, queryKeys.myProxies];
  for (const queryKey of lists) {
    if (JSON.stringify(queryKey) === JSON.stringify(triggeredBy)) continue;
    void client.invalidateQueries({ queryKey, exact: true });
  }
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../query/query-keys';
import { publicApi } from 'shared/api/api-client';
import type { PortalConfig } from 'contract/portal-config';

export function fetchPortalConfig(): Promise<PortalConfig> {
  return publicApi.get('config').json<PortalConfig>();
}

/** How this API runs (payments in test mode or not); fixed for the life of the server, so fetched once. */
export function portalConfigQuery() {
  return queryOptions({ queryKey: queryKeys.portalConfig, queryFn: fetchPortalConfig, staleTime: Infinity, gcTime: Infinity });
}

export function usePortalConfig() {
  return useQuery(portalConfigQuery());
}

// The leases section's call. Its key starts with queryKeys.operator('leases'): the socket's `operator` event
// refetches it when leases start, end, renew or move traffic.
import { useQuery } from '@tanstack/react-query';
import type { LeaseOverview } from 'contract/operator-console';
import { api } from 'shared/api/api-client';
import { queryKeys } from 'shared/query/query-keys';

export function fetchLeases(): Promise<LeaseOverview> {
  return api.get('operator/leases').json<LeaseOverview>();
}

export function useLeases() {
  return useQuery({ queryKey: [...queryKeys.operator('leases'), 'overview'], queryFn: fetchLeases });
}

import { useQuery } from '@tanstack/react-query';
import { api } from 'shared/api/api-client';
import type { AvailabilityRequest, AvailabilityResponse } from 'contract/marketplace';
import { queryKeys } from 'shared/query/query-keys';

export function fetchAvailability(request: AvailabilityRequest): Promise<AvailabilityResponse> {
  return api.post('proxy/availability', { json: request }).json<AvailabilityResponse>();
}

/** Which cart items can no longer be bought; checked each time the cart is shown. */
export function useCartAvailability(ids: readonly string[], enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.availability(ids),
    enabled: enabled && ids.length > 0,
    staleTime: 0,
    queryFn: () => fetchAvailability({ ID: [...ids] }),
  });
}

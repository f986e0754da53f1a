import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdjustmentRequest, CustomerActionResult, CustomerDetail, CustomerSearchResult, DisableRequest } from 'contract/operator-customers';
import { api } from 'shared/api/api-client';
import { operatorKeys } from './operator-keys';

export function useCustomerSearch(text: string) {
  return useQuery({
    queryKey: operatorKeys.customers(text),
    queryFn: () => api.get('operator/customers', { searchParams: { q: text } }).json<CustomerSearchResult>(),
    placeholderData: (previous) => previous,
  });
}

export function useCustomer(userId: string) {
  return useQuery({
    queryKey: operatorKeys.customer(userId),
    queryFn: () => api.get(`operator/customers/${encodeURIComponent(userId)}`).json<CustomerDetail>(),
  });
}

/** One of the customer's actions; its answer is the customer's page as it is now, and the audit log moved. */
function useCustomerAction<Body>(userId: string, path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => api.post(`operator/customers/${encodeURIComponent(userId)}/${path}`, { json: body ?? {} }).json<CustomerActionResult>(),
    onSuccess: (result) => {
      queryClient.setQueryData(operatorKeys.customer(userId), result.customer);
      void queryClient.invalidateQueries({ queryKey: operatorKeys.customersRoot });
      void queryClient.invalidateQueries({ queryKey: operatorKeys.auditRoot });
    },
  });
}

export const useAdjustment = (userId: string) => useCustomerAction<AdjustmentRequest>(userId, 'adjustment');
export const useEndSessions = (userId: string) => useCustomerAction<null>(userId, 'end-sessions');
export const useSetDisabled = (userId: string) => useCustomerAction<DisableRequest>(userId, 'disabled');

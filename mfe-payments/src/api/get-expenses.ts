import { useQuery } from '@tanstack/react-query';
import { api } from 'shared/api/api-client';
import type { ExpenseRecord } from 'contract/payments';
import { queryKeys } from 'shared/query/query-keys';

export function fetchExpenses(): Promise<ExpenseRecord[]> {
  return api.get('payments/expenses').json<ExpenseRecord[]>();
}

/** The signed-in user's purchases and renewals; refetched when the `balance` event invalidates ['payments']. */
export function useExpenses() {
  return useQuery({ queryKey: queryKeys.expenses, queryFn: fetchExpenses });
}

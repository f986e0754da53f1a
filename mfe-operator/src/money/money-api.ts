// The money section's calls. Keys start with queryKeys.operator('money'): the socket's `operator` event
// refetches the figures when the ledger moves.
import { useQuery } from '@tanstack/react-query';
import type { MoneyReport } from 'contract/operator-console';
import { api } from 'shared/api/api-client';
import { queryKeys } from 'shared/query/query-keys';

export function fetchMoney(from: string, to: string): Promise<MoneyReport> {
  return api.get('operator/money', { searchParams: { from, to } }).json<MoneyReport>();
}

export function useMoney(from: string, to: string) {
  return useQuery({ queryKey: [...queryKeys.operator('money'), from, to], queryFn: () => fetchMoney(from, to), placeholderData: (previous) => previous });
}

/** The ledger of a range of days as CSV text (the export is written to the audit log). */
export function fetchLedgerCsv(from: string, to: string): Promise<string> {
  return api.get('operator/money/ledger.csv', { searchParams: { from, to } }).text();
}

// The inventory section's calls: one fetcher per endpoint and the hook that uses it. Every key starts with
// queryKeys.operator('inventory'), so the socket's `operator` event refetches whatever is on screen.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeclaredType, ImportReport } from 'contract/inventory';
import type { ExitDetail, ExitList, ExitListQuery, ExitStateReport, InventoryOverview, PriceClassInput, PriceClassList, PriceClassReport } from 'contract/operator-console';
import { api } from 'shared/api/api-client';
import { queryKeys } from 'shared/query/query-keys';

const root = queryKeys.operator('inventory');

export function fetchOverview(): Promise<InventoryOverview> {
  return api.get('operator/inventory/overview').json<InventoryOverview>();
}

export function useOverview() {
  return useQuery({ queryKey: [...root, 'overview'], queryFn: fetchOverview });
}

export function fetchExits(query: ExitListQuery): Promise<ExitList> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  return api.get('operator/inventory/exits', { searchParams: params }).json<ExitList>();
}

export function useExits(query: ExitListQuery) {
  return useQuery({ queryKey: [...root, 'exits', query], queryFn: () => fetchExits(query), placeholderData: (previous) => previous });
}

export function fetchExit(id: string): Promise<ExitDetail> {
  return api.get(`operator/inventory/exits/${encodeURIComponent(id)}`).json<ExitDetail>();
}

export function useExit(id: string) {
  return useQuery({ queryKey: [...root, 'exit', id], queryFn: () => fetchExit(id) });
}

export function changeExitState(id: number, action: 'retire' | 'restore'): Promise<ExitStateReport> {
  return api.post(`operator/inventory/exits/${id}/${action}`).json<ExitStateReport>();
}

export function useExitState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'retire' | 'restore' }) => changeExitState(id, action),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: root }),
  });
}

export interface ImportOptions {
  source: string;
  type: DeclaredType;
  skipInvalid: boolean;
  dryRun: boolean;
}

/**
 * POST the file itself (its bytes, as chosen: the server decides what is text) or the pasted lines; a refused
 * file answers 422 with its report, which is what the page shows.
 */
export async function importExits(file: Blob | string, options: ImportOptions): Promise<ImportReport> {
  const searchParams = new URLSearchParams({ type: options.type, skipInvalid: String(options.skipInvalid), dryRun: String(options.dryRun) });
  if (options.source) searchParams.set('source', options.source);
  const response = await api.post('operator/inventory/import', {
    body: typeof file === 'string' ? file : await file.arrayBuffer(),
    headers: { 'content-type': 'text/plain' },
    searchParams,
    throwHttpErrors: (status) => status !== 422,
  });
  return response.json<ImportReport>();
}

export function useImportExits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, options }: { file: Blob | string; options: ImportOptions }) => importExits(file, options),
    onSuccess: (report) => (report.imported ? queryClient.invalidateQueries({ queryKey: root }) : undefined),
  });
}

export function fetchPriceClasses(): Promise<PriceClassList> {
  return api.get('operator/inventory/price-classes').json<PriceClassList>();
}

export function usePriceClasses() {
  return useQuery({ queryKey: [...root, 'price-classes'], queryFn: fetchPriceClasses });
}

export function setPriceClass(input: PriceClassInput): Promise<PriceClassReport> {
  return api.put('operator/inventory/price-classes', { json: input }).json<PriceClassReport>();
}

export function removePriceClass(type: DeclaredType, ct: string): Promise<PriceClassReport> {
  return api.delete(`operator/inventory/price-classes/${type}/${encodeURIComponent(ct)}`).json<PriceClassReport>();
}

export function usePriceClassChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { set: PriceClassInput } | { remove: { type: DeclaredType; ct: string } }) =>
      'set' in change ? setPriceClass(change.set) : removePriceClass(change.remove.type, change.remove.ct),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: root }),
  });
}

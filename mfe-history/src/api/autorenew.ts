import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AutorenewRequest, AutorenewResponse, HistoryItem } from 'contract/history';
import { useSnackbar } from 'shared/ui/toasts';
import { api } from 'shared/api/api-client';
import { invalidateProxyLists } from 'shared/query/invalidate-proxy-lists';
import { queryKeys } from 'shared/query/query-keys';

export function putAutorenew(request: AutorenewRequest): Promise<AutorenewResponse> {
  return api.put('proxy/autorenew', { json: request }).json<AutorenewResponse>();
}

export const autorenewMessages = {
  enabled: 'Auto-renewal enabled',
  disabled: 'Auto-renewal disabled',
  failed: 'Failed to update auto-renewal',
};

/**
 * The auto-renewal switch of one lease. The cached lists change only once the server agreed; then the
 * proxy lists are refreshed, as after every autorenew call.
 */
export function useAutorenew() {
  const client = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  return useMutation({
    mutationFn: putAutorenew,
    onSuccess: (answer) => {
      for (const queryKey of [queryKeys.history, queryKeys.historyAll]) {
        client.setQueryData<HistoryItem[]>(queryKey, (items) =>
          items?.map((item) => (item.history_id === answer.history_id ? { ...item, renew: answer.renew } : item)),
        );
      }
      enqueueSnackbar(answer.renew === 1 ? autorenewMessages.enabled : autorenewMessages.disabled, { variant: 'success' });
      invalidateProxyLists(client, ['proxy', 'autorenew']);
    },
    onError: () => {
      enqueueSnackbar(autorenewMessages.failed, { variant: 'error' });
    },
  });
}

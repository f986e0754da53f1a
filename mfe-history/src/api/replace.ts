import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReplaceResponse } from 'contract/history';
import { api, serverMessage } from 'shared/api/api-client';
import { invalidateProxyLists } from 'shared/query/invalidate-proxy-lists';
import { useSnackbar } from 'shared/ui/toasts';

export const replaceTexts = {
  button: 'Replace',
  label: (proxy: string) => `Replace dead proxy ${proxy} free of charge`,
  failed: 'Failed to replace the proxy',
};

/**
 * The free replacement of a dead proxy: the server moves the lease onto a live exit of the same type (same
 * port and login:pass) and the lists refresh once it agreed.
 */
export function useReplace() {
  const client = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  return useMutation({
    mutationFn: (historyId: string) => api.post(`proxy/replace/${historyId}`).json<ReplaceResponse>(),
    onSuccess: (answer) => {
      enqueueSnackbar(answer.message, { variant: 'success' });
      invalidateProxyLists(client, ['proxy', 'replace']);
    },
    onError: (error) => {
      enqueueSnackbar(serverMessage(error, replaceTexts.failed), { variant: 'error' });
    },
  });
}

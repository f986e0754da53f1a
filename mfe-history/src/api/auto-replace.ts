import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AutoReplaceSetting } from 'contract/history';
import { api } from 'shared/api/api-client';
import { useSnackbar } from 'shared/ui/toasts';

export const autoReplaceTexts = {
  label: 'Replace dead proxies automatically',
  hint: 'A proxy whose exit stays dead gets a new exit of the same type free of charge, same port and login:pass.',
  enabled: 'Automatic replacement enabled',
  disabled: 'Automatic replacement disabled',
  failed: 'Failed to update automatic replacement',
};

const AUTO_REPLACE_KEY = ['proxy', 'replace', 'automatic'] as const;

/** The account setting "replace dead proxies automatically": its state, and a switch that changes it once the server agreed. */
export function useAutoReplace() {
  const client = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const setting = useQuery({
    queryKey: AUTO_REPLACE_KEY,
    queryFn: () => api.get('proxy/replace/automatic').json<AutoReplaceSetting>(),
  });
  const change = useMutation({
    mutationFn: (enabled: boolean) => api.put('proxy/replace/automatic', { json: { enabled } satisfies AutoReplaceSetting }).json<AutoReplaceSetting>(),
    onSuccess: (answer) => {
      client.setQueryData<AutoReplaceSetting>(AUTO_REPLACE_KEY, answer);
      enqueueSnackbar(answer.enabled ? autoReplaceTexts.enabled : autoReplaceTexts.disabled, { variant: 'success' });
    },
    onError: () => {
      enqueueSnackbar(autoReplaceTexts.failed, { variant: 'error' });
    },
  });
  return { setting, change };
}

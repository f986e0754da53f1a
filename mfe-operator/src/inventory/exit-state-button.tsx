import Button from '@mui/material/Button';
import type { ExitState } from 'contract/inventory';
import { serverMessage } from 'shared/api/api-client';
import { useSnackbar } from 'shared/ui/toasts';
import { useExitState } from './inventory-api';

/** Retire (off the market at once, leases run to their end) or restore (checked again before sale). */
export function ExitStateButton({ id, state, endpoint }: { id: number; state: ExitState; endpoint: string }) {
  const change = useExitState();
  const { enqueueSnackbar } = useSnackbar();
  const action = state === 'retired' ? 'restore' : 'retire';
  return (
    <Button
      size="small"
      variant="outlined"
      disabled={change.isPending}
      aria-label={`${action === 'retire' ? 'Retire' : 'Restore'} ${endpoint}`}
      onClick={() =>
        change.mutate(
          { id, action },
          {
            onSuccess: (report) => enqueueSnackbar(report.message, { variant: 'success' }),
            onError: (error) => enqueueSnackbar(serverMessage(error, 'That did not work. Try again.'), { variant: 'error' }),
          },
        )
      }
    >
      {action === 'retire' ? 'Retire' : 'Restore'}
    </Button>
  );
}

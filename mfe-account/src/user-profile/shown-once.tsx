import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { copyText } from 'shared/clipboard/copy-text';
import { useSnackbar } from 'shared/ui/toasts';

/** A secret the server answers once (an API key, a webhook signing secret), with Copy and Done. */
export function ShownOnce({ label, message, value, testId, copyLabel, onDone }: { label: string; message: string; value: string; testId: string; copyLabel: string; onDone: () => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const copy = async () => {
    enqueueSnackbar((await copyText(value)) ? 'Copied' : 'Could not copy: select it and copy it by hand.', { variant: 'info' });
  };
  return (
    <Alert severity="success" role="status" aria-label={label}>
      <Stack spacing={1}>
        <span>{message}</span>
        <Box component="code" sx={{ wordBreak: 'break-all', fontFamily: 'monospace' }} data-testid={testId}>
          {value}
        </Box>
        <Stack direction="row" spacing={1}>
          <Button size="small" variant="outlined" onClick={() => void copy()}>
            {copyLabel}
          </Button>
          <Button size="small" onClick={onDone}>
            Done
          </Button>
        </Stack>
      </Stack>
    </Alert>
  );
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { UNAVAILABLE_MESSAGE } from './version-mismatch';

/** What a page shows instead of a remote that failed: the reason when there is one, and Retry. */
export default function RemoteFailurePanel({ reason, onRetry }: { reason: string | null; onRetry: () => void }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
      <Paper role="alert" sx={{ p: 4, maxWidth: 480, textAlign: 'center' }}>
        <Typography variant="h6" component="h2" gutterBottom>
          {UNAVAILABLE_MESSAGE}
        </Typography>
        {reason && (
          <Typography data-testid="remote-failure-reason" sx={{ mb: 1 }}>
            {reason}
          </Typography>
        )}
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          The rest of the portal still works. Try again in a moment.
        </Typography>
        <Button variant="contained" onClick={onRetry}>
          Retry
        </Button>
      </Paper>
    </Box>
  );
}

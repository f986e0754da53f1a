import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useSetAtom } from 'jotai';
import { useSnackbar } from 'shared/ui/toasts';
import { useState } from 'react';
import { useNavigate } from 'shared/routing/router';
import { serverMessage } from 'shared/api/api-client';
import { authDialogAtom } from 'shared/auth/auth-dialog-atoms';
import { endSession } from 'shared/auth/end-session';
import { formatDateTime } from 'shared/format/date';
import { signOutEverywhere, useSignIns } from '../api/account-security';

/** The latest sign-ins (time, address, browser), this session marked, and signing out everywhere. */
export function SignInActivity() {
  const signIns = useSignIns();
  const navigate = useNavigate();
  const setDialog = useSetAtom(authDialogAtom);
  const { enqueueSnackbar } = useSnackbar();
  const [busy, setBusy] = useState(false);

  const signOutAll = async () => {
    setBusy(true);
    try {
      const answer = await signOutEverywhere();
      enqueueSnackbar(answer.message, { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(serverMessage(error, 'Could not sign out everywhere. Please try again.'), { variant: 'error' });
      setBusy(false);
      return;
    }
    // Every session ended on the server, this one too: forget it here and offer the login.
    await endSession(() => {
      navigate('/');
      setDialog('login');
    });
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="sign-in-activity-heading">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}>
        <Typography id="sign-in-activity-heading" variant="h6" component="h2">
          Sign-in activity
        </Typography>
        <Button variant="outlined" color="error" onClick={() => void signOutAll()} disabled={busy} sx={{ alignSelf: { xs: 'flex-start', sm: 'auto' } }}>
          Sign out everywhere
        </Button>
      </Stack>
      {signIns.isError ? (
        <Alert severity="error">{serverMessage(signIns.error, 'Could not load the sign-in activity.')}</Alert>
      ) : (
        // Focusable so a keyboard can scroll it sideways on a narrow phone.
        <TableContainer tabIndex={0} role="region" aria-label="Latest sign-ins">
          <Table size="small" aria-labelledby="sign-in-activity-heading">
            <TableHead>
              <TableRow>
                <TableCell>Time</TableCell>
                <TableCell>IP address</TableCell>
                <TableCell>Browser</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(signIns.data?.signIns ?? []).map((signIn) => (
                <TableRow key={`${signIn.at}-${signIn.ip}`} data-testid="sign-in-row">
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(signIn.at)}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-all' }}>{signIn.ip}</TableCell>
                  <TableCell>
                    <Box component="span" sx={{ mr: 1 }}>
                      {signIn.browser}
                    </Box>
                    {signIn.current && <Chip size="small" color="success" label="This session" />}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}

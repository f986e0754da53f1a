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
import { Fragment, useState } from 'react';
import { useNavigate } from 'shared/routing/router';
import { serverMessage } from 'shared/api/api-client';
import { authDialogAtom } from 'shared/auth/auth-dialog-atoms';
import { endSession } from 'shared/auth/end-session';
import { formatDateTime } from 'shared/format/date';
import { CARD, cardTableSx } from 'shared/ui/card-table';
import { signOutEverywhere, useSignIns } from '../api/account-security';

/** The latest sign-ins (time, address, browser), this session marked, and signing out everywhere. */
/** Time, address and browser side by side need about 560 px; narrower, each sign-in is a card. */
const SIGN_INS_CARDS_BELOW = 560;

/** An IP address that may wrap after a dot or colon, never inside a number. */
function AddressText({ ip }: { ip: string }) {
  return ip.split(/(?<=[.:])/).map((part, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}

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
        // On a phone each sign-in is a card: time and address first, the browser under them.
        <TableContainer role="region" aria-label="Latest sign-ins" sx={cardTableSx(SIGN_INS_CARDS_BELOW)}>
          <Table size="small" aria-labelledby="sign-in-activity-heading">
            <TableHead>
              <TableRow>
                <TableCell data-card={CARD.tableOnly}>Time</TableCell>
                <TableCell data-card={CARD.tableOnly}>IP address</TableCell>
                <TableCell data-card={CARD.tableOnly}>Browser</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(signIns.data?.signIns ?? []).map((signIn) => (
                <TableRow key={`${signIn.at}-${signIn.ip}`} data-testid="sign-in-row">
                  <TableCell data-card={CARD.lead} sx={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(signIn.at)}
                  </TableCell>
                  {/* An address wraps only between its groups (an IPv6 one is long), never inside a number. */}
                  <TableCell data-card={CARD.detail} data-label="IP address" sx={{ overflowWrap: 'normal', wordBreak: 'normal' }}>
                    <AddressText ip={signIn.ip} />
                  </TableCell>
                  <TableCell data-card={CARD.wide} data-label="Browser">
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

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useAtomValue, useSetAtom } from 'jotai';
import { useSnackbar } from 'shared/ui/toasts';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'shared/routing/router';
import { serverMessage } from 'shared/api/api-client';
import { authAtom } from 'shared/auth/auth-atoms';
import { authDialogAtom } from 'shared/auth/auth-dialog-atoms';
import { endSession } from 'shared/auth/end-session';
import { PasswordField, PasswordHint } from 'shared/ui/password-field';
import { changePassword } from '../api/change-password';
import { changePasswordMessages } from './account-messages';

/**
 * The 'Change Password' tab. The server checks the current password and the rules of a new one; a change
 * ends the session here as well, so the customer logs in again with the new password.
 */
export function ChangePasswordForm() {
  const { userId } = useAtomValue(authAtom);
  const setDialog = useSetAtom(authDialogAtom);
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [values, setValues] = useState({ current: '', next: '', confirm: '' });
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (values.next !== values.confirm) {
      enqueueSnackbar(changePasswordMessages.mismatch, { variant: 'error' });
      return;
    }
    setFailure(null);
    setBusy(true);
    try {
      await changePassword(userId ?? '', values.current, values.next);
    } catch (error) {
      enqueueSnackbar(serverMessage(error, changePasswordMessages.failedToast), { variant: 'error' });
      setFailure(serverMessage(error, changePasswordMessages.failed));
      setBusy(false);
      return;
    }
    enqueueSnackbar(changePasswordMessages.success, { variant: 'success' });
    await endSession(() => {
      navigate('/');
      setDialog('login');
    });
  };

  const field = (name: keyof typeof values, label: string, autoComplete: string) => (
    <PasswordField
      label={label}
      value={values[name]}
      onChange={(event) => setValues((previous) => ({ ...previous, [name]: event.target.value }))}
      autoComplete={autoComplete}
      required
      fullWidth
      disabled={busy}
    />
  );

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-label="Change password">
        <Stack spacing={2} sx={{ maxWidth: 420 }}>
          {field('current', 'Current Password', 'current-password')}
          {field('next', 'New Password', 'new-password')}
          {field('confirm', 'Confirm New Password', 'new-password')}
          <PasswordHint />
          {failure && (
            <Alert severity="error" role="alert">
              {failure}
            </Alert>
          )}
          <Button type="submit" variant="contained" disabled={busy} sx={{ alignSelf: 'flex-start' }}>
            {busy ? 'Processing...' : 'Change Password'}
          </Button>
        </Stack>
      </Box>
    </Paper>
  );
}

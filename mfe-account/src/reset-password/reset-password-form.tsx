import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useFormik } from 'formik';
import { useAtomValue, useSetAtom } from 'jotai';
import { useSnackbar } from 'shared/ui/toasts';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'shared/routing/router';
import { serverMessage } from 'shared/api/api-client';
import { isAuthenticatedAtom } from 'shared/auth/auth-atoms';
import { authDialogAtom } from 'shared/auth/auth-dialog-atoms';
import { endSession } from 'shared/auth/end-session';
import { PasswordField, PasswordHint } from 'shared/ui/password-field';
import { authMessages } from 'contract/auth-rules';
import { formMessages, resetPasswordSchema } from 'shared/validation/auth-schemas';
import { formFieldProps } from 'shared/validation/shown-field-error';
import { resetPassword } from './reset-password-api';
import { AuthDialogLink } from 'shared/ui/auth-dialog-link';

/** Reset failure: the toast, and the fallback shown under the form when the server gives no message. */
export const resetMessages = {
  failedToast: 'Failed to reset password. Please try again.',
  failed: 'Failed to reset password',
} as const;

type Field = 'password' | 'confirmPassword';

/**
 * Reset password with the mailed token: on success the visitor goes to `/` and logs in with
 * the new password; on failure the server's reason stays under the form.
 */
export function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const setDialog = useSetAtom(authDialogAtom);
  const signedIn = useAtomValue(isAuthenticatedAtom);
  const { enqueueSnackbar } = useSnackbar();
  const [failure, setFailure] = useState<string | null>(null);

  const formik = useFormik({
    initialValues: { password: '', confirmPassword: '' },
    validationSchema: resetPasswordSchema,
    onSubmit: async ({ password }) => {
      setFailure(null);
      try {
        await resetPassword(token, { password });
      } catch (error) {
        enqueueSnackbar(resetMessages.failedToast, { variant: 'error' });
        setFailure(serverMessage(error, resetMessages.failed));
        return;
      }
      enqueueSnackbar(authMessages.passwordReset, { variant: 'success' });
      // A reset ends every session of the account, this browser's too: forget it here as well,
      // or `/` would send a stale session on to the dashboard instead of showing the login dialog.
      await endSession();
      navigate('/');
      setDialog('login');
    },
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors = await formik.validateForm();
    // Besides the message under each field, one toast says the form needs correcting.
    if (Object.keys(errors).length > 0) {
      enqueueSnackbar(formMessages.correctErrors, { variant: 'error', preventDuplicate: true });
    }
    await formik.submitForm();
  };

  const busy = formik.isSubmitting;
  const fieldProps = (name: Field) => ({
    ...formFieldProps(formik, name, 'reset'),
    required: true,
    fullWidth: true,
      autoComplete: 'new-password',
    disabled: busy,
  });

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-label="Reset password">
      <Stack spacing={2}>
        <Typography color="text.secondary">Choose a new password for your account.</Typography>
        <PasswordField {...fieldProps('password')} label="Enter New Password" autoFocus />
        <PasswordField {...fieldProps('confirmPassword')} label="Confirm New Password" />
        <PasswordHint />
        {failure && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
          {busy ? 'Processing...' : 'Submit'}
        </Button>
        <AuthDialogLink prompt="Link expired or already used?" dialog="forgotPassword">
          Request a new link
        </AuthDialogLink>
        {!signedIn && (
          <AuthDialogLink prompt="Remembered your password?" dialog="login">
            Log in
          </AuthDialogLink>
        )}
      </Stack>
    </Box>
  );
}

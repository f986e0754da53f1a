import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFormik } from 'formik';
import { useSnackbar } from 'shared/ui/toasts';
import { useState, type FormEvent } from 'react';
import { authMessages } from 'contract/auth-rules';
import { forgotPasswordSchema } from 'shared/validation/auth-schemas';
import { formFieldProps } from 'shared/validation/shown-field-error';
import { requestPasswordReset } from './auth-api';
import { forgotFailure } from './auth-messages';
import { AuthDialogLink } from 'shared/ui/auth-dialog-link';

/** Forgot password: mails a reset link; leads back to login. */
export function ForgotPasswordForm() {
  const { enqueueSnackbar } = useSnackbar();
  const [outcome, setOutcome] = useState<{ severity: 'success' | 'error'; message: string } | null>(null);

  const formik = useFormik({
    initialValues: { email: '' },
    validationSchema: forgotPasswordSchema,
    onSubmit: async ({ email }) => {
      setOutcome(null);
      try {
        await requestPasswordReset({ email: email.trim() });
        enqueueSnackbar(authMessages.forgotSent, { variant: 'success' });
        setOutcome({ severity: 'success', message: authMessages.forgotSent });
      } catch (error) {
        const failure = forgotFailure(error);
        enqueueSnackbar(failure.toast, { variant: 'error' });
        setOutcome({ severity: 'error', message: failure.form });
      }
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    // An empty email is also said in a toast.
    if (!formik.values.email.trim()) enqueueSnackbar(authMessages.emailEmpty, { variant: 'error', preventDuplicate: true });
    formik.handleSubmit(event);
  };

  const busy = formik.isSubmitting;

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Forgot password">
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Typography variant="body2" color="text.secondary">
          Enter the email address of your account and we will send you a link to choose a new password.
        </Typography>
        {outcome && (
          <Alert severity={outcome.severity} role={outcome.severity === 'error' ? 'alert' : 'status'}>
            {outcome.message}
          </Alert>
        )}
        <TextField
          {...formFieldProps(formik, 'email', 'forgot')}
          label="Email"
          type="email"
          autoComplete="email"
          autoFocus
          required
          fullWidth
          disabled={busy}
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
          {busy ? 'Processing...' : 'Send reset link'}
        </Button>
        <AuthDialogLink dialog="login">Back to login</AuthDialogLink>
      </Stack>
    </Box>
  );
}

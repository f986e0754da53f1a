import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useFormik } from 'formik';
import { useSetAtom } from 'jotai';
import { useSnackbar } from 'shared/ui/toasts';
import { useState } from 'react';
import { serverMessage } from 'shared/api/api-client';
import { authDialogAtom } from 'shared/auth/auth-dialog-atoms';
import { PasswordField, PasswordHint } from 'shared/ui/password-field';
import { registerSchema } from 'shared/validation/auth-schemas';
import { formFieldProps } from 'shared/validation/shown-field-error';
import { registerAccount } from './auth-api';
import { registerMessages } from './auth-messages';
import { AuthDialogLink } from 'shared/ui/auth-dialog-link';
import { registeredUsernameAtom } from './registered-username';

type Field = 'username' | 'email' | 'password' | 'confirmPassword';

/** Register: success toasts and opens the login dialog; it does not sign anyone in. */
export function RegisterForm() {
  const setDialog = useSetAtom(authDialogAtom);
  const setRegisteredUsername = useSetAtom(registeredUsernameAtom);
  const { enqueueSnackbar } = useSnackbar();
  const [formError, setFormError] = useState<string | null>(null);

  const formik = useFormik({
    initialValues: { username: '', email: '', password: '', confirmPassword: '' },
    validationSchema: registerSchema,
    onSubmit: async ({ username, email, password }) => {
      setFormError(null);
      try {
        await registerAccount({ username: username.trim(), email: email.trim(), password });
        enqueueSnackbar(registerMessages.success, { variant: 'success' });
        setRegisteredUsername(username.trim());
        setDialog('login');
      } catch (error) {
        enqueueSnackbar(registerMessages.failed, { variant: 'error' });
        setFormError(serverMessage(error, registerMessages.failed));
      }
    },
  });

  const busy = formik.isSubmitting;
  const fieldProps = (name: Field) => ({
    ...formFieldProps(formik, name, 'register'),
    required: true,
    fullWidth: true,
    disabled: busy,
  });

  return (
    <Box component="form" noValidate onSubmit={formik.handleSubmit} aria-label="Register">
      <Stack spacing={2} sx={{ pt: 1 }}>
        {formError && (
          <Alert severity="error" role="alert">
            {formError}
          </Alert>
        )}
        <TextField {...fieldProps('username')} label="Username" autoComplete="username" autoFocus />
        <TextField {...fieldProps('email')} label="Email" type="email" autoComplete="email" />
        <PasswordField {...fieldProps('password')} label="Password" autoComplete="new-password" />
        <PasswordField {...fieldProps('confirmPassword')} label="Confirm Password" autoComplete="new-password" />
        <PasswordHint />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
          {busy ? 'Registering...' : 'Register'}
        </Button>
        <AuthDialogLink prompt="Already have an account?" dialog="login">
          Log in
        </AuthDialogLink>
      </Stack>
    </Box>
  );
}

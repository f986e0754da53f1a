import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFormik } from 'formik';
import { useAtomValue, useSetAtom } from 'jotai';
import { useRef, useState } from 'react';
import { useNavigate } from 'shared/routing/router';
import type { UserInfo } from 'contract/accounts';
import { loginSucceededAtom } from 'shared/auth/auth-atoms';
import { authDialogAtom, returnToAtom } from 'shared/auth/auth-dialog-atoms';
import { themeModeAtom } from 'shared/theme/theme-atoms';
import { PasswordField } from 'shared/ui/password-field';
import { authMessages } from 'contract/auth-rules';
import { loginSchema } from 'shared/validation/auth-schemas';
import { formFieldProps } from 'shared/validation/shown-field-error';
import { AltchaCaptcha, type CaptchaHandle } from './altcha-captcha';
import { logIn, verifyCaptcha } from './auth-api';
import { loginFailure, loginMessages } from './auth-messages';
import { SecondFactorForm } from './second-factor-form';
import { registeredUsernameAtom } from './registered-username';

/**
 * Login: the solved captcha is verified first (POST /api/auth/verify), then sent with the
 * credentials, which consumes it. Every attempt, good or bad, leaves an unsolved captcha behind.
 */
export function LoginForm() {
  const setDialog = useSetAtom(authDialogAtom);
  const returnTo = useAtomValue(returnToAtom);
  const loginSucceeded = useSetAtom(loginSucceededAtom);
  const setThemeMode = useSetAtom(themeModeAtom);
  const navigate = useNavigate();
  const captcha = useRef<CaptchaHandle>(null);
  const [formError, setFormError] = useState<string | null>(null);
  // Set when the password step passed for an account with 2-step verification: the code step shows.
  const [challenge, setChallenge] = useState<string | null>(null);

  const signedIn = (result: { token: string; userInfo: UserInfo }) => {
    loginSucceeded(result);
    setThemeMode('dark');
    setDialog('closed');
    navigate(returnTo);
  };

  const registeredUsername = useAtomValue(registeredUsernameAtom);
  const formik = useFormik({
    initialValues: { username: registeredUsername, password: '', captcha: '' },
    validationSchema: loginSchema,
    onSubmit: async (values, helpers) => {
      setFormError(null);
      const fail = (message: string, field: 'form' | 'captcha') => {
        if (field === 'captcha') helpers.setFieldError('captcha', message);
        else setFormError(message);
      };
      try {
        const verification = await verifyCaptcha(values.captcha).catch((error: unknown) => {
          if (error instanceof TypeError) throw error;
          return { success: false };
        });
        if (!verification.success) {
          fail(authMessages.required, 'captcha');
          return;
        }
        const result = await logIn({ username: values.username.trim(), password: values.password, captcha: values.captcha });
        if (result.secondFactorRequired && result.challenge) {
          setChallenge(result.challenge);
          return;
        }
        if (!result.token || !result.userInfo) {
          fail(loginMessages.accessDenied, 'form');
          return;
        }
        signedIn({ token: result.token, userInfo: result.userInfo });
      } catch (error) {
        const failure = loginFailure(error);
        fail(failure.message, failure.field);
      } finally {
        // A solution is single use: whatever happened, the next attempt needs a fresh one.
        captcha.current?.reset();
        helpers.setFieldValue('captcha', '', false);
      }
    },
  });

  const busy = formik.isSubmitting;

  if (challenge) return <SecondFactorForm challenge={challenge} onSignedIn={signedIn} onBack={() => setChallenge(null)} />;

  return (
    <Box component="form" noValidate onSubmit={formik.handleSubmit} aria-label="Log in">
      <Stack spacing={2} sx={{ pt: 1 }}>
        {formError && (
          <Alert severity="error" role="alert">
            {formError}
          </Alert>
        )}
        <TextField
          {...formFieldProps(formik, 'username', 'login')}
          label="Username"
          autoComplete="username"
          autoFocus={registeredUsername === ''}
          required
          fullWidth
          disabled={busy}
        />
        <PasswordField
          {...formFieldProps(formik, 'password', 'login')}
          label="Password"
          autoComplete="current-password"
          autoFocus={registeredUsername !== ''}
          required
          fullWidth
          disabled={busy}
        />
        <AltchaCaptcha
          handleRef={captcha}
          onChange={(solution) => {
            // Solving clears the message at once; a reset leaves it to the next submit (required until solved).
            void formik.setFieldValue('captcha', solution ?? '', Boolean(solution) && formik.submitCount > 0);
          }}
          error={formik.submitCount > 0 ? formik.errors.captcha : undefined}
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
          {busy ? 'Log in...' : 'Log in'}
        </Button>
        <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          <Link component="button" type="button" variant="body2" onClick={() => setDialog('forgotPassword')}>
            Forgot password?
          </Link>
          <Typography variant="body2" component="span">
            New here?{' '}
            <Link component="button" type="button" variant="body2" onClick={() => setDialog('register')}>
              Create an account
            </Link>
          </Typography>
        </Stack>
      </Stack>
    </Box>
  );
}

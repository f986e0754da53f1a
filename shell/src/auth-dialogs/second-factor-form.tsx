import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { errorStatus, serverMessage } from 'shared/api/api-client';
import { accountMessages } from 'contract/account-rules';
import type { LoginResponse } from 'contract/accounts';
import { logInWithCode } from './auth-api';
import { loginMessages } from './auth-messages';

/**
 * The code step of a login with 2-step verification: after password and captcha, a 6-digit code from the
 * authenticator app (or a recovery code) finishes the login the challenge stands for.
 */
export function SecondFactorForm({
  challenge,
  onSignedIn,
  onBack,
}: {
  challenge: string;
  onSignedIn: (result: LoginResponse) => void;
  onBack: () => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() === '') {
      setError(accountMessages.codeRequired);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      onSignedIn(await logInWithCode({ challenge, code: code.trim() }));
    } catch (failure) {
      setBusy(false);
      const status = errorStatus(failure);
      setError(status === undefined ? loginMessages.unexpected : serverMessage(failure, status === 500 ? loginMessages.serverError : loginMessages.accessDenied));
    }
  };

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-label="Authentication code">
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Typography>Enter the 6-digit code from your authenticator app, or one of your recovery codes.</Typography>
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        <TextField
          label="Authentication code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="one-time-code"
          autoFocus
          required
          fullWidth
          disabled={busy}
          slotProps={{ htmlInput: { maxLength: 32, spellCheck: false } }}
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
          {busy ? 'Verifying...' : 'Verify'}
        </Button>
        <Link component="button" type="button" variant="body2" onClick={onBack} sx={{ alignSelf: 'flex-start' }}>
          Back to login
        </Link>
      </Stack>
    </Box>
  );
}

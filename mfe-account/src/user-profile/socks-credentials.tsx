import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'shared/ui/toasts';
import { useState, type FormEvent } from 'react';
import { serverMessage } from 'shared/api/api-client';
import { accountMessages, socksCredentialsProblem } from 'contract/account-rules';
import type { AccountSecurity } from 'contract/account-security';
import { saveProxyCredentials, useSecurityMutation } from '../api/account-security';
import { proxyMessages } from './account-messages';

/**
 * The customer's own SOCKS5 login:pass. Set, every later purchase uses them; empty, each proxy gets
 * generated ones. Proxies bought earlier keep the credentials they came with.
 */
export function SocksCredentials({ security }: { security: AccountSecurity }) {
  const { enqueueSnackbar } = useSnackbar();
  const current = security.proxyCredentials;
  const [login, setLogin] = useState(current?.login ?? '');
  const [password, setPassword] = useState(current?.password ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = useSecurityMutation(saveProxyCredentials);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const request = { login: login.trim(), password: password.trim() };
    const problem = socksCredentialsProblem(request.login, request.password);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    save.mutate(request, {
      onSuccess: (answer) => enqueueSnackbar(answer.message, { variant: 'success' }),
      onError: (failure) => setError(serverMessage(failure, proxyMessages.saveFailed)),
    });
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box component="form" noValidate onSubmit={submit} aria-label="Socks5 login and password">
        <Stack spacing={2} sx={{ maxWidth: 480 }}>
          <Typography>
            State:{' '}
            <Box component="strong" sx={{ color: current ? 'success.main' : 'text.secondary' }} data-testid="socks-state">
              {current ? 'Enabled' : 'Disabled'}
            </Box>
          </Typography>
          <Typography color="text.secondary">
            {accountMessages.socksCredential}. Leave both fields empty to get generated credentials for
            each proxy instead.
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label="Login"
              value={login}
              onChange={(event) => setLogin(event.target.value)}
              autoComplete="off"
              disabled={save.isPending}
              error={error !== null}
              // No maxLength: a pasted longer value would be cut silently; the rule's message says what is wrong.
              slotProps={{ htmlInput: { spellCheck: false } }}
              fullWidth
            />
            <TextField
              label="Password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              autoComplete="off"
              disabled={save.isPending}
              error={error !== null}
              slotProps={{ htmlInput: { spellCheck: false } }}
              fullWidth
            />
          </Stack>
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          <Alert severity="info" role="note">
            Changes affect only later purchases.
          </Alert>
          <Button type="submit" variant="contained" disabled={save.isPending} sx={{ alignSelf: 'flex-start' }}>
            Save Credentials
          </Button>
        </Stack>
      </Box>
    </Paper>
  );
}

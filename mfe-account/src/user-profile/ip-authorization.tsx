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
import { accountMessages, IP_ALLOWLIST_MAX } from 'contract/account-rules';
import type { AccountSecurity } from 'contract/account-security';
import { saveIpAllowlist, useSecurityMutation } from '../api/account-security';
import { proxyMessages } from './account-messages';

function entriesOf(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/**
 * IP authorization: connections from these addresses or networks use the customer's proxies without
 * login:pass. The server checks each entry and says which one is wrong.
 */
export function IpAuthorization({ security }: { security: AccountSecurity }) {
  const { enqueueSnackbar } = useSnackbar();
  const [text, setText] = useState(security.ipAllowlist.join('\n'));
  const [error, setError] = useState<string | null>(null);
  const save = useSecurityMutation(saveIpAllowlist);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const entries = entriesOf(text);
    if (entries.length > IP_ALLOWLIST_MAX) {
      setError(accountMessages.allowlistTooMany);
      return;
    }
    setError(null);
    save.mutate(entries, {
      onSuccess: (answer) => {
        setText(answer.ipAllowlist.join('\n'));
        enqueueSnackbar(answer.message, { variant: 'success' });
      },
      onError: (failure) => setError(serverMessage(failure, proxyMessages.saveFailed)),
    });
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box component="form" noValidate onSubmit={submit} aria-labelledby="ip-authorization-heading">
        <Stack spacing={2} sx={{ maxWidth: 480 }}>
          <Typography id="ip-authorization-heading" variant="h6" component="h2">
            IP authorization
          </Typography>
          <Typography color="text.secondary">
            {`Your proxies accept connections from these addresses without login and password. Up to ${IP_ALLOWLIST_MAX} IPv4 or IPv6 addresses or CIDR ranges (like 203.0.113.7 or 198.51.100.0/24), one per line. Applies to all your proxies at once.`}
          </Typography>
          <TextField
            label="Allowed IP addresses"
            value={text}
            onChange={(event) => setText(event.target.value)}
            multiline
            minRows={3}
            disabled={save.isPending}
            error={error !== null}
            slotProps={{ htmlInput: { spellCheck: false } }}
          />
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          <Button type="submit" variant="contained" disabled={save.isPending} sx={{ alignSelf: 'flex-start' }}>
            Save IP authorization
          </Button>
        </Stack>
      </Box>
    </Paper>
  );
}

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { serverMessage } from 'shared/api/api-client';
import { formatDateTime } from 'shared/format/date';
import { PasswordField } from 'shared/ui/password-field';
import { useSnackbar } from 'shared/ui/toasts';
import type { AccountSecurity } from 'contract/account-security';
import { API_KEY_LIMIT, API_KEY_SCOPES, apiKeyMessages, type ApiKeyScope } from 'contract/api-key-rules';
import { createApiKey, revokeApiKey, useApiKeyMutation, useApiKeys } from '../api/api-keys';
import { ItemsTable } from './items-table';
import { ChoiceGroup, NewItemForm } from './new-item-form';
import { ShownOnce } from './shown-once';

const SCOPE_LABELS: Record<ApiKeyScope, string> = {
  read: 'read: list and download proxies, search, balance',
  buy: 'buy: purchases from the balance',
  manage: 'manage: auto-renew and the IP allow-list',
};

/** The API reference of /api/v1 (OpenAPI, browsable). */
export const API_DOCS_URL = '/api/v1/docs';

function NewKeyForm({ twoFactor, onCreated }: { twoFactor: boolean; onCreated: (key: string) => void }) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['read']);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useApiKeyMutation(createApiKey);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return setError(apiKeyMessages.nameRequired);
    if (scopes.length === 0) return setError(apiKeyMessages.scopesRequired);
    setError(null);
    create.mutate(
      { name: name.trim(), scopes, password, ...(twoFactor ? { code } : {}) },
      {
        onSuccess: (answer) => {
          setName('');
          setPassword('');
          setCode('');
          onCreated(answer.key);
        },
        onError: (failure) => setError(serverMessage(failure, 'Could not create the key. Please try again.')),
      },
    );
  };

  return (
    <NewItemForm id="new-api-key-heading" heading="New key" maxWidth={480} onSubmit={submit} error={error} pending={create.isPending} submitLabel="Create key">
      <TextField label="Key name" value={name} onChange={(event) => setName(event.target.value)} disabled={create.isPending} slotProps={{ htmlInput: { maxLength: 60 } }} />
      <ChoiceGroup label="Scopes" choices={API_KEY_SCOPES} chosen={scopes} onChange={setScopes} choiceLabel={(scope) => SCOPE_LABELS[scope]} />
      <PasswordField label="Current password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} disabled={create.isPending} />
      {twoFactor && (
        <TextField label="Authenticator code" value={code} onChange={(event) => setCode(event.target.value)} disabled={create.isPending} slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code' } }} />
      )}
    </NewItemForm>
  );
}

/**
 * The API tab: keys for the customer's own software (/api/v1), each shown once when created, listed with
 * their scopes and last use, revocable at once.
 */
export function ApiKeys({ security }: { security: AccountSecurity }) {
  const keys = useApiKeys();
  const { enqueueSnackbar } = useSnackbar();
  const [shown, setShown] = useState<string | null>(null);
  const revoke = useApiKeyMutation(revokeApiKey);

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={3}>
        <Stack spacing={1}>
          <Typography variant="h6" component="h2">
            API keys
          </Typography>
          <Typography color="text.secondary">
            {`Your own software reaches your proxies, the marketplace and your balance through the API with a key (at most ${API_KEY_LIMIT}). `}
            <Link href={API_DOCS_URL} target="_blank" rel="noopener">
              API reference
            </Link>
          </Typography>
          <Typography color="text.secondary">{apiKeyMessages.lifetime}</Typography>
        </Stack>
        {shown && <ShownOnce label="New API key" message={apiKeyMessages.created} value={shown} testId="new-api-key" copyLabel="Copy key" onDone={() => setShown(null)} />}
        {keys.isError ? (
          <Alert severity="error">{serverMessage(keys.error, 'Could not load your API keys.')}</Alert>
        ) : (
          <ItemsTable
            label="API keys"
            headers={['Name', 'Key', 'Scopes', 'Created', 'Last used', '']}
            items={keys.data?.keys}
            emptyText="No API keys yet."
            itemKey={(key) => key.id}
            cells={(key) => (
              <>
                <TableCell>{key.name}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }}>{`${key.prefix}…`}</TableCell>
                <TableCell>{key.scopes.join(', ')}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(key.createdAt)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{key.lastUsedAt ? `${formatDateTime(key.lastUsedAt)} from ${key.lastUsedIp ?? '?'}` : 'Never'}</TableCell>
                <TableCell align="right">
                  <Button
                    size="small"
                    color="error"
                    disabled={revoke.isPending}
                    aria-label={`Revoke ${key.name}`}
                    onClick={() =>
                      revoke.mutate(key.id, {
                        onSuccess: (answer) => enqueueSnackbar(answer.message, { variant: 'success' }),
                        onError: (failure) => enqueueSnackbar(serverMessage(failure, 'Could not revoke the key.'), { variant: 'error' }),
                      })
                    }
                  >
                    Revoke
                  </Button>
                </TableCell>
              </>
            )}
          />
        )}
        <NewKeyForm twoFactor={security.twoFactor.enabled} onCreated={setShown} />
      </Stack>
    </Paper>
  );
}

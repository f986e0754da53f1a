import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { serverMessage } from 'shared/api/api-client';
import { formatDateTime } from 'shared/format/date';
import { useSnackbar } from 'shared/ui/toasts';
import type { WebhookDelivery, WebhookEndpoint } from 'contract/webhooks';
import { WEBHOOK_EVENT_TYPES } from 'contract/webhook-rules';
import { ShownOnce } from './shown-once';
import { createWebhook, deleteWebhook, redeliver, sendTestEvent, useWebhookMutation, useWebhooks } from '../api/webhooks';

function endpointStatus(endpoint: WebhookEndpoint): string {
  if (endpoint.disabledAt) return `Disabled ${formatDateTime(endpoint.disabledAt)} (failed for 24 hours)`;
  if (endpoint.failingSince) return `Failing since ${formatDateTime(endpoint.failingSince)}`;
  return 'Active';
}

function deliveryStatus(delivery: WebhookDelivery): string {
  const code = delivery.lastStatus === null ? '' : ` (HTTP ${delivery.lastStatus})`;
  return `${delivery.state}${code}`;
}

function NewEndpointForm({ onCreated }: { onCreated: (secret: string) => void }) {
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>(['proxy.down', 'proxy.replaced']);
  const [error, setError] = useState<string | null>(null);
  const create = useWebhookMutation(createWebhook);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (url.trim() === '') return setError('Enter the URL of your endpoint');
    if (events.length === 0) return setError('Choose at least one event');
    setError(null);
    create.mutate(
      { url: url.trim(), events: WEBHOOK_EVENT_TYPES.filter((type) => events.includes(type)) },
      {
        onSuccess: (answer) => {
          setUrl('');
          onCreated(answer.secret);
        },
        onError: (failure) => setError(serverMessage(failure, 'Could not add the endpoint. Please try again.')),
      },
    );
  };
  const toggle = (type: string, on: boolean) => setEvents((current) => WEBHOOK_EVENT_TYPES.filter((candidate) => (candidate === type ? on : current.includes(candidate))));
  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby="new-webhook-heading">
      <Stack spacing={2} sx={{ maxWidth: 560 }}>
        <Typography id="new-webhook-heading" variant="subtitle1" component="h3">
          New endpoint
        </Typography>
        <TextField label="Endpoint URL" placeholder="https://example.com/hooks" value={url} onChange={(event) => setUrl(event.target.value)} disabled={create.isPending} />
        <FormGroup aria-label="Events" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <FormControlLabel key={type} control={<Checkbox checked={events.includes(type)} onChange={(event) => toggle(type, event.target.checked)} />} label={type} />
          ))}
        </FormGroup>
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        <Button type="submit" variant="contained" disabled={create.isPending} sx={{ alignSelf: 'flex-start' }}>
          Add endpoint
        </Button>
      </Stack>
    </Box>
  );
}

/**
 * Webhooks of the API tab: endpoints that receive signed events about the customer's proxies and balance,
 * the signing secret shown once, a test event, and the delivery log with redelivery.
 */
export function Webhooks() {
  const webhooks = useWebhooks();
  const { enqueueSnackbar } = useSnackbar();
  const [secret, setSecret] = useState<string | null>(null);
  const remove = useWebhookMutation(deleteWebhook);
  const test = useWebhookMutation(sendTestEvent);
  const again = useWebhookMutation(redeliver);
  const failed = (what: string) => (failure: unknown) => enqueueSnackbar(serverMessage(failure, what), { variant: 'error' });
  const sent = (answer: { delivery: WebhookDelivery }) =>
    enqueueSnackbar(`Event sent: ${deliveryStatus(answer.delivery)}`, { variant: answer.delivery.state === 'delivered' ? 'success' : 'warning' });

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={3}>
        <Stack spacing={1}>
          <Typography variant="h6" component="h2">
            Webhooks
          </Typography>
          <Typography color="text.secondary">
            We POST each event to your endpoints as JSON, signed in the private-sock5-signature header (t=…,v1=…: HMAC-SHA256 of the timestamp and the body with the endpoint&apos;s secret), and retry for 24 hours.
          </Typography>
        </Stack>
        {secret && (
          <ShownOnce
            label="New webhook secret"
            message="Endpoint added. Copy its signing secret now: it is shown only once."
            value={secret}
            testId="new-webhook-secret"
            copyLabel="Copy secret"
            onDone={() => setSecret(null)}
          />
        )}
        {webhooks.isError ? (
          <Alert severity="error">{serverMessage(webhooks.error, 'Could not load your webhooks.')}</Alert>
        ) : (
          <>
            {/* Focusable: on a narrow screen the table scrolls sideways, also by keyboard. */}
            <TableContainer tabIndex={0} role="region" aria-label="Webhook endpoints, scrollable">
              <Table size="small" aria-label="Webhook endpoints">
                <TableHead>
                  <TableRow>
                    <TableCell>URL</TableCell>
                    <TableCell>Events</TableCell>
                    <TableCell>Status</TableCell>
                    <TableCell />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {webhooks.data?.endpoints.length === 0 && (
                    <TableRow>
                      <TableCell colSpan={4}>No webhook endpoints yet.</TableCell>
                    </TableRow>
                  )}
                  {webhooks.data?.endpoints.map((endpoint) => (
                    <TableRow key={endpoint.id}>
                      <TableCell sx={{ wordBreak: 'break-all' }}>{endpoint.url}</TableCell>
                      <TableCell>{endpoint.events.join(', ')}</TableCell>
                      <TableCell>{endpointStatus(endpoint)}</TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        <Button size="small" disabled={test.isPending || endpoint.disabledAt !== null} aria-label={`Send test event to ${endpoint.url}`} onClick={() => test.mutate(endpoint.id, { onSuccess: sent, onError: failed('Could not send the test event.') })}>
                          Send test event
                        </Button>
                        <Button size="small" color="error" disabled={remove.isPending} aria-label={`Delete ${endpoint.url}`} onClick={() => remove.mutate(endpoint.id, { onError: failed('Could not delete the endpoint.') })}>
                          Delete
                        </Button>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            <TableContainer tabIndex={0} role="region" aria-label="Webhook deliveries, scrollable">
              <Table size="small" aria-label="Webhook deliveries">
                <TableHead>
                  <TableRow>
                    <TableCell>Time</TableCell>
                    <TableCell>Event</TableCell>
                    <TableCell>Status</TableCell>
                    <TableCell>Attempts</TableCell>
                    <TableCell>Latency</TableCell>
                    <TableCell />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {webhooks.data?.deliveries.length === 0 && (
                    <TableRow>
                      <TableCell colSpan={6}>No deliveries yet.</TableCell>
                    </TableRow>
                  )}
                  {webhooks.data?.deliveries.map((delivery) => (
                    <TableRow key={delivery.id}>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(delivery.createdAt)}</TableCell>
                      <TableCell>{delivery.type}</TableCell>
                      <TableCell title={delivery.lastError ?? undefined}>{deliveryStatus(delivery)}</TableCell>
                      <TableCell>{delivery.attempts}</TableCell>
                      <TableCell>{delivery.latencyMs === null ? '–' : `${delivery.latencyMs} ms`}</TableCell>
                      <TableCell align="right">
                        <Button size="small" disabled={again.isPending} aria-label={`Redeliver ${delivery.type} of ${formatDateTime(delivery.createdAt)}`} onClick={() => again.mutate(delivery.id, { onSuccess: sent, onError: failed('Could not redeliver the event.') })}>
                          Redeliver
                        </Button>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </>
        )}
        <NewEndpointForm onCreated={setSecret} />
      </Stack>
    </Paper>
  );
}

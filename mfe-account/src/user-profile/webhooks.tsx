import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { serverMessage } from 'shared/api/api-client';
import { formatDateTime } from 'shared/format/date';
import { useSnackbar } from 'shared/ui/toasts';
import type { WebhookDelivery, WebhookEndpoint } from 'contract/webhooks';
import { WEBHOOK_EVENT_TYPES } from 'contract/webhook-rules';
import { ItemsTable } from './items-table';
import { ChoiceGroup, NewItemForm } from './new-item-form';
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
  const [events, setEvents] = useState<Array<(typeof WEBHOOK_EVENT_TYPES)[number]>>(['proxy.down', 'proxy.replaced']);
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
  return (
    <NewItemForm id="new-webhook-heading" heading="New endpoint" maxWidth={560} onSubmit={submit} error={error} pending={create.isPending} submitLabel="Add endpoint">
      <TextField label="Endpoint URL" placeholder="https://example.com/hooks" value={url} onChange={(event) => setUrl(event.target.value)} disabled={create.isPending} />
      <ChoiceGroup label="Events" choices={WEBHOOK_EVENT_TYPES} chosen={events} onChange={setEvents} sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }} />
    </NewItemForm>
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
            <ItemsTable
              label="Webhook endpoints"
              scrollable
              headers={['URL', 'Events', 'Status', '']}
              items={webhooks.data?.endpoints}
              emptyText="No webhook endpoints yet."
              itemKey={(endpoint) => endpoint.id}
              cells={(endpoint) => (
                <>
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
                </>
              )}
            />
            <ItemsTable
              label="Webhook deliveries"
              scrollable
              headers={['Time', 'Event', 'Status', 'Attempts', 'Latency', '']}
              items={webhooks.data?.deliveries}
              emptyText="No deliveries yet."
              itemKey={(delivery) => delivery.id}
              cells={(delivery) => (
                <>
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
                </>
              )}
            />
          </>
        )}
        <NewEndpointForm onCreated={setSecret} />
      </Stack>
    </Paper>
  );
}

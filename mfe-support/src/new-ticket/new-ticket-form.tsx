import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'shared/ui/toasts';
import { useState, type FormEvent } from 'react';
import type { CreateTicketRequest } from 'contract/support';
import { TICKET_CATEGORIES, REFUND_TICKET_WINDOW_HOURS, type TicketCategory } from 'contract/support-rules';
import { serverMessage } from 'shared/api/api-client';
import { formatDateTime } from 'shared/format/date';
import { formatMoney } from 'shared/format/money';
import { useCreateTicket, useRefundableProxies } from '../api/tickets';
import { categoryLabel } from '../ticket-labels';
import { TicketTextField } from '../ticket-detail/ticket-text-field';

export const ticketToasts = {
  required: 'All fields are required.',
  created: 'Ticket created successfully!',
  failed: 'Failed to create ticket.',
} as const;

/** The proxy select's value when no purchase is named. */
const NO_PROXY = '';

/**
 * 'Create New Ticket': category, text and, for a Refund Proxy ticket, optionally one of the purchases that
 * may still be refunded. `onBack` leaves without creating; `onCreated` runs after the list was refreshed.
 */
export function NewTicketForm({ onBack, onCreated }: { onBack: () => void; onCreated: () => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const [category, setCategory] = useState<TicketCategory | ''>('');
  const [text, setText] = useState('');
  const [historyId, setHistoryId] = useState(NO_PROXY);
  const create = useCreateTicket();
  const refundable = useRefundableProxies(category === 'Refundpolicy');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (category === '' || text.trim() === '') {
      enqueueSnackbar(ticketToasts.required, { variant: 'error', preventDuplicate: true });
      return;
    }
    const body: CreateTicketRequest = { category, text };
    if (category === 'Refundpolicy' && historyId !== NO_PROXY) body.historyId = Number(historyId);
    create.mutate(body, {
      onSuccess: () => {
        enqueueSnackbar(ticketToasts.created, { variant: 'success' });
        onCreated();
      },
      onError: () => enqueueSnackbar(ticketToasts.failed, { variant: 'error' }),
    });
  };

  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate sx={{ maxWidth: 720 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={onBack}>
          Back
        </Button>
        <Typography variant="h4" component="h1">
          Create New Ticket
        </Typography>
      </Box>
      <TextField select label="Category" value={category} onChange={(event) => setCategory(event.target.value as TicketCategory)}>
        {TICKET_CATEGORIES.map((value) => (
          <MenuItem key={value} value={value}>
            {categoryLabel(value)}
          </MenuItem>
        ))}
      </TextField>
      {category === 'Refundpolicy' && (
        <TextField
          select
          label="Proxy"
          value={historyId}
          // "No particular proxy" is a choice of its own, so it shows instead of an empty field.
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          onChange={(event) => setHistoryId(event.target.value)}
          helperText={
            refundable.data?.length === 0
              ? `No proxy bought in the last ${REFUND_TICKET_WINDOW_HOURS} hours is waiting for a refund ticket.`
              : `A refund ticket must be opened within ${REFUND_TICKET_WINDOW_HOURS} hours of buying the proxy.`
          }
        >
          <MenuItem value={NO_PROXY}>No particular proxy</MenuItem>
          {(refundable.data ?? []).map((proxy) => (
            <MenuItem key={proxy.historyId} value={String(proxy.historyId)}>
              {proxy.ip} ({proxy.country}), {formatDateTime(proxy.purchasedAt)}, {formatMoney(proxy.price)}
            </MenuItem>
          ))}
        </TextField>
      )}
      <TicketTextField label="Ticket text" rows={5} value={text} onChange={setText} />
      {create.isError && <Alert severity="error">Error creating ticket: {serverMessage(create.error, create.error.message)}</Alert>}
      <Box>
        <Button type="submit" variant="contained" disabled={create.isPending}>
          Create Ticket
        </Button>
      </Box>
    </Stack>
  );
}

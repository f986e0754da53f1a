import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'shared/ui/toasts';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useParams } from 'shared/routing/router';
import type { DeskTicket } from 'contract/support';
import { REFUND_OFFLINE_WINDOW_HOURS } from 'contract/support-rules';
import { serverMessage } from 'shared/api/api-client';
import { formatMoney } from 'shared/format/money';
import { useApproveRefund, useDeskReply, useDeskStatus, useDeskTicket } from '../api/desk';
import { MessageList } from '../ticket-detail/message-list';
import { SupportOnly } from './support-only';
import { ticketNotReady } from '../ticket-detail/ticket-not-ready';
import { TicketHeading } from '../ticket-detail/ticket-heading';
import { TicketTextField } from '../ticket-detail/ticket-text-field';

/** /support/desk/{id}: any ticket, answered as the shop's support; close, reopen, approve its refund. */
export function DeskTicketPage() {
  return (
    <SupportOnly>
      <DeskTicketView />
    </SupportOnly>
  );
}

function DeskTicketView() {
  const { ticketId = '' } = useParams();
  const ticket = useDeskTicket(ticketId);
  const back = (
    <Button component={RouterLink} to="/support/desk" variant="outlined">
      Back
    </Button>
  );
  const notReady = ticketNotReady(ticket, back);
  if (notReady || !ticket.isSuccess) return notReady;
  const { data } = ticket;
  return (
    <Stack spacing={2}>
      <TicketHeading ticket={data} back={back}>
        <Typography color="text.secondary">from {data.owner.username}</Typography>
      </TicketHeading>
      <RefundAction ticket={data} />
      <MessageList messages={data.messages} />
      <DeskActions ticket={data} />
    </Stack>
  );
}

/**
 * The refund terms: a proxy that went offline within the refund window of purchase is refunded; the ticket names it.
 * Support judges the first part; the server holds the rest (window, one refund per proxy).
 */
function RefundAction({ ticket }: { ticket: DeskTicket }) {
  const { enqueueSnackbar } = useSnackbar();
  const approve = useApproveRefund(ticket._id);
  if (!ticket.proxy || ticket.refund) return null;
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
      <Button
        variant="contained"
        color="success"
        disabled={approve.isPending}
        onClick={() =>
          approve.mutate(undefined, {
            onSuccess: (result) => enqueueSnackbar(`Refund of ${formatMoney(result.amount)} approved`, { variant: 'success' }),
            onError: (error) => enqueueSnackbar(serverMessage(error, 'Failed to approve the refund.'), { variant: 'error' }),
          })
        }
      >
        Approve refund of {formatMoney(ticket.proxy.price)}
      </Button>
      <Typography variant="body2" color="text.secondary">
        Terms: refund if the proxy went offline within {REFUND_OFFLINE_WINDOW_HOURS} hours of purchase.
      </Typography>
    </Box>
  );
}

function DeskActions({ ticket }: { ticket: DeskTicket }) {
  const { enqueueSnackbar } = useSnackbar();
  const [text, setText] = useState('');
  const reply = useDeskReply(ticket._id);
  const status = useDeskStatus(ticket._id);
  const fail = (fallback: string) => (error: Error) => enqueueSnackbar(serverMessage(error, fallback), { variant: 'error' });

  if (ticket.status !== 'open') {
    return (
      <Box>
        <Button variant="outlined" disabled={status.isPending} onClick={() => status.mutate('open', { onError: fail('Failed to reopen the ticket.') })}>
          Reopen ticket
        </Button>
      </Box>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') return;
    reply.mutate(text, { onSuccess: () => setText(''), onError: fail('Failed to send the reply.') });
  };
  return (
    <Stack component="form" spacing={1.5} onSubmit={submit} noValidate>
      <TicketTextField label="Reply as support" rows={3} value={text} onChange={setText} />
      {reply.isError && <Alert severity="error">{serverMessage(reply.error, 'Failed to send the reply.')}</Alert>}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" disabled={reply.isPending}>
          Send reply
        </Button>
        <Button variant="outlined" disabled={status.isPending} onClick={() => status.mutate('Closed', { onError: fail('Failed to close the ticket.') })}>
          Close ticket
        </Button>
      </Box>
    </Stack>
  );
}

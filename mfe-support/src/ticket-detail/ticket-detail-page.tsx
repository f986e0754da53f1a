import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'shared/routing/router';
import { useAddMessage, useCloseTicket, useTicket } from '../api/tickets';
import { MessageList } from './message-list';
import { ticketNotReady } from './ticket-not-ready';
import { ticketTitle } from '../ticket-labels';
import { useSnackbar } from 'shared/ui/toasts';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { TicketHeading } from './ticket-heading';
import { TicketTextField } from './ticket-text-field';

/** /support/{id}: one of the customer's tickets; replies and closing while it is open. */
export function TicketDetailPage() {
  const { ticketId = '' } = useParams();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const ticket = useTicket(ticketId);

  const back = (
    <Button variant="outlined" onClick={() => void navigate('/support')}>
      Back
    </Button>
  );
  const notReady = ticketNotReady(ticket, back);
  if (notReady || !ticket.isSuccess) return notReady;
  const { data } = ticket;
  return (
    <Stack spacing={2}>
      <TicketHeading ticket={data} back={back} />
      <MessageList messages={data.messages} />
      {data.status === 'open' && (
        <ReplyForm
          ticketId={data._id}
          onClosed={() => {
            enqueueSnackbar(`${ticketTitle(data._id)} closed`, { variant: 'success' });
            void navigate('/support');
          }}
        />
      )}
    </Stack>
  );
}

function ReplyForm({ ticketId, onClosed }: { ticketId: string; onClosed: () => void }) {
  const [text, setText] = useState('');
  const reply = useAddMessage(ticketId);
  const close = useCloseTicket(ticketId);
  const [confirming, setConfirming] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // An empty or whitespace-only reply is not sent.
    if (text.trim() === '') return;
    reply.mutate(text, {
      onSuccess: () => setText(''),
      // A failed reply is only logged; the text stays in the box to try again.
      onError: (error) => console.error('reply failed', error),
    });
  };

  return (
    <Stack component="form" spacing={1.5} onSubmit={submit} noValidate>
      <TicketTextField label="Add a reply" rows={3} value={text} onChange={setText} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" disabled={reply.isPending}>
          Add reply
        </Button>
        <Link component="button" type="button" onClick={() => setConfirming(true)} disabled={close.isPending}>
          close ticket
        </Link>
      </Box>
      {/* Closing cannot be undone by the customer: it asks first, then says it happened (on the list). */}
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="close-ticket-title">
        <DialogTitle id="close-ticket-title">Close {ticketTitle(ticketId)}?</DialogTitle>
        <DialogContent>
          <DialogContentText>A closed ticket takes no more replies. For anything new, open another ticket.</DialogContentText>
          {close.isError && <Alert severity="error">The ticket could not be closed. Please try again.</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>Keep it open</Button>
          <Button
            variant="contained"
            disabled={close.isPending}
            onClick={() => close.mutate(undefined, { onSuccess: onClosed, onError: (error) => console.error('closing failed', error) })}
          >
            Close ticket
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}

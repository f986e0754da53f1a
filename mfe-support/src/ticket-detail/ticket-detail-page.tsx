import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'shared/routing/router';
import { useAddMessage, useCloseTicket, useTicket } from '../api/tickets';
import { MessageList } from './message-list';
import { ticketNotReady } from './ticket-not-ready';
import { TicketHeading } from './ticket-heading';
import { TicketTextField } from './ticket-text-field';

/** /support/{id}: one of the customer's tickets; replies and closing while it is open. */
export function TicketDetailPage() {
  const { ticketId = '' } = useParams();
  const navigate = useNavigate();
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
      {data.status === 'open' && <ReplyForm ticketId={data._id} onClosed={() => void navigate('/support')} />}
    </Stack>
  );
}

function ReplyForm({ ticketId, onClosed }: { ticketId: string; onClosed: () => void }) {
  const [text, setText] = useState('');
  const reply = useAddMessage(ticketId);
  const close = useCloseTicket(ticketId);

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
        <Link
          component="button"
          type="button"
          onClick={() => close.mutate(undefined, { onSuccess: onClosed, onError: (error) => console.error('closing failed', error) })}
          disabled={close.isPending}
        >
          close ticket
        </Link>
      </Box>
    </Stack>
  );
}

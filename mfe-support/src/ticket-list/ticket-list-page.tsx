import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'shared/routing/router';
import { useCurrentUser } from 'shared/api/users';
import { serverMessage } from 'shared/api/api-client';
import { formatDateTime } from 'shared/format/date';
import { PageSpinner, useDelayElapsed } from 'shared/ui/page-spinner';
import type { TicketSummary } from 'contract/support';
import { useTickets } from '../api/tickets';
import { NewTicketForm } from '../new-ticket/new-ticket-form';
import { categoryLabel, statusLabel, ticketPreview, ticketTitle } from '../ticket-labels';
import { SupportLinks } from './support-links';

/** /support: the customer's tickets, newest first, and the inline form that opens a new one. */
export function TicketListPage() {
  const [creating, setCreating] = useState(false);
  const delayElapsed = useDelayElapsed();
  const tickets = useTickets();
  const user = useCurrentUser();
  const isSupport = user.data?.roles.includes('support') === true;

  if (creating) return <NewTicketForm onBack={() => setCreating(false)} onCreated={() => setCreating(false)} />;

  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1">
          My Support Ticket
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {isSupport && (
            <Button component={RouterLink} to="/support/desk" variant="outlined">
              Support desk
            </Button>
          )}
          <Button variant="contained" onClick={() => setCreating(true)}>
            Create Ticket
          </Button>
        </Box>
      </Box>
      {!delayElapsed || tickets.isPending ? (
        <PageSpinner label="Loading tickets" />
      ) : tickets.isError ? (
        <Typography role="alert">Error: {serverMessage(tickets.error, tickets.error.message)}</Typography>
      ) : tickets.data.length === 0 ? (
        <Typography>No tickets found.</Typography>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Tickets">
          {tickets.data.map((ticket) => (
            <TicketItem key={ticket._id} ticket={ticket} />
          ))}
        </Stack>
      )}
      <SupportLinks />
    </Stack>
  );
}

function TicketItem({ ticket }: { ticket: TicketSummary }) {
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
      <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {ticketTitle(ticket._id)}
        </Typography>
        <Typography component="time" variant="body2" color="text.secondary" dateTime={ticket.createdAt}>
          {formatDateTime(ticket.createdAt)}
        </Typography>
        <Box>
          <Link component={RouterLink} to={`/support/${ticket._id}`} sx={{ overflowWrap: 'anywhere' }}>
            {ticketPreview(ticket.firstMessage)}
          </Link>
        </Box>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Chip label={categoryLabel(ticket.category)} variant="outlined" />
        <Chip label={statusLabel(ticket.status)} color={ticket.status === 'open' ? 'success' : 'default'} />
      </Box>
    </Paper>
  );
}

import { Box, Button, Chip, Link, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { DeskTicketSummary } from 'contract/support';
import { TICKET_CATEGORIES, TICKET_STATUSES, type TicketCategory, type TicketStatus } from 'contract/support-rules';
import { serverMessage } from 'shared/api/api-client';
import { formatDateTime } from 'shared/format/date';
import { PageSpinner } from 'shared/ui/page-spinner';
import { useDeskTickets, type DeskFilter } from '../api/desk';
import { categoryLabel, ticketPreview, ticketTitle } from '../ticket-labels';
import { SupportOnly } from './support-only';

/** /support/desk: every ticket for members of support, oldest first, by status and category. */
export function DeskPage() {
  return (
    <SupportOnly>
      <DeskQueue />
    </SupportOnly>
  );
}

function DeskQueue() {
  const [filter, setFilter] = useState<DeskFilter>({ status: 'open', category: '' });
  const tickets = useDeskTickets(filter);
  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Button component={RouterLink} to="/support" variant="outlined">
          Back
        </Button>
        <Typography variant="h4" component="h1">
          Support desk
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <TextField
          select
          label="Status"
          value={filter.status}
          onChange={(event) => setFilter({ ...filter, status: event.target.value as TicketStatus | '' })}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">All</MenuItem>
          {TICKET_STATUSES.map((status) => (
            <MenuItem key={status} value={status}>
              {status}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Category"
          value={filter.category}
          onChange={(event) => setFilter({ ...filter, category: event.target.value as TicketCategory | '' })}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">All</MenuItem>
          {TICKET_CATEGORIES.map((category) => (
            <MenuItem key={category} value={category}>
              {categoryLabel(category)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {tickets.isPending ? (
        <PageSpinner label="Loading tickets" />
      ) : tickets.isError ? (
        <Typography role="alert">Error: {serverMessage(tickets.error, tickets.error.message)}</Typography>
      ) : tickets.data.length === 0 ? (
        <Typography>No tickets found.</Typography>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Desk tickets">
          {tickets.data.map((ticket) => (
            <DeskItem key={ticket._id} ticket={ticket} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function DeskItem({ ticket }: { ticket: DeskTicketSummary }) {
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
      <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          <Link component={RouterLink} to={`/support/desk/${ticket._id}`}>
            {ticketTitle(ticket._id)}
          </Link>{' '}
          <Typography component="span" color="text.secondary">
            from {ticket.owner.username}
          </Typography>
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Opened {formatDateTime(ticket.createdAt)} · last message {formatDateTime(ticket.lastMessageAt)}
        </Typography>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {ticketPreview(ticket.firstMessage)}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {ticket.awaitingSupport && ticket.status === 'open' && <Chip label="Awaiting reply" color="warning" />}
        {ticket.proxy && !ticket.refund && <Chip label="Refund requested" color="info" />}
        {ticket.refund && <Chip label="Refunded" color="success" variant="outlined" />}
        <Chip label={categoryLabel(ticket.category)} variant="outlined" />
        <Chip label={ticket.status} color={ticket.status === 'open' ? 'success' : 'default'} />
      </Box>
    </Paper>
  );
}

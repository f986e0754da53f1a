import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { Ticket } from 'contract/support';
import { formatDateTime } from 'shared/format/date';
import { categoryLabel, statusLabel, ticketTitle } from '../ticket-labels';
import { TicketProxyNote } from './ticket-proxy';

/**
 * The top of a ticket page, the customer's and the desk's alike: Back and the ticket's number (with what
 * the page adds beside it), its status, category and date, and the proxy it names.
 */
export function TicketHeading({ ticket, back, children }: { ticket: Ticket; back: ReactNode; children?: ReactNode }) {
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        {back}
        <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {ticketTitle(ticket._id)}
        </Typography>
        {children}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Chip label={`Status: ${statusLabel(ticket.status)}`} color={ticket.status === 'open' ? 'success' : 'default'} />
        <Chip label={categoryLabel(ticket.category)} variant="outlined" />
        <Typography variant="body2" color="text.secondary">
          Created {formatDateTime(ticket.createdAt)}
        </Typography>
      </Box>
      <TicketProxyNote proxy={ticket.proxy} refund={ticket.refund} />
    </>
  );
}

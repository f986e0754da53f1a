import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorStatus, serverMessage } from 'shared/api/api-client';
import { PageSpinner } from 'shared/ui/page-spinner';

/**
 * What a ticket page shows before its ticket is there: the spinner while it loads, or its Back button with
 * what went wrong (another customer's ticket reads as not found, like a missing one). Null once it loaded.
 */
export function ticketNotReady(ticket: UseQueryResult<unknown>, back: ReactNode): ReactNode | null {
  if (ticket.isPending) return <PageSpinner />;
  if (!ticket.isError) return null;
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      {back}
      <Typography role="alert">
        {errorStatus(ticket.error) === 404 ? 'Ticket not found.' : `Error: ${serverMessage(ticket.error, ticket.error.message)}`}
      </Typography>
    </Stack>
  );
}

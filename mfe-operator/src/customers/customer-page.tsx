import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { CustomerDetail } from 'contract/operator-customers';
import { serverMessage } from 'shared/api/api-client';
import { formatDateTime } from 'shared/format/date';
import { formatMoney } from 'shared/format/money';
import { Link as RouterLink, useParams } from 'shared/routing/router';
import { CARD } from 'shared/ui/card-table';
import { useCustomer } from '../api/customers';
import { OperatorTable, type Column } from '../operator-table';
import { CustomerActions } from './customer-actions';

type Row<K extends keyof CustomerDetail> = CustomerDetail[K] extends Array<infer R> ? R : never;

const ledgerColumns: Column<Row<'ledger'>>[] = [
  { header: 'Date', cell: (row) => formatDateTime(row.createdAt), card: CARD.lead },
  { header: 'Kind', cell: (row) => row.kind },
  { header: 'Amount', cell: (row) => formatMoney(row.amount), align: 'right', card: CARD.price },
  { header: 'Reference', cell: (row) => row.reference, card: CARD.wide },
];
const leaseColumns: Column<Row<'leases'>>[] = [
  { header: 'Lease', cell: (row) => `#${row.id}`, card: CARD.lead },
  { header: 'Exit', cell: (row) => `${row.ip} (${row.country})` },
  { header: 'Port', cell: (row) => row.port },
  { header: 'Price', cell: (row) => formatMoney(row.price), align: 'right', card: CARD.price },
  { header: 'Until', cell: (row) => formatDateTime(row.expiresAt) },
  { header: 'State', cell: (row) => `${row.active ? 'Active' : 'Ended'}${row.renew ? ', auto-renew' : ''}` },
];
const ticketColumns: Column<Row<'tickets'>>[] = [
  { header: 'Opened', cell: (row) => formatDateTime(row.createdAt), card: CARD.lead },
  { header: 'Category', cell: (row) => row.category },
  { header: 'Status', cell: (row) => row.status },
];
const sessionColumns: Column<Row<'sessions'>>[] = [
  { header: 'Started', cell: (row) => formatDateTime(row.createdAt), card: CARD.lead },
  { header: 'Expires', cell: (row) => formatDateTime(row.expiresAt) },
];
const signInColumns: Column<Row<'signIns'>>[] = [
  { header: 'When', cell: (row) => formatDateTime(row.at), card: CARD.lead },
  { header: 'Address', cell: (row) => row.ip },
  { header: 'Browser', cell: (row) => row.userAgent || 'unknown', card: CARD.wide },
];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mt: 3 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** /operator/customers/:userId: one customer's balance, money, proxies, tickets and sign-ins, and the actions. */
export default function CustomerPage() {
  const { userId = '' } = useParams();
  const customer = useCustomer(userId);
  if (customer.isPending) return <CircularProgress aria-label="Loading the customer" sx={{ display: 'block', mx: 'auto', my: 4 }} />;
  if (customer.isError) return <Alert severity="error">{serverMessage(customer.error, 'Failed to load the customer.')}</Alert>;
  const c = customer.data;
  return (
    <>
      <Link component={RouterLink} to="/operator/customers">
        All customers
      </Link>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 1 }}>
        <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {c.username}
        </Typography>
        {c.disabled ? <Chip color="error" variant="outlined" label="Disabled" /> : null}
      </Stack>
      <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {c.email} · registered {formatDateTime(c.createdAt)}
      </Typography>
      {c.disabled ? (
        <Alert severity="warning" sx={{ mt: 1 }}>
          Disabled {c.disabledAt ? formatDateTime(c.disabledAt) : ''}: {c.disabledReason ?? 'no reason given'}. It cannot sign in and its proxies do not work.
        </Alert>
      ) : null}
      <Typography variant="h5" component="p" sx={{ mt: 2 }} data-testid="customer-balance">
        Balance: {formatMoney(c.balance)}
      </Typography>
      <CustomerActions customer={c} />
      <Section title="Ledger">
        <OperatorTable caption="Ledger" columns={ledgerColumns} rows={c.ledger} rowKey={(row) => String(row.id)} emptyText="No money movements yet." />
      </Section>
      <Section title="Leases">
        <OperatorTable caption="Leases" columns={leaseColumns} rows={c.leases} rowKey={(row) => String(row.id)} emptyText="No proxies bought yet." />
      </Section>
      <Section title="Tickets">
        <OperatorTable caption="Tickets" columns={ticketColumns} rows={c.tickets} rowKey={(row) => row.id} emptyText="No tickets." />
      </Section>
      <Section title="Sessions">
        <OperatorTable caption="Sessions" columns={sessionColumns} rows={c.sessions} rowKey={(row) => row.id} emptyText="No session: signed out everywhere." />
      </Section>
      <Section title="Sign-in activity">
        <OperatorTable caption="Sign-in activity" columns={signInColumns} rows={c.signIns} rowKey={(row) => `${row.at}-${row.ip}`} emptyText="No sign-ins yet." />
      </Section>
    </>
  );
}

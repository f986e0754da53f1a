import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import type { CustomerSummary } from 'contract/operator-customers';
import { serverMessage } from 'shared/api/api-client';
import { formatDateTime } from 'shared/format/date';
import { formatMoney } from 'shared/format/money';
import { Link as RouterLink } from 'shared/routing/router';
import { CARD } from 'shared/ui/card-table';
import { useCustomerSearch } from '../api/customers';
import { OperatorTable, type Column } from '../operator-table';

const columns: Column<CustomerSummary>[] = [
  {
    header: 'Username',
    card: CARD.lead,
    cell: (customer) => (
      <Link component={RouterLink} to={`/operator/customers/${customer.id}`}>
        {customer.username}
      </Link>
    ),
  },
  { header: 'E-mail', cell: (customer) => customer.email, card: CARD.wide },
  { header: 'Balance', cell: (customer) => formatMoney(customer.balance), align: 'right', card: CARD.price },
  { header: 'Registered', cell: (customer) => formatDateTime(customer.createdAt) },
  { header: 'Status', cell: (customer) => (customer.disabled ? <Chip size="small" color="error" variant="outlined" label="Disabled" /> : 'Active') },
];

/** /operator/customers: find a customer by part of the username or e-mail; with nothing typed, the newest. */
export default function CustomersPage() {
  const [text, setText] = useState('');
  const [asked, setAsked] = useState('');
  // Asks once typing pauses, not on every key.
  useEffect(() => {
    const timer = setTimeout(() => setAsked(text.trim()), 250);
    return () => clearTimeout(timer);
  }, [text]);
  const search = useCustomerSearch(asked);
  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom>
        Customers
      </Typography>
      <TextField
        label="Username or e-mail"
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        size="small"
        sx={{ mb: 2, width: { xs: '100%', sm: 360 } }}
      />
      <OperatorTable
        caption="Customers"
        columns={columns}
        rows={search.data?.customers}
        rowKey={(customer) => customer.id}
        isLoading={search.isPending}
        error={search.isError ? serverMessage(search.error, 'Failed to load customers.') : null}
        emptyText={asked ? `No customer matches "${asked}".` : 'No customers yet.'}
      />
      {search.data?.more ? (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          Showing the first 50: type more of the name or address to narrow it down.
        </Typography>
      ) : null}
    </>
  );
}

import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import Alert from '@mui/material/Alert';
import { useEffect, useState } from 'react';
import { PAID_QUERY } from 'contract/checkout-return';
import { useLocation, useNavigate } from 'shared/routing/router';
import { BuildLabel } from 'shared/ui/build-label';
import { AddPaymentPanel } from './add-payment/add-payment-panel';
import { ExpensesTable } from './expenses/expenses-table';
import { TopupsTable } from './topups/topups-table';
import { wrappingTabsSx } from 'shared/ui/wrapping-tabs';

const TABS = [
  { id: 'add', label: 'Add Payment', Panel: AddPaymentPanel },
  { id: 'topups', label: 'Topups History', Panel: TopupsTable },
  { id: 'expenses', label: 'Expenses History', Panel: ExpensesTable },
] as const;

export const PAYMENT_RECEIVED_MESSAGE =
  'Payment received. Your balance goes up as soon as the network confirms it; this page updates by itself.';

/** Payments (/payments): top up the balance, and the top-up and expense histories. */
export default function PaymentsPage() {
  const [selected, setSelected] = useState(0);
  const location = useLocation();
  const navigate = useNavigate();
  // Back from the checkout after paying: said once, and the address loses its query (a reload says nothing).
  const [paid, setPaid] = useState(() => new URLSearchParams(location.search).toString() === PAID_QUERY);
  useEffect(() => {
    if (location.search !== '') void navigate(location.pathname, { replace: true });
  }, [location.search, location.pathname, navigate]);
  return (
    <Box component="section">
      <Typography variant="h4" component="h1" gutterBottom>
        Payments
      </Typography>
      {paid && (
        <Alert severity="success" onClose={() => setPaid(false)} sx={{ mb: 2 }} data-testid="payment-received">
          {PAYMENT_RECEIVED_MESSAGE}
        </Alert>
      )}
      <Tabs value={selected} onChange={(_event, next: number) => setSelected(next)} aria-label="Payments" sx={wrappingTabsSx}>
        {TABS.map((tab, index) => (
          <Tab key={tab.id} label={tab.label} id={`payments-tab-${tab.id}`} aria-controls={`payments-panel-${tab.id}`} value={index} />
        ))}
      </Tabs>
      {/* Every panel exists for its tab's aria-controls; only the open one renders (and fetches). */}
      {TABS.map(({ id, Panel }, index) => (
        <Box key={id} role="tabpanel" id={`payments-panel-${id}`} aria-labelledby={`payments-tab-${id}`} hidden={index !== selected} sx={{ pt: 3 }}>
          {index === selected && <Panel />}
        </Box>
      ))}
      <BuildLabel app={__APP_NAME__} label={__BUILD_LABEL__} />
    </Box>
  );
}

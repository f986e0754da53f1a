import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Navigate, Route, Routes } from 'shared/routing/router';
import { BuildLabel } from 'shared/ui/build-label';
import AuditPage from './audit/audit-page';
import CustomerPage from './customers/customer-page';
import CustomersPage from './customers/customers-page';
import InventoryPage from './inventory/inventory-page';
import LeasesPage from './leases/leases-page';
import MoneyPage from './money/money-page';
import { OperatorNav } from './operator-nav';

/**
 * The operator console at /operator/*: the shell shows it to accounts with the operator role only (access
 * `operator` in remotes.manifest.json), and the API checks the role on every call. Each section is its own
 * page file with its own sub-routes.
 */
export default function OperatorPage() {
  return (
    <Box component="section" sx={{ minWidth: 0 }}>
      <OperatorNav />
      <Routes>
        <Route index element={<Navigate to="customers" replace />} />
        <Route path="customers" element={<CustomersPage />} />
        <Route path="customers/:userId" element={<CustomerPage />} />
        <Route path="inventory/*" element={<InventoryPage />} />
        <Route path="money/*" element={<MoneyPage />} />
        <Route path="leases/*" element={<LeasesPage />} />
        <Route path="audit" element={<AuditPage />} />
        <Route path="*" element={<Typography component="h1" variant="h5">No such section of the console.</Typography>} />
      </Routes>
      <BuildLabel app={__APP_NAME__} label={__BUILD_LABEL__} />
    </Box>
  );
}

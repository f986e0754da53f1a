import { Box, Stack, Typography, useMediaQuery } from '@mui/material';
import { useAtomValue } from 'jotai';
import { BuildLabel } from 'shared/ui/build-label';
import { CartModal } from './cart/cart-modal';
import { CartSummary } from './cart/cart-summary';
import { MyProxies } from './my-proxies/my-proxies';
import { ProxyDetails } from './proxy-details/proxy-details';
import { ProxyTable } from './proxy-table/proxy-table';
import { RegionBrowser } from './region-browser/region-browser';
import { FiltersSidebar } from './sidebar/filters-sidebar';
import { detailListingAtom } from './state/marketplace-atoms';

/** Details open as a modal on screens narrower than 768 px. */
export const NARROW_SCREEN = '(max-width: 767.98px)';

/** Dashboard: the proxy marketplace. */
export default function DashboardPage() {
  const narrow = useMediaQuery(NARROW_SCREEN);
  const detailOpen = useAtomValue(detailListingAtom) !== null;
  return (
    <Box component="section" aria-labelledby="dashboard-title" sx={{ maxWidth: 1440, mx: 'auto', px: { xs: 1, sm: 2 }, py: 2 }}>
      <Typography id="dashboard-title" variant="h5" component="h1" gutterBottom>
        Proxy marketplace
      </Typography>
      <Box sx={{ display: 'flex', flexDirection: narrow ? 'column' : 'row', gap: 2, alignItems: 'flex-start' }}>
        <Box sx={{ width: narrow ? '100%' : 240, flexShrink: 0 }}>
          <FiltersSidebar compact={narrow} />
        </Box>
        <Stack spacing={2} sx={{ flex: 1, minWidth: 0, width: '100%' }}>
          <RegionBrowser compact={narrow} />
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <ProxyTable />
            </Box>
            {detailOpen && !narrow && (
              <Box sx={{ width: 340, flexShrink: 0 }}>
                <ProxyDetails asModal={false} />
              </Box>
            )}
          </Box>
          {narrow && <ProxyDetails asModal />}
          <CartSummary />
          <MyProxies />
        </Stack>
      </Box>
      <CartModal />
      <BuildLabel app={__APP_NAME__} label={__BUILD_LABEL__} />
    </Box>
  );
}

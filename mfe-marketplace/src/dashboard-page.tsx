import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useAtomValue } from 'jotai';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { NARROW_SCREEN } from 'shared/layout/breakpoints';
import { BuildLabel } from 'shared/ui/build-label';
import { CartSummary } from './cart/cart-summary';
import { MyProxies } from './my-proxies/my-proxies';
import { ProxyTable } from './proxy-table/proxy-table';
import { QuantityBuy } from './quantity-buy/quantity-buy';
import { RegionBrowser } from './region-browser/region-browser';
import { CatalogueSearch } from './search/catalogue-search';
import { FiltersSidebar } from './sidebar/filters-sidebar';
import { detailListingAtom, filtersOpenAtom, findQueryAtom, selectionAtom } from './state/marketplace-atoms';

// The cart and a proxy's details (dialogs, the purchase calls) are files of their own: the dashboard shows
// without them.
const CartModal = lazy(() => import('./cart/cart-modal').then((m) => ({ default: m.CartModal })));
const ProxyDetails = lazy(() => import('./proxy-details/proxy-details').then((m) => ({ default: m.ProxyDetails })));

/** How long the region list takes to fold away before the results are scrolled to. */
const FOLD_MS = 350;

/**
 * On a phone the results sit below the region list: choosing a state, a country or a search brings
 * them into view (after the list has folded away).
 */
function useScrollToResultsOnChoice(narrow: boolean) {
  const selection = useAtomValue(selectionAtom);
  const findQuery = useAtomValue(findQueryAtom);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (!narrow || (selection.country === null && findQuery === null)) return;
    const timer = setTimeout(() => document.getElementById('proxy-results')?.scrollIntoView({ block: 'start', behavior: 'smooth' }), FOLD_MS);
    return () => clearTimeout(timer);
  }, [narrow, selection, findQuery]);
}

/**
 * Dashboard: the proxy marketplace. The filters sit above the table (not beside it), so every column
 * fits from 1280 px with the details panel open; the panel stays in view beside the table.
 */
export default function DashboardPage() {
  const narrow = useMediaQuery(NARROW_SCREEN);
  const detailOpen = useAtomValue(detailListingAtom) !== null;
  const filtersOpen = useAtomValue(filtersOpenAtom);
  useScrollToResultsOnChoice(narrow);
  return (
    <Box component="section" aria-labelledby="dashboard-title" sx={{ minWidth: 0 }}>
      <Typography id="dashboard-title" variant="h5" component="h1" gutterBottom>
        Proxy marketplace
      </Typography>
      <Stack spacing={2} sx={{ minWidth: 0 }}>
        <FiltersSidebar compact={narrow} />
        <CatalogueSearch />
        <RegionBrowser compact={narrow} />
        <Box sx={{ display: 'flex', gap: 2, minWidth: 0 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <ProxyTable filtersFolded={narrow && !filtersOpen} />
          </Box>
          {detailOpen && !narrow && (
            <Box sx={{ width: { md: 272, xl: 320 }, flexShrink: 0 }}>
              <Suspense fallback={null}>
                <ProxyDetails asModal={false} />
              </Suspense>
            </Box>
          )}
        </Box>
        {narrow && detailOpen && (
          <Suspense fallback={null}>
            <ProxyDetails asModal />
          </Suspense>
        )}
        <QuantityBuy />
        <CartSummary />
        <MyProxies />
      </Stack>
      <Suspense fallback={null}>
        <CartModal />
      </Suspense>
      <BuildLabel app={__APP_NAME__} label={__BUILD_LABEL__} />
    </Box>
  );
}

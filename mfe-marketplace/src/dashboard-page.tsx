import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQueryClient, type FetchQueryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { lazy, startTransition, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { afterLoadWhenIdle } from 'shared/browser/idle';
import { NARROW_SCREEN } from 'shared/layout/breakpoints';
import { BuildLabel } from 'shared/ui/build-label';
import { myProxiesQuery } from './api/my-proxies';
import { regionCountsQuery } from './api/region-counts';
import { statesQuery } from './api/states';
import { RegionBrowser } from './region-browser/region-browser';
import { CatalogueSearch } from './search/catalogue-search';
import { FiltersSidebar } from './sidebar/filters-sidebar';
import { cartOpenAtom, detailListingAtom, findQueryAtom, selectionAtom } from './state/marketplace-atoms';
import { selectedTabAtom } from './state/tab-atoms';

// The cart and a proxy's details (dialogs, the purchase calls) are files of their own: the dashboard shows
// without them, and they are fetched once it has loaded and the browser is idle, before a click needs them.
const loadCartModal = () => import('./cart/cart-modal');
const loadProxyDetails = () => import('./proxy-details/proxy-details');
const CartModal = lazy(() => loadCartModal().then((m) => ({ default: m.CartModal })));
const ProxyDetails = lazy(() => loadProxyDetails().then((m) => ({ default: m.ProxyDetails })));
// The parts below the first screen: in this file (`eager`), their modules run when the page first shows them.
const ProxyTable = lazy(() => import(/* webpackMode: "eager" */ './proxy-table/proxy-table').then((m) => ({ default: m.ProxyTable })));
const CartSummary = lazy(() => import(/* webpackMode: "eager" */ './cart/cart-summary').then((m) => ({ default: m.CartSummary })));
const MyProxies = lazy(() => import(/* webpackMode: "eager" */ './my-proxies/my-proxies').then((m) => ({ default: m.MyProxies })));
const preloadDialogs = () => {
  // A failed fetch here is not shown: opening the dialog asks for the file again and reports a failure.
  void loadCartModal().catch(() => undefined);
  void loadProxyDetails().catch(() => undefined);
};

/**
 * Renders its children from the first time `wanted` is true on: the cart's code loads when it first opens,
 * and the dialog then stays mounted, so it can animate out and in again.
 */
function OnceWanted({ wanted, children }: { wanted: boolean; children: ReactNode }) {
  const [seen, setSeen] = useState(wanted);
  if (wanted && !seen) setSeen(true);
  return seen || wanted ? <Suspense fallback={null}>{children}</Suspense> : null;
}

function prefetchOnce<T, K extends QueryKey>(client: QueryClient, options: FetchQueryOptions<T, Error, T, K>) {
  // Anything already cached (data, a request on its way, an error) is left to the list that shows it.
  if (!client.getQueryState(options.queryKey)) void client.prefetchQuery(options);
}

/**
 * Asks for the page's first lists (tab counts, the USA tab's states, the customer's proxies) as the page
 * starts rendering. Each list asks for its data only once it is mounted, after the whole page has rendered
 * and painted, which on a slow phone is a second after the page's code arrived; this way the answers are
 * there by then. The lists keep them as fresh for FIRST_LISTS_FRESH_MS, so they do not ask again.
 */
function usePrefetchFirstLists() {
  const client = useQueryClient();
  const tab = useAtomValue(selectedTabAtom);
  prefetchOnce(client, regionCountsQuery());
  prefetchOnce(client, myProxiesQuery());
  // Another tab's countries are left to its list: that answer also refreshes the other lists.
  if (tab.as === 'USA') prefetchOnce(client, statesQuery());
}

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

/** How many parts of the page are shown: see usePasses. */
const PASSES = 3;

/**
 * The page is shown in three commits: first the filters, the search and the region list (what a phone shows
 * first, and what the first view sent with the page shows), then, each in a transition of its own, the
 * results table, and the cart summary with the customer's proxies. In one commit, inserting the whole page's
 * styles and laying it out was one long task (a third of a second on a slow phone) that held up the first
 * paint of the search and any input; in three, the browser paints and takes input in between. Each part only
 * adds content below the ones before, so nothing on screen moves. Returns the number of parts shown.
 */
function usePasses(): number {
  const [shown, setShown] = useState(1);
  useEffect(() => {
    if (shown < PASSES) startTransition(() => setShown(shown + 1));
  }, [shown]);
  return shown;
}

/**
 * Dashboard: the proxy marketplace. The filters sit above the table (not beside it), so every column
 * fits from 1280 px with the details panel open; the panel stays in view beside the table.
 */
export default function DashboardPage() {
  const narrow = useMediaQuery(NARROW_SCREEN);
  const detailOpen = useAtomValue(detailListingAtom) !== null;
  const cartOpen = useAtomValue(cartOpenAtom);
  usePrefetchFirstLists();
  useScrollToResultsOnChoice(narrow);
  useEffect(() => afterLoadWhenIdle(preloadDialogs), []);
  const passes = usePasses();
  return (
    <Box component="section" aria-labelledby="dashboard-title" sx={{ minWidth: 0 }}>
      <Typography id="dashboard-title" variant="h5" component="h1" gutterBottom>
        Proxy marketplace
      </Typography>
      <Stack spacing={2} sx={{ minWidth: 0 }}>
        <FiltersSidebar compact={narrow} />
        <CatalogueSearch />
        <RegionBrowser compact={narrow} />
        {passes >= 2 && (
          <>
            <Box sx={{ display: 'flex', gap: 2, minWidth: 0 }}>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Suspense fallback={null}>
                  <ProxyTable />
                </Suspense>
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
          </>
        )}
        {passes >= 3 && (
          <Suspense fallback={null}>
            <CartSummary />
            <MyProxies />
          </Suspense>
        )}
      </Stack>
      <OnceWanted wanted={cartOpen}>
        <CartModal />
      </OnceWanted>
      {passes >= 3 && <BuildLabel app={__APP_NAME__} label={__BUILD_LABEL__} />}
    </Box>
  );
}

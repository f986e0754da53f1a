import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import RemoveShoppingCartIcon from '@mui/icons-material/RemoveShoppingCart';
import {
  Box,
  Button,
  IconButton,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useSnackbar } from 'notistack';
import { memo, useMemo } from 'react';
import type { ProxyListing } from 'contract/marketplace';
import { formatMoney } from 'shared/format/money';
import { flagEmoji } from '../listing/flag';
import { pageCount, pageSlice } from '../listing/pager';
import { filterProxies } from 'shared/marketplace/proxy-filters';
import { useSearch } from '../api/search';
import { useCartActions } from '../cart/use-cart-actions';
import { LoadError } from '../region-browser/location-list';
import { copyText } from '../my-proxies/copy-text';
import { detailListingAtom, filtersAtom, pageAtom, selectionAtom, soldAtom, type SoldProxy } from '../state/marketplace-atoms';
import { ColumnFilters } from './column-filters';
import { Pager } from './pager';

/** Skeleton of 36 placeholders while loading. */
export const SKELETON_PLACEHOLDERS = 36;
const COLUMNS = ['IP', 'Domain', 'State', 'City', 'ISP', 'ZIP', 'Speed', 'Ping', 'Type', 'Added', 'Price'] as const;

export function addedLabel(days: number): string {
  if (days === 0) return 'today';
  return days === 1 ? '1 day ago' : `${days} days ago`;
}

function SoldCredentials({ sold }: { sold: SoldProxy }) {
  const { enqueueSnackbar } = useSnackbar();
  const text = `${sold.socks_auth}@${sold.proxy}`;
  return (
    <Tooltip title="Copy">
      <Button
        size="small"
        onClick={async (event) => {
          event.stopPropagation();
          if (await copyText(text)) enqueueSnackbar('Link Copied', { variant: 'success' });
        }}
        sx={{ textTransform: 'none', fontFamily: 'monospace' }}
      >
        {text}
      </Button>
    </Tooltip>
  );
}

const ProxyRow = memo(function ProxyRow({
  listing,
  inCart,
  sold,
  onOpen,
  onToggleCart,
}: {
  listing: ProxyListing;
  inCart: boolean;
  sold: SoldProxy | undefined;
  onOpen: (listing: ProxyListing) => void;
  onToggleCart: (listing: ProxyListing, inCart: boolean) => void;
}) {
  return (
    <TableRow
      hover
      tabIndex={0}
      onClick={() => onOpen(listing)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onOpen(listing);
      }}
      sx={{ cursor: 'pointer' }}
      data-testid="proxy-row"
    >
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <span role="img" aria-label={`${listing.country} flag`}>
          {flagEmoji(listing.img)}
        </span>{' '}
        {listing.sock_real_ip}
      </TableCell>
      <TableCell>{listing.domain}</TableCell>
      <TableCell>{listing.region}</TableCell>
      <TableCell>{listing.city}</TableCell>
      <TableCell>{listing.isp}</TableCell>
      <TableCell>{listing.zip}</TableCell>
      <TableCell>{listing.speed}</TableCell>
      <TableCell>{listing.ping}</TableCell>
      <TableCell>{listing.user_type}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{addedLabel(listing.added_days_ago)}</TableCell>
      <TableCell>{formatMoney(listing.price)}</TableCell>
      <TableCell>
        {sold ? (
          <SoldCredentials sold={sold} />
        ) : (
          <IconButton
            aria-label={inCart ? `Remove ${listing.sock_real_ip} from cart` : `Add ${listing.sock_real_ip} to cart`}
            aria-pressed={inCart}
            color={inCart ? 'primary' : 'default'}
            onClick={(event) => {
              event.stopPropagation();
              onToggleCart(listing, inCart);
            }}
          >
            {inCart ? <RemoveShoppingCartIcon /> : <AddShoppingCartIcon />}
          </IconButton>
        )}
      </TableCell>
    </TableRow>
  );
});

/** Proxy list: 11 columns and a cart toggle, a filter per column, 50 rows a page. */
export function ProxyTable() {
  const selection = useAtomValue(selectionAtom);
  const filters = useAtomValue(filtersAtom);
  const [page, setPage] = useAtom(pageAtom);
  const sold = useAtomValue(soldAtom);
  const openDetails = useSetAtom(detailListingAtom);
  const { inCart, add, remove } = useCartActions();
  const search = useSearch(selection.country, selection.state);

  const filtered = useMemo(() => filterProxies(search.data ?? [], filters), [search.data, filters]);
  const pages = pageCount(filtered.length);
  const currentPage = Math.min(page, pages);
  const rows = useMemo(() => pageSlice(filtered, currentPage), [filtered, currentPage]);
  const toggleCart = useMemo(
    () => (listing: ProxyListing, wasInCart: boolean) => (wasInCart ? remove(listing.id) : add(listing)),
    [add, remove],
  );

  let body;
  if (selection.country === null) {
    body = <Message text="Choose a state or a country to see its proxies." />;
  } else if (search.isPending) {
    body = Array.from({ length: SKELETON_PLACEHOLDERS }, (_, index) => (
      <TableRow key={index} data-testid="proxy-skeleton">
        <TableCell colSpan={COLUMNS.length + 1}>
          <Skeleton variant="rectangular" height={20} animation="wave" />
        </TableCell>
      </TableRow>
    ));
  } else if (search.isError) {
    body = (
      <TableRow>
        <TableCell colSpan={COLUMNS.length + 1}>
          <LoadError error={search.error} />
        </TableCell>
      </TableRow>
    );
  } else if (rows.length === 0) {
    body = <Message text="No Proxy Data available" />;
  } else {
    body = rows.map((listing) => (
      <ProxyRow
        key={listing.id}
        listing={listing}
        inCart={inCart(listing.id)}
        sold={sold[listing.id]}
        onOpen={openDetails}
        onToggleCart={toggleCart}
      />
    ));
  }

  return (
    <Box>
      <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto' }}>
        <Table size="small" aria-label="Proxies">
          <TableHead>
            <TableRow>
              {COLUMNS.map((column) => (
                <TableCell key={column}>{column}</TableCell>
              ))}
              <TableCell>
                <Box component="span" sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
                  Cart
                </Box>
              </TableCell>
            </TableRow>
            <ColumnFilters />
          </TableHead>
          <TableBody>{body}</TableBody>
        </Table>
      </TableContainer>
      {selection.country !== null && search.isSuccess && (
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body2" color="text.secondary">
            {filtered.length} of {search.data.length} proxies
          </Typography>
          <Pager page={currentPage} count={pages} onChange={setPage} />
        </Box>
      )}
    </Box>
  );
}

function Message({ text }: { text: string }) {
  return (
    <TableRow>
      <TableCell colSpan={COLUMNS.length + 1} align="center">
        <Typography sx={{ py: 3 }} color="text.secondary">
          {text}
        </Typography>
      </TableCell>
    </TableRow>
  );
}

import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import RemoveShoppingCartIcon from '@mui/icons-material/RemoveShoppingCart';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { functionalUpdate, useTable, type Row } from '@tanstack/react-table';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { Fragment, memo, useMemo, useRef, type ReactNode } from 'react';
import type { ProxyListing } from 'contract/marketplace';
import { FIND_LIMIT } from 'contract/limits';
import { filterProxies } from 'contract/proxy-filters';
import { useFind } from '../api/find';
import { useSearch } from '../api/search';
import { useCartActions } from '../cart/use-cart-actions';
import { pageCount, pageSlice } from 'shared/table/pager';
import { CopyCredential } from '../my-proxies/copy-credential';
import { LoadError } from '../region-browser/location-list';
import {
  detailListingAtom,
  filtersAtom,
  findQueryAtom,
  pageAtom,
  selectionAtom,
  soldAtom,
  sortingAtom,
  updateSortingAtom,
  type SoldCredentials,
} from '../state/marketplace-atoms';
import { ColumnFilter } from './column-filters';
import { SortSelect } from './sort-select';
import { proxyColumns, tableFeatureSet } from './proxy-columns';
import { Pager } from 'shared/ui/pager';
import { visuallyHidden } from 'shared/ui/visually-hidden';
import { CARD, cardTableSx } from 'shared/ui/card-table';

export const NOTHING_CHOSEN_MESSAGE = 'Choose a state or a country, or search the catalogue, to see its proxies.';

/** Skeleton of 36 placeholders while loading. */
export const SKELETON_PLACEHOLDERS = 36;
const COLUMN_COUNT = proxyColumns.length + 1;
const NO_LISTINGS: ProxyListing[] = [];
/**
 * Every column fits in the 960 px the table keeps beside the details panel at 1280 px (filters squeezed);
 * narrower (phones, tablets, a smaller laptop with the panel open) the rows are cards.
 */
export const PROXY_CARDS_BELOW = 950;
/** The optional columns (Uptime) join the table from this width of it; on cards they are always there. */
export const OPTIONAL_COLUMNS_FROM = 1010;
/** Each column's part in a card: the address leads, then the price and the cart toggle. */
const cardPart = (columnId: string) => (columnId === 'ip' ? CARD.lead : columnId === 'price' ? CARD.price : CARD.detail);


type ProxyRowModel = Row<typeof tableFeatureSet, ProxyListing>;

const ProxyRow = memo(function ProxyRow({
  row,
  inCart,
  sold,
  onOpen,
  onToggleCart,
}: {
  row: ProxyRowModel;
  inCart: boolean;
  sold: SoldCredentials | undefined;
  onOpen: (listing: ProxyListing) => void;
  onToggleCart: (listing: ProxyListing, inCart: boolean) => void;
}) {
  const listing = row.original;
  return (
    <Fragment>
      <TableRow
        hover
        tabIndex={0}
        onClick={() => onOpen(listing)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onOpen(listing);
        }}
        sx={{ cursor: 'pointer', '& > td': sold ? { borderBottom: 0 } : {} }}
        data-testid="proxy-row"
      >
        {row.getAllCells().map((cell) => (
          <TableCell
            key={cell.id}
            align={cell.column.columnDef.meta?.numeric ? 'right' : 'left'}
            data-card={cardPart(cell.column.id)}
            data-label={String(cell.column.columnDef.header ?? cell.column.id)}
            data-optional={cell.column.columnDef.meta?.optional ? '' : undefined}
          >
            <CellValue row={row} columnId={cell.column.id} />
          </TableCell>
        ))}
        <TableCell padding="none" align="center" data-card={CARD.action}>
          {sold ? (
            <Typography variant="caption" color="success.main" sx={{ px: 1 }}>
              Yours
            </Typography>
          ) : (
            <IconButton
              size="small"
              aria-label={inCart ? `Remove ${listing.sock_real_ip} from cart` : `Add ${listing.sock_real_ip} to cart`}
              aria-pressed={inCart}
              color={inCart ? 'primary' : 'default'}
              onClick={(event) => {
                event.stopPropagation();
                onToggleCart(listing, inCart);
              }}
            >
              {inCart ? <RemoveShoppingCartIcon fontSize="small" /> : <AddShoppingCartIcon fontSize="small" />}
            </IconButton>
          )}
        </TableCell>
      </TableRow>
      {sold && (
        // The bought credentials get a row of their own under the listing: whole, never cut by a column.
        <TableRow data-testid="proxy-sold-row">
          <TableCell colSpan={COLUMN_COUNT} sx={{ pt: 0 }}>
            <Box sx={{ position: 'sticky', left: 8, display: 'inline-flex', alignItems: 'center', gap: 1, maxWidth: '100%', minWidth: 0 }}>
              <Typography variant="body2" color="text.secondary">
                Yours:
              </Typography>
              <CopyCredential credentials={sold} toast="Proxy Copied" />
            </Box>
          </TableCell>
        </TableRow>
      )}
    </Fragment>
  );
});

/** "12 of 120 proxies"; a capped search says its total is only the first matches. */
export function countLabel(shown: number, total: number, capped: boolean): string {
  return capped ? `${shown} of the first ${total} matches` : `${shown} of ${total} proxies`;
}

/** One cell through TanStack's renderer (the column's `cell`, or its plain value). */
function CellValue({ row, columnId }: { row: ProxyRowModel; columnId: string }) {
  const cell = row.getAllCells().find((candidate) => candidate.column.id === columnId);
  if (!cell) return null;
  const render = cell.column.columnDef.cell;
  return typeof render === 'function' ? render(cell.getContext()) : String(cell.getValue() ?? '');
}

/**
 * Proxy list on TanStack Table: 11 sortable columns and a cart toggle, a filter under every title, a
 * sticky header, 50 rows a page. Narrower than the columns need, its rows become cards (shared/ui/card-table).
 */
export function ProxyTable({ filtersFolded = false }: { filtersFolded?: boolean }) {
  const selection = useAtomValue(selectionAtom);
  const findQuery = useAtomValue(findQueryAtom);
  const filters = useAtomValue(filtersAtom);
  const sorting = useAtomValue(sortingAtom);
  const setSorting = useSetAtom(updateSortingAtom);
  const [page, setPage] = useAtom(pageAtom);
  const sold = useAtomValue(soldAtom);
  const openDetails = useSetAtom(detailListingAtom);
  const { inCart, add, remove } = useCartActions();
  const search = useSearch(findQuery === null ? selection.country : null, selection.state);
  const find = useFind(findQuery);
  const source = findQuery === null ? search : find;
  const chosen = findQuery !== null || selection.country !== null;
  const sectionRef = useRef<HTMLElement>(null);
  const scrollerRef = useRef<HTMLDivElement>(null);

  const filtered = useMemo(() => filterProxies(source.data ?? NO_LISTINGS, filters), [source.data, filters]);
  const table = useTable({
    features: tableFeatureSet,
    columns: proxyColumns,
    data: filtered,
    getRowId: (listing) => listing.id,
    state: { sorting },
    onSortingChange: (updater) => setSorting(functionalUpdate(updater, sorting)),
  });
  const sortedRows = table.getRowModel().rows;
  const pages = pageCount(sortedRows.length);
  const currentPage = Math.min(page, pages);
  const rows = pageSlice(sortedRows, currentPage);
  const toggleCart = useMemo(
    () => (listing: ProxyListing, wasInCart: boolean) => (wasInCart ? remove(listing.id) : add(listing)),
    [add, remove],
  );

  const changePage = (next: number) => {
    setPage(next);
    // A new page starts at its first row, with the table's top in view (the pager sits at its bottom).
    if (scrollerRef.current) scrollerRef.current.scrollTop = 0;
    const top = sectionRef.current?.getBoundingClientRect().top ?? 0;
    if (top < 0) sectionRef.current?.scrollIntoView({ block: 'start' });
  };

  let body = null;
  let message: ReactNode = null;
  if (!chosen) {
    message = NOTHING_CHOSEN_MESSAGE;
  } else if (source.isPending) {
    body = Array.from({ length: SKELETON_PLACEHOLDERS }, (_, index) => (
      <TableRow key={index} data-testid="proxy-skeleton">
        <TableCell colSpan={COLUMN_COUNT}>
          <Skeleton variant="rectangular" height={20} animation="wave" />
        </TableCell>
      </TableRow>
    ));
  } else if (source.isError) {
    message = <LoadError error={source.error} />;
  } else if (rows.length === 0) {
    message = 'No Proxy Data available';
  } else {
    body = rows.map((row) => (
      <ProxyRow
        key={row.id}
        row={row}
        inCart={inCart(row.original.id)}
        sold={sold[row.original.id]}
        onOpen={openDetails}
        onToggleCart={toggleCart}
      />
    ));
  }

  return (
    <Paper
      ref={sectionRef}
      component="section"
      id="proxy-results"
      variant="outlined"
      aria-label="Proxies"
      data-filters-folded={filtersFolded ? '' : undefined}
      sx={[
        { scrollMarginTop: { xs: 64, sm: 72 } },
        // On a phone with the filters folded away the column filters go with them (the Sort by control sorts).
        { '&[data-filters-folded] thead': { display: 'none' } },
        cardTableSx(PROXY_CARDS_BELOW),
        {
          [`@container (min-width: ${PROXY_CARDS_BELOW}px) and (max-width: ${OPTIONAL_COLUMNS_FROM - 0.02}px)`]: {
            '& [data-optional]': { display: 'none' },
          },
        },
      ]}
    >
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', px: 1.5, pt: 1 }}>
        <SortSelect sorting={sorting} onChange={setSorting} />
      </Box>
      {findQuery !== null && (
        <Typography variant="body2" sx={{ px: 1.5, pt: 1 }} color="text.secondary">
          {(find.data?.length ?? 0) >= FIND_LIMIT
            ? `The first ${FIND_LIMIT} matches for “${findQuery}” across the catalogue: type more to narrow them`
            : `Results for “${findQuery}” across the catalogue`}
        </Typography>
      )}
      <TableContainer
        ref={scrollerRef}
        data-testid="proxy-table-scroller"
        sx={{ maxWidth: '100%', overflowX: 'auto', maxHeight: { xs: '75vh', md: 'calc(100vh - 96px)' } }}
      >
        <Table
          size="small"
          stickyHeader
          aria-label="Proxies"
          sx={{
            '& th, & td': { px: 0.5, fontSize: '0.8125rem' },
            '& th': { verticalAlign: 'top' },
            '& .MuiTableSortLabel-icon': { mx: 0.25, fontSize: '1rem' },
            // Every column sorts: its arrow shows faintly before it is used.
            '& .MuiTableSortLabel-root:not(.Mui-active) .MuiTableSortLabel-icon': { opacity: 0.35 },
          }}
        >
          <TableHead>
            {table.getHeaderGroups().map((group) => (
              <TableRow key={group.id}>
                {group.headers.map((header) => {
                  const column = header.column;
                  const sorted = column.getIsSorted();
                  const title = String(column.columnDef.header ?? column.id);
                  const filter = column.columnDef.meta?.filter;
                  return (
                    <TableCell
                      key={header.id}
                      sortDirection={sorted}
                      align={column.columnDef.meta?.numeric ? 'right' : 'left'}
                      data-testid={`column-${column.id}`}
                      data-optional={column.columnDef.meta?.optional ? '' : undefined}
                    >
                      <TableSortLabel
                        active={sorted !== false}
                        direction={sorted === false ? column.getFirstSortDir() : sorted}
                        onClick={column.getToggleSortingHandler()}
                        aria-label={`Sort by ${title}`}
                      >
                        {title}
                      </TableSortLabel>
                      {filter && (
                        <Box sx={{ mt: 0.5 }}>
                          <ColumnFilter filter={filter} label={title} />
                        </Box>
                      )}
                    </TableCell>
                  );
                })}
                <TableCell padding="none" sx={{ position: 'sticky', width: 40 }} data-card={CARD.tableOnly}>
                  <Box component="span" sx={visuallyHidden}>
                    Cart
                  </Box>
                </TableCell>
              </TableRow>
            ))}
          </TableHead>
          <TableBody>{body}</TableBody>
        </Table>
      </TableContainer>
      {message !== null && (
        <Box sx={{ p: 3, textAlign: 'center' }}>
          {typeof message === 'string' ? <Typography color="text.secondary">{message}</Typography> : message}
        </Box>
      )}
      {chosen && source.isSuccess && (
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1, px: 1.5 }}>
          <Typography variant="body2" color="text.secondary">
            {countLabel(filtered.length, source.data.length, findQuery !== null && source.data.length >= FIND_LIMIT)}
          </Typography>
          <Pager page={currentPage} count={pages} onChange={changePage} />
        </Box>
      )}
    </Paper>
  );
}

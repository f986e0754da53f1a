import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'shared/ui/toasts';
import { memo, type ReactNode } from 'react';
import { Link as RouterLink } from 'shared/routing/router';
import { copyText } from 'shared/clipboard/copy-text';
import { Flag } from 'shared/ui/flag';
import { HISTORY_COLUMNS, type HistoryFilters, type HistoryRow } from 'shared/history/history-columns';
import { CARD, cardTableSx } from 'shared/ui/card-table';
import { ProxyText } from 'shared/ui/proxy-text';
import { replaceTexts, useReplace } from '../api/replace';

export const historyTexts = {
  empty: 'Click on proxy to buy it',
  error: 'error',
  copied: 'Proxy Copied',
};

const ALL_COLUMNS = HISTORY_COLUMNS.length + 1;
/** Cells that must not wrap: addresses, dates and prices (the proxy string wraps only between its parts). */
const NO_WRAP = new Set([0, 8, 9]);
/** Each column's part in a card: the address leads, the price and the copy button come next. */
const CARD_PART: Record<number, string> = { 0: CARD.lead, 3: CARD.action, 5: CARD.wide, 9: CARD.price };
/**
 * The table's natural width is about 1,330 px: narrower than that (a laptop with the details panel open,
 * a tablet, a phone) the rows are cards.
 */
export const HISTORY_CARDS_BELOW = 1340;

/** The proxy string as a button: a click copies it. */
export function CopyProxy({ text }: { text: string }) {
  const { enqueueSnackbar } = useSnackbar();
  return (
    <Tooltip title="Copy" describeChild>
      <Button
        size="small"
        // The name is the string itself, read whole (the text is split where it may wrap).
        aria-label={text}
        onClick={async (event) => {
          event.stopPropagation();
          if (await copyText(text)) enqueueSnackbar(historyTexts.copied, { variant: 'success' });
        }}
        sx={{ textTransform: 'none', fontFamily: 'monospace', textAlign: 'left', justifyContent: 'flex-start' }}
      >
        <ProxyText text={text} />
      </Button>
    </Tooltip>
  );
}

/** One click swaps a dead proxy's exit for a live one (same port and login:pass, no charge). */
function ReplaceButton({ historyId, proxy }: { historyId: string; proxy: string }) {
  const replace = useReplace();
  return (
    <Button
      size="small"
      variant="outlined"
      color="warning"
      aria-label={replaceTexts.label(proxy)}
      disabled={replace.isPending}
      onClick={(event) => {
        event.stopPropagation();
        replace.mutate(historyId);
      }}
      data-testid="replace-proxy"
    >
      {replaceTexts.button}
    </Button>
  );
}

const HistoryTableRow = memo(function HistoryTableRow({
  row,
  selected,
  checked,
  onSelect,
  onCheck,
}: {
  row: HistoryRow;
  selected: boolean;
  checked: boolean;
  onSelect: (historyId: string) => void;
  onCheck: (historyId: string, checked: boolean) => void;
}) {
  const { item, cells } = row;
  return (
    <TableRow
      hover
      selected={selected}
      aria-selected={selected}
      tabIndex={0}
      onClick={() => onSelect(item.history_id)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onSelect(item.history_id);
      }}
      sx={{ cursor: 'pointer' }}
      data-testid="history-row"
    >
      <TableCell padding="checkbox" onClick={(event) => event.stopPropagation()}>
        <Checkbox
          size="small"
          checked={checked}
          onChange={(event) => onCheck(item.history_id, event.target.checked)}
          slotProps={{ input: { 'aria-label': `Select ${item.proxy}` } }}
        />
      </TableCell>
      {cells.map((cell, column) => (
        <TableCell
          key={HISTORY_COLUMNS[column]}
          data-card={CARD_PART[column] ?? CARD.detail}
          data-label={HISTORY_COLUMNS[column]}
          sx={NO_WRAP.has(column) ? { whiteSpace: 'nowrap' } : undefined}
        >
          {column === 0 ? (
            <>
              <Flag code={item.img} country={item.country} />{' '}
              {cell}
            </>
          ) : column === 3 ? (
            <>
              <CopyProxy text={cell} />
              {/* Offline during a paid period: the exit may be dead; the server says when it is not. */}
              {item.online === 0 && item.paid === 1 && <ReplaceButton historyId={item.history_id} proxy={item.proxy} />}
            </>
          ) : (
            cell
          )}
        </TableCell>
      ))}
    </TableRow>
  );
});

export interface HistoryTableProps {
  status: 'pending' | 'error' | 'success';
  /** The rows of the current page. */
  rows: HistoryRow[];
  /** Every row the filters keep (the header checkbox selects them all). */
  filteredIds: string[];
  filters: HistoryFilters;
  onFilterChange: (column: number, value: string) => void;
  selectedId: string | null;
  onSelect: (historyId: string) => void;
  checked: ReadonlySet<string>;
  onCheck: (historyId: string, checked: boolean) => void;
  onCheckAll: (checked: boolean) => void;
}

/** The purchased proxies: ten columns with a filter each, a checkbox per row for export. */
export function HistoryTable(props: HistoryTableProps) {
  const { status, rows, filteredIds, filters, onFilterChange, selectedId, onSelect, checked, onCheck, onCheckAll } = props;
  const checkedShown = filteredIds.filter((id) => checked.has(id)).length;

  let body;
  if (status === 'pending') {
    body = (
      <Message>
        <CircularProgress size={28} aria-label="Loading history" />
      </Message>
    );
  } else if (status === 'error') {
    body = (
      <Message>
        <Typography color="error">{historyTexts.error}</Typography>
      </Message>
    );
  } else if (rows.length === 0) {
    body = (
      <Message>
        <Link component={RouterLink} to="/dashboard">
          {historyTexts.empty}
        </Link>
      </Message>
    );
  } else {
    body = rows.map((row) => (
      <HistoryTableRow
        key={row.item.history_id}
        row={row}
        selected={row.item.history_id === selectedId}
        checked={checked.has(row.item.history_id)}
        onSelect={onSelect}
        onCheck={onCheck}
      />
    ));
  }

  return (
    <TableContainer sx={[{ maxWidth: '100%', overflowX: 'auto' }, cardTableSx(HISTORY_CARDS_BELOW)]} data-testid="history-table">
      <Table size="small" aria-label="Purchased proxies">
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <Checkbox
                size="small"
                checked={filteredIds.length > 0 && checkedShown === filteredIds.length}
                indeterminate={checkedShown > 0 && checkedShown < filteredIds.length}
                disabled={filteredIds.length === 0}
                onChange={(event) => onCheckAll(event.target.checked)}
                slotProps={{ input: { 'aria-label': 'Select all filtered proxies' } }}
              />
            </TableCell>
            {HISTORY_COLUMNS.map((column) => (
              <TableCell key={column} data-card={CARD.tableOnly} sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                {column}
              </TableCell>
            ))}
          </TableRow>
          <TableRow>
            <TableCell padding="checkbox" data-card={CARD.tableOnly} />
            {HISTORY_COLUMNS.map((column, index) => (
              <TableCell key={column} data-label={column}>
                <TextField
                  size="small"
                  variant="standard"
                  placeholder="filter"
                  value={filters[index] ?? ''}
                  onChange={(event) => onFilterChange(index, event.target.value)}
                  slotProps={{ htmlInput: { 'aria-label': `Filter ${column}` } }}
                  sx={{ minWidth: 64 }}
                />
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>{body}</TableBody>
      </Table>
    </TableContainer>
  );
}

/** A message across the table. */
function Message({ children }: { children: ReactNode }) {
  return (
    <TableRow>
      <TableCell colSpan={ALL_COLUMNS}>
        <Box sx={{ display: 'inline-block', py: 3 }}>{children}</Box>
      </TableCell>
    </TableRow>
  );
}

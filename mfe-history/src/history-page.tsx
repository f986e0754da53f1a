import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { HISTORY_WINDOW_DAYS } from 'contract/limits';
import { useCallback, useMemo, useState } from 'react';
import { EMPTY_HISTORY_FILTERS, filterHistoryRows, historyRows, type HistoryFilters } from 'shared/history/history-columns';
import { NARROW_SCREEN } from 'shared/layout/breakpoints';
import { pageCount, pageSlice } from 'shared/table/pager';
import { BuildLabel } from 'shared/ui/build-label';
import { Pager } from 'shared/ui/pager';
import { autoReplaceTexts, useAutoReplace } from './api/auto-replace';
import { useHistory } from './api/history';
import { detailTexts, HistoryDetails } from './details/history-details';
import { ExportBar } from './export/export-bar';
import { HistoryTable } from './history-table/history-table';
import { useNow } from './use-now';

/** History: the customer's purchased proxies, their details and auto-renewal, and export. */
export default function HistoryPage() {
  const narrow = useMediaQuery(NARROW_SCREEN);
  const [showAll, setShowAll] = useState(false);
  const history = useHistory(showAll);
  const autoReplace = useAutoReplace();
  const now = useNow(30_000);
  const [filters, setFilters] = useState<HistoryFilters>(EMPTY_HISTORY_FILTERS);
  const [page, setPage] = useState(1);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());

  const rows = useMemo(() => historyRows(history.data ?? [], now), [history.data, now]);
  const filtered = useMemo(() => filterHistoryRows(rows, filters), [rows, filters]);
  const filteredIds = useMemo(() => filtered.map((row) => row.item.history_id), [filtered]);
  const pages = pageCount(filtered.length);
  const currentPage = Math.min(page, pages);
  const pageRows = useMemo(() => pageSlice(filtered, currentPage), [filtered, currentPage]);
  const selected = rows.find((row) => row.item.history_id === selectedId)?.item ?? null;
  const checkedItems = useMemo(() => rows.filter((row) => checked.has(row.item.history_id)).map((row) => row.item), [rows, checked]);

  const changeFilter = useCallback((column: number, value: string) => {
    setFilters((current) => current.map((text, index) => (index === column ? value : text)));
    setPage(1);
  }, []);
  const check = useCallback((historyId: string, on: boolean) => {
    setChecked((current) => {
      const next = new Set(current);
      if (on) next.add(historyId);
      else next.delete(historyId);
      return next;
    });
  }, []);
  const checkAll = useCallback(
    (on: boolean) => {
      setChecked((current) => {
        const next = new Set(current);
        for (const id of filteredIds) {
          if (on) next.add(id);
          else next.delete(id);
        }
        return next;
      });
    },
    [filteredIds],
  );

  return (
    <Box component="section" aria-labelledby="history-title" sx={{ maxWidth: 1440, mx: 'auto', px: { xs: 1, sm: 2 }, py: 2 }}>
      <Typography id="history-title" variant="h5" component="h1" gutterBottom>
        History
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
            <ExportBar items={checkedItems} />
            <FormControlLabel
              control={<Switch checked={showAll} onChange={(event) => setShowAll(event.target.checked)} />}
              label={`Include proxies that ended over ${HISTORY_WINDOW_DAYS} days ago`}
            />
            <FormControlLabel
              control={
                <Switch
                  checked={autoReplace.setting.data?.enabled ?? false}
                  disabled={!autoReplace.setting.isSuccess || autoReplace.change.isPending}
                  onChange={(event) => autoReplace.change.mutate(event.target.checked)}
                  slotProps={{ input: { 'aria-describedby': 'auto-replace-hint' } }}
                />
              }
              label={autoReplaceTexts.label}
            />
            <Typography id="auto-replace-hint" variant="body2" color="text.secondary" sx={{ flexBasis: '100%' }}>
              {autoReplaceTexts.hint}
            </Typography>
          </Box>
          {!narrow && selected === null && history.isSuccess && rows.length > 0 && (
            <Typography variant="body2" color="text.secondary" data-testid="history-details-hint">
              {detailTexts.nothingSelected}
            </Typography>
          )}
          <HistoryTable
            status={history.status}
            rows={pageRows}
            filteredIds={filteredIds}
            filters={filters}
            onFilterChange={changeFilter}
            selectedId={selectedId}
            onSelect={setSelectedId}
            checked={checked}
            onCheck={check}
            onCheckAll={checkAll}
          />
          {history.isSuccess && (
            <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="body2" color="text.secondary">
                {filtered.length} of {rows.length} proxies
              </Typography>
              <Pager page={currentPage} count={pages} onChange={setPage} />
            </Box>
          )}
        </Box>
        {!narrow && selected !== null && (
          <Box sx={{ width: 340, flexShrink: 0 }}>
            <HistoryDetails item={selected} asModal={false} now={now} onClose={() => setSelectedId(null)} />
          </Box>
        )}
      </Box>
      {narrow && <HistoryDetails item={selected} asModal now={now} onClose={() => setSelectedId(null)} />}
      <BuildLabel app={__APP_NAME__} label={__BUILD_LABEL__} />
    </Box>
  );
}

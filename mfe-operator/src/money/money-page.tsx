import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { useState } from 'react';
import type { MoneyPeriod, MoneyReport } from 'contract/operator-console';
import { serverMessage } from 'shared/api/api-client';
import { downloadText } from 'shared/browser/download-text';
import { formatMoney } from 'shared/format/money';
import { CARD } from 'shared/ui/card-table';
import { ChartFigure, Loaded, StatRow, count } from '../charts/console-figures';
import { OperatorTable, type Column } from '../operator-table';
import { fetchLedgerCsv, useMoney } from './money-api';

const COLUMNS: [keyof MoneyPeriod, string][] = [
  ['topups', 'Top-ups'],
  ['sales', 'Sales'],
  ['renewals', 'Renewals'],
  ['refundsAutomatic', 'Refunds (automatic)'],
  ['refundsManual', 'Refunds (manual)'],
  ['adjustments', 'Adjustments'],
  ['net', 'Net'],
  ['revenue', 'Revenue'],
];

const dollars = (cents: number) => formatMoney(cents / 100);
const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/** The page opens on the last 30 UTC days, today included. */
function lastThirtyDays() {
  const now = new Date();
  return { from: utcDay(new Date(now.getTime() - 29 * 86_400_000)), to: utcDay(now) };
}

/** /operator/money/*: the ledger's figures per day and month, the liability, the ledger check, the CSV export. */
export default function MoneyPage() {
  const [range, setRange] = useState(lastThirtyDays);
  const money = useMoney(range.from, range.to);
  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        Money
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField type="date" label="From (UTC)" value={range.from} onChange={(e) => e.target.value && setRange({ ...range, from: e.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
        <TextField type="date" label="To (UTC)" value={range.to} onChange={(e) => e.target.value && setRange({ ...range, to: e.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
        <ExportButton from={range.from} to={range.to} />
      </Box>
      <Loaded query={money} label="Loading the money figures">
        {(data) => <MoneyView data={data} />}
      </Loaded>
    </Stack>
  );
}

function ExportButton({ from, to }: { from: string; to: string }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <Button
        variant="outlined"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          setError(null);
          fetchLedgerCsv(from, to)
            .then((csv) => downloadText(csv, `ledger-${from}-to-${to}.csv`, 'text/csv'))
            .catch((failure: unknown) => setError(serverMessage(failure, 'The export failed. Try again.')))
            .finally(() => setBusy(false));
        }}
      >
        Export ledger (CSV)
      </Button>
      {error && <Alert severity="error">{error}</Alert>}
    </>
  );
}

function MoneyView({ data }: { data: MoneyReport }) {
  const [unit, setUnit] = useState<'days' | 'months'>('days');
  const periods = data[unit];
  const totals = data.days.reduce(
    (sum, day) => ({ topups: sum.topups + day.topups, revenue: sum.revenue + day.revenue, net: sum.net + day.net }),
    { topups: 0, revenue: 0, net: 0 },
  );
  const check = data.ledgerCheck;
  return (
    <>
      <StatRow
        label="Money now"
        stats={[
          { label: 'Liability (all balances)', value: dollars(data.liabilityCents), id: 'money-liability' },
          { label: 'Accounts off their ledger', value: count(check.mismatched), id: 'money-ledger-check' },
          { label: 'Top-ups in range', value: dollars(totals.topups) },
          { label: 'Revenue in range', value: dollars(totals.revenue) },
          { label: 'Net in range', value: dollars(totals.net) },
        ]}
      />
      {check.mismatched === 0 ? (
        <Alert severity="success">Ledger check: all {count(check.accounts)} balances equal their ledger.</Alert>
      ) : (
        <Alert severity="error">
          Ledger check: {count(check.mismatched)} of {count(check.accounts)} balances differ from their ledger, by {dollars(check.differenceCents)} in all.
        </Alert>
      )}
      <Tabs value={unit} onChange={(_, value: 'days' | 'months') => setUnit(value)} aria-label="Period">
        <Tab value="days" label="Per day" />
        <Tab value="months" label="Per month" />
      </Tabs>
      {periods.length === 0 ? (
        <Typography>No ledger rows in this range.</Typography>
      ) : (
        <>
          <ChartFigure caption={unit === 'days' ? 'Money per day' : 'Money per month'} summary={`Top-ups and revenue per ${unit === 'days' ? 'day' : 'month'}, ${periods.length} ${periods.length === 1 ? 'period' : 'periods'}; the table below has every figure.`}>
            <BarChart
              height={260}
              skipAnimation
              disableKeyboardNavigation
              xAxis={[{ scaleType: 'band', data: periods.map((p) => p.period) }]}
              yAxis={[{ valueFormatter: (v: number) => dollars(v), width: 'auto' }]}
              series={[
                { label: 'Top-ups', data: periods.map((p) => p.topups), valueFormatter: (v) => dollars(v ?? 0) },
                { label: 'Revenue', data: periods.map((p) => p.revenue), valueFormatter: (v) => dollars(v ?? 0) },
                { label: 'Refunds', data: periods.map((p) => p.refundsAutomatic + p.refundsManual), valueFormatter: (v) => dollars(v ?? 0) },
              ]}
            />
          </ChartFigure>
          <OperatorTable
            caption={unit === 'days' ? 'Money per day' : 'Money per month'}
            rows={[...periods].reverse()}
            rowKey={(period) => period.period}
            emptyText="No ledger rows in this range."
            columns={[
              { header: unit === 'days' ? 'Day' : 'Month', cell: (period: MoneyPeriod) => period.period, card: CARD.lead },
              ...COLUMNS.map(([key, header]): Column<MoneyPeriod> => ({ header, cell: (period) => dollars(period[key] as number), align: 'right' })),
            ]}
          />
        </>
      )}
      <Typography variant="body2" color="text.secondary">
        Days are UTC. Sales and renewals are debits of customers&apos; balances (negative); revenue is sales and renewals less refunds;
        net is how all balances moved. Automatic refunds: exits dead within 2 hours of purchase and blacklist credits; manual:
        approved on the support desk.
      </Typography>
    </>
  );
}

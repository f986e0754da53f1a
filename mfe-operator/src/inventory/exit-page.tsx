import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import type { ExitDetail } from 'contract/operator-console';
import { formatDateTime } from 'shared/format/date';
import { formatMoney } from 'shared/format/money';
import { Link as RouterLink, useParams } from 'shared/routing/router';
import { ChartFigure, Loaded, StatRow } from '../charts/console-figures';
import { ExitStateButton } from './exit-state-button';
import { useExit } from './inventory-api';

const listedWord = (value: 0 | 1 | null) => (value === null ? 'unknown' : value === 1 ? 'listed' : 'not listed');
const percent = (value: number | null) => (value === null ? 'unknown' : `${value}%`);

/** /operator/inventory/exits/:exitId: one exit's checks as charts, its state changes, blacklists and location. */
export function ExitPage() {
  const { exitId = '' } = useParams();
  const exit = useExit(exitId);
  return (
    <Stack spacing={3}>
      <Box>
        <Button component={RouterLink} to="/operator/inventory" variant="outlined">
          Back
        </Button>
      </Box>
      <Loaded query={exit} label="Loading the exit">
        {(data) => <ExitView data={data} />}
      </Loaded>
    </Stack>
  );
}

function ExitView({ data }: { data: ExitDetail }) {
  const { exit, hours } = data;
  const times = hours.map((h) => new Date(h.hour));
  return (
    <>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          Exit {exit.endpoint}
        </Typography>
        <ExitStateButton id={exit.id} state={exit.state} endpoint={exit.endpoint} />
      </Box>
      <StatRow
        label="The exit now"
        stats={[
          { label: 'State', value: exit.state, id: 'exit-state' },
          { label: 'Uptime 24 h', value: percent(data.uptime.day) },
          { label: 'Uptime 7 days', value: percent(data.uptime.week) },
          { label: 'Ping', value: exit.pingMs === null ? 'unknown' : `${exit.pingMs} ms` },
          { label: 'Market price', value: exit.marketPriceCents === null ? 'not listed' : formatMoney(exit.marketPriceCents / 100) },
          { label: 'Checks', value: exit.checks.toLocaleString('en-US') },
        ]}
      />
      {hours.length === 0 ? (
        <Typography>No checks in the last 7 days.</Typography>
      ) : (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
          <ChartFigure caption="Ping over time" summary={`Mean ping of passed checks per hour, ${hours.length} hours with checks in the last 7 days.`}>
            <LineChart
              height={220}
              skipAnimation
            disableKeyboardNavigation
              xAxis={[{ scaleType: 'time', data: times, valueFormatter: (d: Date) => formatDateTime(d) }]}
              series={[{ label: 'Ping (ms)', data: hours.map((h) => h.pingMs), connectNulls: false, showMark: true }]}
            />
          </ChartFigure>
          <ChartFigure caption="Up and down" summary={`Passed and failed checks per hour; uptime ${percent(data.uptime.week)} over 7 days.`}>
            <BarChart
              height={220}
              skipAnimation
            disableKeyboardNavigation
              xAxis={[{ scaleType: 'band', data: times, valueFormatter: (d: Date) => formatDateTime(d) }]}
              series={[
                { label: 'Passed', stack: 'checks', data: hours.map((h) => h.ok), color: '#2e7d32' },
                { label: 'Failed', stack: 'checks', data: hours.map((h) => h.checks - h.ok), color: '#d32f2f' },
              ]}
            />
          </ChartFigure>
        </Box>
      )}
      <Section title="State changes">
        {data.transitions.length === 0 ? (
          <Typography>None yet.</Typography>
        ) : (
          <Box component="ol" sx={{ m: 0, pl: 3 }} data-testid="exit-transitions">
            {data.transitions.map((t, index) => (
              <li key={`${t.at}-${index}`}>
                {formatDateTime(t.at)}: {t.from} → {t.to} ({t.reason})
              </li>
            ))}
          </Box>
        )}
      </Section>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
        <Section title="Blacklists">
          <Pairs
            rows={[
              ['Address asked', data.blacklists.ip ?? 'not asked yet'],
              ['Asked', data.blacklists.checkedAt ? formatDateTime(data.blacklists.checkedAt) : 'never'],
              ['SBL', listedWord(data.blacklists.sbl)],
              ['XBL', listedWord(data.blacklists.xbl)],
              ['CSS', listedWord(data.blacklists.css)],
              ['PBL', listedWord(data.blacklists.pbl)],
              ...(data.blacklists.error ? [['Last error', data.blacklists.error] as [string, string]] : []),
            ]}
          />
        </Section>
        <Section title="Location">
          <Pairs
            rows={[
              ['Exit IP', data.location.ip ?? exit.exitIp ?? 'unknown'],
              ['Read', data.location.at ? formatDateTime(data.location.at) : 'never'],
              ['Country', data.location.ct ?? 'unknown'],
              ['Region', data.location.region ?? 'unknown'],
              ['City', data.location.city ?? 'unknown'],
              ['ISP', data.location.isp ?? 'unknown'],
              ['ASN', data.location.asn === null ? 'unknown' : `AS${data.location.asn}`],
              ['Reverse DNS', data.location.ptr === null ? 'unknown' : data.location.ptr || 'none'],
            ]}
          />
        </Section>
      </Box>
      <Section title="Details">
        <Pairs
          rows={[
            ['Source', exit.source],
            ['Type', exit.type],
            ['Label', exit.label || 'none'],
            ['Own price', exit.priceCents === null ? 'its price class' : formatMoney(exit.priceCents / 100)],
            ['Last check', exit.checkedAt ? formatDateTime(exit.checkedAt) : 'never'],
            ['Last failure', exit.checkFailure ? `${exit.checkStage ?? ''} ${exit.checkFailure}`.trim() : 'none'],
            ['Speed', exit.speedMbps === null ? 'unknown' : `${exit.speedMbps} Mbit/s`],
            ['In state since', formatDateTime(exit.stateChangedAt)],
            ['Imported', formatDateTime(exit.createdAt)],
          ]}
        />
      </Section>
    </>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = `exit-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: 2, minWidth: 0 }}>
      <Typography id={id} variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Pairs({ rows }: { rows: [string, string][] }) {
  return (
    <Table size="small">
      <TableBody>
        {rows.map(([label, value]) => (
          <TableRow key={label}>
            <TableCell component="th" scope="row" sx={{ width: '40%' }}>
              {label}
            </TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>{value}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

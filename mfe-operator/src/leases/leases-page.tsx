import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { PieChart } from '@mui/x-charts/PieChart';
import type { LeaseOverview } from 'contract/operator-console';
import { formatDateTime } from 'shared/format/date';
import { CARD } from 'shared/ui/card-table';
import { ChartFigure, Loaded, StatRow, count } from '../charts/console-figures';
import { OperatorTable } from '../operator-table';
import { useLeases } from './leases-api';

function bytes(n: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = n;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}

/** /operator/leases/*: the leases running now. */
export default function LeasesPage() {
  const leases = useLeases();
  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        Leases
      </Typography>
      <Loaded query={leases} label="Loading leases">
        {(data) => <LeasesView data={data} />}
      </Loaded>
    </Stack>
  );
}

function LeasesView({ data }: { data: LeaseOverview }) {
  const countries = data.byCountry.slice(0, 12);
  return (
    <>
      <StatRow
        label="Leases now"
        stats={[
          { label: 'Active', value: count(data.active), id: 'leases-active' },
          { label: 'Expiring within the hour', value: count(data.expiringNextHour), id: 'leases-expiring' },
          { label: 'Auto-renew on', value: data.autoRenew.share === null ? 'none active' : `${data.autoRenew.share}% (${count(data.autoRenew.on)})`, id: 'leases-renew' },
        ]}
      />
      {data.active > 0 && (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 2fr' }, gap: 2 }}>
          <ChartFigure caption="Active by type" summary={data.byType.map((t) => `${t.type}: ${count(t.count)}`).join('; ')}>
            <PieChart height={220} skipAnimation disableKeyboardNavigation series={[{ innerRadius: 40, data: data.byType.map((t, i) => ({ id: i, value: t.count, label: t.type })) }]} />
          </ChartFigure>
          <ChartFigure caption="Active by country" summary={countries.map((c) => `${c.country}: ${count(c.count)}`).join('; ')}>
            <BarChart height={220} skipAnimation disableKeyboardNavigation xAxis={[{ scaleType: 'band', data: countries.map((c) => c.ct) }]} series={[{ label: 'Leases', data: countries.map((c) => c.count) }]} />
          </ChartFigure>
        </Box>
      )}
      <Stack component="section" spacing={1} aria-labelledby="top-traffic-heading">
        <Typography id="top-traffic-heading" variant="h5" component="h2">
          Top leases by traffic
        </Typography>
        <OperatorTable
          caption="Top leases by traffic"
          rows={data.topByTraffic}
          rowKey={(lease) => lease.historyId}
          emptyText="No active leases."
          columns={[
            { header: 'Lease', cell: (lease) => `#${lease.historyId}`, card: CARD.lead },
            { header: 'Customer', cell: (lease) => lease.username },
            { header: 'Exit IP', cell: (lease) => `${lease.realIp || 'unknown'} (${lease.ct})` },
            { header: 'Up', cell: (lease) => bytes(lease.bytesUp), align: 'right' },
            { header: 'Down', cell: (lease) => bytes(lease.bytesDown), align: 'right' },
            { header: 'Ends', cell: (lease) => formatDateTime(lease.expiresAt) },
          ]}
        />
      </Stack>
    </>
  );
}

import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import type { InventoryOverview } from 'contract/operator-console';
import { Route, Routes } from 'shared/routing/router';
import { ChartFigure, Loaded, StatRow, count } from '../charts/console-figures';
import { ExitPage } from './exit-page';
import { ExitTable } from './exit-table';
import { ImportPanel } from './import-panel';
import { useOverview } from './inventory-api';
import { CountsTable } from './counts-table';
import { PriceClasses } from './price-classes';

const STATES = ['unchecked', 'online', 'dead', 'retired'] as const;
const STATE_LABEL = { unchecked: 'Unchecked', online: 'Online', dead: 'Dead', retired: 'Retired' } as const;

/** /operator/inventory/*: the inventory's health, the import, the exits and their pages, the price classes. */
export default function InventoryPage() {
  return (
    <Routes>
      <Route index element={<InventoryHome />} />
      <Route path="exits/:exitId" element={<ExitPage />} />
    </Routes>
  );
}

function InventoryHome() {
  const overview = useOverview();
  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        Inventory
      </Typography>
      <Loaded query={overview} label="Loading the inventory">
        {(data) => <Health data={data} />}
      </Loaded>
      <ImportPanel />
      <ExitTable />
      <PriceClasses />
    </Stack>
  );
}

function Health({ data }: { data: InventoryOverview }) {
  const types = data.byType.map((t) => t.type);
  return (
    <Stack spacing={2} component="section" aria-labelledby="inventory-health">
      <Typography id="inventory-health" variant="h5" component="h2">
        Exits by state
      </Typography>
      <StatRow
        label="Exits by state"
        stats={[
          ...STATES.map((state) => ({ label: STATE_LABEL[state], value: count(data.states[state]), id: `exits-${state}` })),
          { label: 'For sale', value: count(data.forSale), id: 'exits-for-sale' },
          { label: 'Leased', value: count(data.leased), id: 'exits-leased' },
        ]}
      />
      {types.length > 0 && (
        <ChartFigure
          caption="Exits by type and state"
          summary={data.byType.map((t) => `${t.type}: ${count(t.counts.online)} online of ${count(t.counts.total)}`).join('; ')}
        >
          <BarChart
            height={240}
            skipAnimation
            disableKeyboardNavigation
            xAxis={[{ scaleType: 'band', data: types }]}
            series={STATES.map((state) => ({ label: STATE_LABEL[state], stack: 'state', data: data.byType.map((t) => t.counts[state]) }))}
          />
        </ChartFigure>
      )}
      <CountsTable caption="By source" rows={data.bySource.map((s) => ({ key: s.source, label: s.source, counts: s.counts }))} />
      <CountsTable caption="By country" rows={data.byCountry.slice(0, 20).map((c) => ({ key: c.ct, label: `${c.country} (${c.ct})`, counts: c.counts }))} />
    </Stack>
  );
}

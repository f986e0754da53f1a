import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { ExitState } from 'contract/inventory';
import type { ExitRow } from 'contract/operator-console';
import { formatDateTime } from 'shared/format/date';
import { Link as RouterLink } from 'shared/routing/router';
import { CARD } from 'shared/ui/card-table';
import { Loaded, count } from '../charts/console-figures';
import { ExitStateButton } from './exit-state-button';
import { OperatorTable, type Column } from '../operator-table';
import { useExits } from './inventory-api';

const STATES: ExitState[] = ['unchecked', 'online', 'dead', 'retired'];

const COLUMNS: Column<ExitRow>[] = [
  {
    header: 'Exit',
    card: CARD.lead,
    cell: (exit) => (
      <Link component={RouterLink} to={`/operator/inventory/exits/${exit.id}`}>
        {exit.endpoint}
      </Link>
    ),
  },
  { header: 'State', cell: (exit) => <span data-testid="exit-state">{exit.state}</span> },
  { header: 'Type', cell: (exit) => exit.type },
  { header: 'Source', cell: (exit) => exit.source },
  { header: 'Country', cell: (exit) => exit.ct },
  { header: 'Exit IP', cell: (exit) => exit.exitIp ?? 'unknown' },
  { header: 'Ping', align: 'right', cell: (exit) => (exit.pingMs === null ? 'unknown' : `${exit.pingMs} ms`) },
  { header: 'Checked', cell: (exit) => (exit.checkedAt ? formatDateTime(exit.checkedAt) : 'never') },
  { header: 'Action', card: CARD.action, cell: (exit) => <ExitStateButton id={exit.id} state={exit.state} endpoint={exit.endpoint} /> },
];

/** The newest exits (50), filtered by state and by part of the host, exit IP or label; each opens its page. */
export function ExitTable() {
  const [state, setState] = useState<ExitState | ''>('');
  const [q, setQ] = useState('');
  const exits = useExits({ ...(state ? { state } : {}), ...(q.trim() ? { q: q.trim() } : {}), limit: '50' });
  return (
    <Stack component="section" spacing={2} aria-labelledby="exits-heading">
      <Typography id="exits-heading" variant="h5" component="h2">
        Exits
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <TextField
          select
          label="State"
          value={state}
          onChange={(event) => setState(event.target.value as ExitState | '')}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">All</MenuItem>
          {STATES.map((s) => (
            <MenuItem key={s} value={s}>
              {s}
            </MenuItem>
          ))}
        </TextField>
        <TextField label="Host, exit IP or label" value={q} onChange={(event) => setQ(event.target.value)} sx={{ flex: '1 1 200px' }} />
      </Box>
      <Loaded query={exits} label="Loading exits">
        {(data) =>
          data.exits.length === 0 ? (
            <Typography>No exits found.</Typography>
          ) : (
            <>
              <Typography variant="body2" color="text.secondary">
                {count(data.total)} exits; the newest {count(data.exits.length)} shown.
              </Typography>
              <OperatorTable caption="Exits" columns={COLUMNS} rows={data.exits} rowKey={(exit) => String(exit.id)} emptyText="No exits found." />
            </>
          )
        }
      </Loaded>
    </Stack>
  );
}

import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { ExitState } from 'contract/inventory';
import { formatDateTime } from 'shared/format/date';
import { Link as RouterLink } from 'shared/routing/router';
import { CARD, cardTableSx } from 'shared/ui/card-table';
import { Loaded, count } from '../charts/console-figures';
import { ExitStateButton } from './exit-state-button';
import { useExits } from './inventory-api';

const STATES: ExitState[] = ['unchecked', 'online', 'dead', 'retired'];

/** The newest exits (50), filtered by state and by part of the host, exit IP or label; each opens its page. */
export function ExitTable() {
  const [state, setState] = useState<ExitState | ''>('');
  const [q, setQ] = useState('');
  const exits = useExits({ ...(state ? { state } : {}), ...(q.trim() ? { q: q.trim() } : {}), limit: 50 });
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
              <Box sx={cardTableSx(760)}>
                <Table size="small" aria-labelledby="exits-heading">
                  <TableHead>
                    <TableRow>
                      <TableCell data-card={CARD.tableOnly}>Exit</TableCell>
                      <TableCell data-card={CARD.tableOnly}>State</TableCell>
                      <TableCell data-card={CARD.tableOnly}>Type</TableCell>
                      <TableCell data-card={CARD.tableOnly}>Source</TableCell>
                      <TableCell data-card={CARD.tableOnly}>Country</TableCell>
                      <TableCell data-card={CARD.tableOnly}>Exit IP</TableCell>
                      <TableCell data-card={CARD.tableOnly} align="right">
                        Ping
                      </TableCell>
                      <TableCell data-card={CARD.tableOnly}>Checked</TableCell>
                      <TableCell data-card={CARD.tableOnly}>Action</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.exits.map((exit) => (
                      <TableRow key={exit.id} data-testid="exit-row">
                        <TableCell data-card={CARD.lead}>
                          <Link component={RouterLink} to={`/operator/inventory/exits/${exit.id}`}>
                            {exit.endpoint}
                          </Link>
                        </TableCell>
                        <TableCell data-card={CARD.detail} data-label="State" data-testid="exit-state">
                          {exit.state}
                        </TableCell>
                        <TableCell data-card={CARD.detail} data-label="Type">
                          {exit.type}
                        </TableCell>
                        <TableCell data-card={CARD.detail} data-label="Source">
                          {exit.source}
                        </TableCell>
                        <TableCell data-card={CARD.detail} data-label="Country">
                          {exit.ct}
                        </TableCell>
                        <TableCell data-card={CARD.detail} data-label="Exit IP">
                          {exit.exitIp ?? 'unknown'}
                        </TableCell>
                        <TableCell data-card={CARD.detail} data-label="Ping" align="right">
                          {exit.pingMs === null ? 'unknown' : `${exit.pingMs} ms`}
                        </TableCell>
                        <TableCell data-card={CARD.detail} data-label="Checked">
                          {exit.checkedAt ? formatDateTime(exit.checkedAt) : 'never'}
                        </TableCell>
                        <TableCell data-card={CARD.action}>
                          <ExitStateButton id={exit.id} state={exit.state} endpoint={exit.endpoint} />
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Box>
            </>
          )
        }
      </Loaded>
    </Stack>
  );
}

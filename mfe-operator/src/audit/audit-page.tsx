import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import type { AuditQuery, AuditRow } from 'contract/operator-audit';
import { serverMessage } from 'shared/api/api-client';
import { formatDateTime } from 'shared/format/date';
import { Link as RouterLink } from 'shared/routing/router';
import { CARD } from 'shared/ui/card-table';
import { useAuditLog } from '../api/audit';
import { OperatorTable, type Column } from '../operator-table';

const compact = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value));

function Target({ target }: { target: string }) {
  const user = /^user:(.+)$/.exec(target);
  if (!user) return <>{target}</>;
  return (
    <Link component={RouterLink} to={`/operator/customers/${user[1]}`}>
      {target}
    </Link>
  );
}

const columns: Column<AuditRow>[] = [
  { header: 'When', cell: (row) => formatDateTime(row.at), card: CARD.lead },
  { header: 'Actor', cell: (row) => row.actor },
  { header: 'Action', cell: (row) => row.action },
  { header: 'Target', cell: (row) => <Target target={row.target} />, card: CARD.wide },
  { header: 'Before', cell: (row) => <code>{compact(row.before)}</code>, card: CARD.wide },
  { header: 'After', cell: (row) => <code>{compact(row.after)}</code>, card: CARD.wide },
];

const FIELDS = [
  { key: 'actor', label: 'Actor' },
  { key: 'action', label: 'Action' },
  { key: 'target', label: 'Target' },
] as const;

/** /operator/audit: every operator action, newest first, filtered by actor, action, target and days. */
export default function AuditPage() {
  const [draft, setDraft] = useState<AuditQuery>({});
  const [filter, setFilter] = useState<AuditQuery>({});
  // Filters apply once typing pauses.
  useEffect(() => {
    const timer = setTimeout(() => setFilter(draft), 300);
    return () => clearTimeout(timer);
  }, [draft]);
  const log = useAuditLog(filter);
  const rows = log.data?.pages.flatMap((page) => page.rows);
  const set = (key: keyof AuditQuery) => (event: { target: { value: string } }) => setDraft((current) => ({ ...current, [key]: event.target.value }));

  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom>
        Audit
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Every operator action, from the console and from the commands on the server, with the state before and after. Nothing here can be changed.
      </Typography>
      <Stack role="search" direction="row" sx={{ flexWrap: 'wrap', gap: 1.5, mb: 2 }} aria-label="Filter the audit log">
        {FIELDS.map(({ key, label }) => (
          <TextField key={key} label={label} size="small" value={draft[key] ?? ''} onChange={set(key)} sx={{ flex: '1 1 160px' }} />
        ))}
        <TextField label="From" type="date" size="small" value={draft.from ?? ''} onChange={set('from')} slotProps={{ inputLabel: { shrink: true } }} sx={{ flex: '1 1 150px' }} />
        <TextField label="To" type="date" size="small" value={draft.to ?? ''} onChange={set('to')} slotProps={{ inputLabel: { shrink: true } }} sx={{ flex: '1 1 150px' }} />
      </Stack>
      {log.isError ? (
        <Alert severity="error">{serverMessage(log.error, 'Failed to load the audit log.')}</Alert>
      ) : (
        <OperatorTable caption="Audit log" columns={columns} rows={rows} rowKey={(row) => String(row.id)} isLoading={log.isPending} emptyText="No operator action matches." />
      )}
      {log.hasNextPage ? (
        <Button sx={{ mt: 1 }} onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage}>
          Show older
        </Button>
      ) : null}
    </>
  );
}

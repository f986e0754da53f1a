import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { HistoryItem } from 'contract/history';
import type { ReactNode } from 'react';
import { Flag } from 'shared/ui/flag';
import { formatDayMonthTime } from 'shared/format/date';
import { dataSourceLine } from 'shared/format/data-source';
import { blacklistLabel, noteLabel, proxyString } from 'shared/history/history-columns';
import { useAutorenew } from '../api/autorenew';
import { useUsage } from '../api/usage';
import { formatBytes } from './format-bytes';
import { CopyProxy } from '../history-table/history-table';

export const detailTexts = {
  nothingSelected: 'Click on Proxy to view details',
  autorenew: 'Autorenew proxy each day',
};

function Field({ label, value }: { label: string; value: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="subtitle2" component="h3" gutterBottom>
        {title}
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
        {children}
      </Box>
    </Box>
  );
}

/** The auto-renewal checkbox: it and its badge show what the server holds, so they flip only once it agreed. */
function AutorenewSwitch({ item }: { item: HistoryItem }) {
  const autorenew = useAutorenew();
  const on = item.renew === 1;
  const ended = item.paid === 0 && !on;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <FormControlLabel
        control={
          <Checkbox
            checked={on}
            disabled={autorenew.isPending || ended}
            onChange={(event) => autorenew.mutate({ HISTORY_ID: item.history_id, ENABLE: event.target.checked ? 1 : 0 })}
          />
        }
        label={detailTexts.autorenew}
      />
      <Chip size="small" label={on ? 'On' : 'Off'} color={on ? 'success' : 'default'} aria-label={`Auto-renewal ${on ? 'on' : 'off'}`} />
    </Stack>
  );
}

/** What the gateway carried for this lease. */
function UsageBlock({ historyId }: { historyId: string }) {
  const usage = useUsage(historyId);
  let body: ReactNode;
  if (usage.isPending) body = <Field label="Traffic" value="…" />;
  else if (usage.isError) body = <Field label="Traffic" value="unavailable" />;
  else
    body = (
      <>
        <Field label="Sent" value={formatBytes(usage.data.bytes_up)} />
        <Field label="Received" value={formatBytes(usage.data.bytes_down)} />
        <Field label="Connections" value={usage.data.connections} />
        <Field label="Last traffic" value={usage.data.updated_at === null ? 'none yet' : formatDayMonthTime(usage.data.updated_at)} />
      </>
    );
  return <Block title="Usage">{body}</Block>;
}

function DetailsContent({ item, now }: { item: HistoryItem; now: number }) {
  const host = item.proxy.slice(0, item.proxy.lastIndexOf(':'));
  return (
    <Stack spacing={2}>
      <Box>
        <Typography variant="body2" color="text.secondary">
          SOCKS5
        </Typography>
        <CopyProxy text={proxyString(item)} />
      </Box>
      <AutorenewSwitch item={item} />
      <Block title="Lease">
        <Field label="Bought" value={formatDayMonthTime(item.added_timestamp)} />
        <Field label={item.paid === 1 ? 'Paid until' : 'Ended'} value={formatDayMonthTime(item.expires_at)} />
        <Field label="Status" value={noteLabel(item, now)} />
        <Field label="Renewals" value={item.renewals} />
      </Block>
      <UsageBlock historyId={item.history_id} />
      <Block title="Location">
        <Field label="Country" value={item.country} />
        <Field label="State" value={item.region} />
        <Field label="Domain" value={item.domain} />
        <Field label="Host" value={host} />
        <Field label="Org" value={item.org} />
        <Field label="ISP" value={item.isp} />
        <Field label="City" value={item.city} />
        <Field label="Zip" value={item.zip} />
        <Field label="Time zone" value={item.time_zone} />
      </Block>
      <Typography variant="caption" color="text.secondary" data-testid="data-source">
        {dataSourceLine(item, now)}
      </Typography>
      <Block title="Blacklists">
        <Field label="sbl_black" value={blacklistLabel(item.sbl_black)} />
        <Field label="xbl_black" value={blacklistLabel(item.xbl_black)} />
        <Field label="css_black" value={blacklistLabel(item.css_black)} />
        <Field label="pbl_black" value={blacklistLabel(item.pbl_black)} />
      </Block>
      <Block title="Info">
        <Field label="Type" value={item.user_type} />
        <Field label="Ping" value={item.ping === null ? 'not measured yet' : `${item.ping} ms`} />
        <Field label="Speed" value={item.speed === null ? 'not measured yet' : `${item.speed} Mbit/s`} />
        <Field label="DNS" value={item.dns} />
      </Block>
    </Stack>
  );
}

function Title({ item, id }: { item: HistoryItem; id: string }) {
  return (
    <Typography id={id} variant="h6" component="h2">
      <Flag code={item.img} country={item.country} />{' '}
      {item.real_ip}
    </Typography>
  );
}

/** The selected proxy: a side panel, or a modal on narrow screens. With nothing selected the panel says how to select. */
export function HistoryDetails({ item, asModal, now, onClose }: { item: HistoryItem | null; asModal: boolean; now: number; onClose: () => void }) {
  if (asModal) {
    if (!item) return null;
    return (
      <Dialog open onClose={onClose} fullWidth aria-labelledby="history-details-title">
        <DialogTitle component="div" sx={{ pr: 6 }}>
          <Title item={item} id="history-details-title" />
          <IconButton aria-label="Close details" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
            <CloseIcon />
          </IconButton>
        </DialogTitle>
        <DialogContent>
          <DetailsContent item={item} now={now} />
        </DialogContent>
      </Dialog>
    );
  }
  return (
    <Paper component="aside" aria-label="Proxy details" variant="outlined" sx={{ p: 2, position: 'sticky', top: 16 }}>
      {item ? (
        <>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
            <Title item={item} id="history-details-title" />
            <IconButton aria-label="Close details" onClick={onClose}>
              <CloseIcon />
            </IconButton>
          </Box>
          <DetailsContent item={item} now={now} />
        </>
      ) : (
        <Typography color="text.secondary">{detailTexts.nothingSelected}</Typography>
      )}
    </Paper>
  );
}

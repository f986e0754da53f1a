import { useState, type ReactNode } from 'react';
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAtom, useAtomValue } from 'jotai';
import type { ListingHealth, ProxyListing } from 'contract/marketplace';
import { dataSourceLine } from 'shared/format/data-source';
import { formatMoney } from 'shared/format/money';
import { Flag } from 'shared/ui/flag';
import { useBuyProxies } from '../api/buy-proxies';
import { useProxyInfo } from '../api/proxy-info';
import { useCartActions } from '../cart/use-cart-actions';
import { CopyCredential } from '../my-proxies/copy-credential';
import { addedLabel } from '../proxy-table/proxy-columns';
import { detailListingAtom, soldAtom } from '../state/marketplace-atoms';

/** "Online 99.4% over 7 days · ping 41 ms · checked 12 s ago", of what was measured. */
export function healthLine(health: ListingHealth): string {
  const parts: string[] = [];
  if (health.uptime_7d !== null) parts.push(`Online ${health.uptime_7d}% over 7 days`);
  if (health.uptime_7d === null && health.uptime_24h !== null) parts.push(`Online ${health.uptime_24h}% over 24 hours`);
  if (health.ping_p50 !== null) parts.push(`ping ${health.ping_p50} ms`);
  if (health.checked_seconds_ago !== null) parts.push(`checked ${ago(health.checked_seconds_ago)}`);
  return parts.length === 0 ? 'not checked yet' : parts.join(' · ');
}

function ago(seconds: number): string {
  if (seconds < 60) return `${seconds} s ago`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  return `${Math.floor(seconds / 3600)} h ago`;
}

/** 'Clean', the Spamhaus lists the address is on, or 'Unknown' while the blacklists have not answered. */
export function blacklistStatus(listing: ProxyListing): string {
  const flags = [
    ['SBL', listing.sbl_black],
    ['XBL', listing.xbl_black],
    ['CSS', listing.css_black],
    ['PBL', listing.pbl_black],
  ] as const;
  const listed = flags.filter(([, flag]) => flag === 1).map(([name]) => name);
  if (listed.length > 0) return `Listed: ${listed.join(', ')}`;
  return flags.some(([, flag]) => flag === null) ? 'Unknown' : 'Clean';
}

function Field({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.5, borderBottom: 1, borderColor: 'divider' }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right', wordBreak: 'break-word' }}>
        {value}
      </Typography>
    </Box>
  );
}

function DetailsContent({ selected }: { selected: ProxyListing }) {
  const info = useProxyInfo(selected.id);
  const listing = info.data ?? selected;
  const sold = useAtomValue(soldAtom)[listing.id];
  const { inCart, add } = useCartActions();
  const buy = useBuyProxies();
  // Ages are counted from when the panel opened (it is re-created for each listing).
  const [openedAt] = useState(() => Date.now());
  return (
    <Stack spacing={2}>
      {info.isError && <Alert severity="warning">This proxy is no longer for sale.</Alert>}
      <Box component="dl" sx={{ m: 0 }}>
        <Field
          label="IP"
          value={
            <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
              <Flag code={listing.img} country={listing.country} />
              {listing.sock_real_ip}
            </Box>
          }
        />
        <Field label="Country / region" value={`${listing.country} (${listing.ct})`} />
        <Field label="Domain" value={listing.domain} />
        <Field label="Org / ISP" value={listing.isp} />
        <Field label="State" value={listing.region} />
        <Field label="City" value={listing.city} />
        <Field label="ZIP" value={listing.zip} />
        <Field label="Time zone" value={listing.time_zone} />
        <Field label="Blacklist" value={blacklistStatus(listing)} />
        <Field label="Added" value={addedLabel(listing.added_days_ago)} />
        <Field label="Type" value={listing.user_type} />
        <Field label="Ping" value={listing.ping === null ? 'not measured yet' : `${listing.ping} ms`} />
        <Field label="Speed" value={listing.speed === null ? 'not measured yet' : `${listing.speed} Mbit/s`} />
        {listing.health && <Field label="Health" value={healthLine(listing.health)} />}
        <Field label="DNS" value={listing.dns_ip} />
        <Field label="Price" value={formatMoney(listing.price)} />
      </Box>
      <Typography variant="caption" color="text.secondary" data-testid="data-source">
        {dataSourceLine(listing, openedAt)}
      </Typography>
      {sold ? (
        <Alert severity="success" sx={{ '& .MuiAlert-message': { minWidth: 0, width: '100%' } }}>
          Yours:
          <CopyCredential credentials={sold} toast="Proxy Copied" />
        </Alert>
      ) : (
        <Stack direction="row" spacing={1}>
          <Button variant="contained" disabled={buy.isPending || info.isError} onClick={() => buy.mutate([listing])}>
            Buy
          </Button>
          <Button variant="outlined" disabled={inCart(listing.id) || info.isError} onClick={() => add(listing)}>
            {inCart(listing.id) ? 'In cart' : 'Add to cart'}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}

/** Proxy detail: a modal under 768 px, a side panel otherwise. */
export function ProxyDetails({ asModal }: { asModal: boolean }) {
  const [selected, setSelected] = useAtom(detailListingAtom);
  if (!selected) return null;
  const close = () => setSelected(null);
  const title = `Proxy ${selected.sock_real_ip}`;
  if (asModal) {
    return (
      <Dialog open onClose={close} fullWidth aria-labelledby="proxy-details-title">
        <DialogTitle id="proxy-details-title" sx={{ pr: 6 }}>
          {title}
          <IconButton aria-label="Close details" onClick={close} sx={{ position: 'absolute', right: 8, top: 8 }}>
            <CloseIcon />
          </IconButton>
        </DialogTitle>
        <DialogContent>
          <DetailsContent key={selected.id} selected={selected} />
        </DialogContent>
      </Dialog>
    );
  }
  return (
    <Paper
      component="aside"
      aria-labelledby="proxy-details-title"
      variant="outlined"
      // Sticky below the top bar, scrolling inside itself when taller than the window.
      sx={{ p: 2, position: 'sticky', top: 80, maxHeight: 'calc(100vh - 96px)', overflowY: 'auto' }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
        <Typography id="proxy-details-title" variant="h6" component="h2">
          {title}
        </Typography>
        <IconButton aria-label="Close details" onClick={close}>
          <CloseIcon />
        </IconButton>
      </Box>
      <DetailsContent key={selected.id} selected={selected} />
    </Paper>
  );
}

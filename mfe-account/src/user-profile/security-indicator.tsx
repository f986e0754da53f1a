import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AccountSecurity } from 'contract/account-security';
import { securedCount } from '../api/account-security';

/** `secured` null: not known yet (the account's settings are still on their way). */
function Bar({ label, secured }: { label: string; secured: boolean | null }) {
  const id = `security-bar-${label.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <Box sx={{ flex: 1, minWidth: 160 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.5 }}>
        <Typography id={id} variant="body2">
          {label}
        </Typography>
        <Typography variant="body2" color={secured ? 'success.main' : 'text.secondary'}>
          {secured === null ? <Skeleton width="2em" /> : secured ? 'On' : 'Off'}
        </Typography>
      </Stack>
      <LinearProgress
        variant="determinate"
        value={secured ? 100 : 0}
        color={secured ? 'success' : 'inherit'}
        aria-labelledby={id}
        aria-valuetext={secured === null ? `${label}: loading` : secured ? `${label}: on` : `${label}: off`}
        // Off is an empty grey track: a tinted one (MUI's track takes the bar's colour) read as a full bar.
        sx={{ height: 8, borderRadius: 4, ...(secured ? {} : { bgcolor: 'action.hover', color: 'text.disabled' }), ...(secured === null ? { opacity: 0.3 } : {}) }}
      />
    </Box>
  );
}

/**
 * How many of the two protections are on: the account (2-step) and the proxies (own login:pass or IP list).
 * Until the account's settings arrive it says nothing about them: a customer with 2-step on must not be told
 * it is off while the page loads.
 */
export function SecurityIndicator({ security }: { security: AccountSecurity | undefined }) {
  const state = security ? securedCount(security) : null;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-label="Security" component="section" aria-busy={state === null}>
      <Typography variant="h6" component="p" data-testid="secured-count" sx={{ mb: 1 }}>
        {state ? `${state.count}/2 secured` : <Skeleton width="7em" />}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Bar label="Account security" secured={state?.account ?? null} />
        <Bar label="Proxy security" secured={state?.proxy ?? null} />
      </Stack>
    </Paper>
  );
}

import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AccountSecurity } from 'contract/account-security';
import { securedCount } from '../api/account-security';

function Bar({ label, secured }: { label: string; secured: boolean }) {
  const id = `security-bar-${label.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <Box sx={{ flex: 1, minWidth: 160 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.5 }}>
        <Typography id={id} variant="body2">
          {label}
        </Typography>
        <Typography variant="body2" color={secured ? 'success.main' : 'text.secondary'}>
          {secured ? 'On' : 'Off'}
        </Typography>
      </Stack>
      <LinearProgress
        variant="determinate"
        value={secured ? 100 : 0}
        color={secured ? 'success' : 'warning'}
        aria-labelledby={id}
        aria-valuetext={secured ? `${label}: on` : `${label}: off`}
        sx={{ height: 8, borderRadius: 4 }}
      />
    </Box>
  );
}

/** How many of the two protections are on: the account (2-step) and the proxies (own login:pass or IP list). */
export function SecurityIndicator({ security }: { security: AccountSecurity | undefined }) {
  const state = security ? securedCount(security) : { account: false, proxy: false, count: 0 };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-label="Security" component="section">
      <Typography variant="h6" component="p" data-testid="secured-count" sx={{ mb: 1 }}>
        {`${state.count}/2 secured`}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Bar label="Account security" secured={state.account} />
        <Bar label="Proxy security" secured={state.proxy} />
      </Stack>
    </Paper>
  );
}

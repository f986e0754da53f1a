import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate } from 'shared/routing/router';
import { serverMessage } from 'shared/api/api-client';
import { endSession } from 'shared/auth/end-session';
import { BuildLabel } from 'shared/ui/build-label';
import { PageSpinner } from 'shared/ui/page-spinner';
import type { AccountSecurity } from 'contract/account-security';
import { useAccountSecurity } from './api/account-security';
import { proxyMessages } from './user-profile/account-messages';
import { ApiKeys } from './user-profile/api-keys';
import { ChangePasswordForm } from './user-profile/change-password-form';
import { IpAuthorization } from './user-profile/ip-authorization';
import { SecurityIndicator } from './user-profile/security-indicator';
import { SignInActivity } from './user-profile/sign-in-activity';
import { SocksCredentials } from './user-profile/socks-credentials';
import { TwoStepVerification } from './user-profile/two-step-verification';
import { Webhooks } from './user-profile/webhooks';
import { wrappingTabsSx } from 'shared/ui/wrapping-tabs';

function ProxyAccess({ security }: { security: AccountSecurity }) {
  return (
    <Stack spacing={3}>
      <SocksCredentials security={security} />
      <IpAuthorization security={security} />
    </Stack>
  );
}

/** The API tab: keys for the customer's software, then the webhook endpoints and their delivery log. */
function ApiAccess({ security }: { security: AccountSecurity }) {
  return (
    <Stack spacing={3}>
      <ApiKeys security={security} />
      <Webhooks />
    </Stack>
  );
}

const TABS = [
  { id: 'two-step', label: '2-Step Verification', tooltip: null, Panel: TwoStepVerification },
  { id: 'socks', label: 'Socks5 login:pass', tooltip: proxyMessages.formatTooltip, Panel: ProxyAccess },
  { id: 'password', label: 'Change Password', tooltip: null, Panel: ChangePasswordForm },
  { id: 'api', label: 'API', tooltip: null, Panel: ApiAccess },
] as const;

/** Account Settings (/user-profile): logout, how secured the account is, its settings tabs and sign-in activity. */
export default function UserProfilePage() {
  const navigate = useNavigate();
  const security = useAccountSecurity();
  const [selected, setSelected] = useState(0);

  const logout = async () => {
    await endSession(() => navigate('/'));
  };

  return (
    <Box component="section" aria-labelledby="account-settings-heading">
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 2 }}>
        <Typography id="account-settings-heading" variant="h4" component="h1">
          Account Settings
        </Typography>
        <Button variant="outlined" onClick={() => void logout()}>
          Logout
        </Button>
      </Stack>
      <Stack spacing={3}>
        <SecurityIndicator security={security.data} />
        <Box>
          <Tabs value={selected} onChange={(_event, next: number) => setSelected(next)} aria-label="Account settings" sx={wrappingTabsSx}>
            {TABS.map((tab, index) => (
              <Tab
                key={tab.id}
                id={`account-tab-${tab.id}`}
                aria-controls={`account-panel-${tab.id}`}
                value={index}
                label={
                  tab.tooltip ? (
                    <Tooltip title={tab.tooltip} describeChild>
                      <span>{tab.label}</span>
                    </Tooltip>
                  ) : (
                    tab.label
                  )
                }
              />
            ))}
          </Tabs>
          {TABS.map(({ id, Panel }, index) => (
            <Box key={id} role="tabpanel" id={`account-panel-${id}`} aria-labelledby={`account-tab-${id}`} hidden={index !== selected} sx={{ pt: 3 }}>
              {index !== selected ? null : id === 'password' ? (
                <ChangePasswordForm />
              ) : security.isError ? (
                <Alert severity="error">{serverMessage(security.error, 'Could not load your security settings.')}</Alert>
              ) : security.data ? (
                <Panel security={security.data} />
              ) : (
                <PageSpinner />
              )}
            </Box>
          ))}
        </Box>
        <SignInActivity />
      </Stack>
      <BuildLabel app={__APP_NAME__} label={__BUILD_LABEL__} />
    </Box>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepContent from '@mui/material/StepContent';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useAtomValue } from 'jotai';
import { useSnackbar } from 'shared/ui/toasts';
import { QRCodeSVG } from 'qrcode.react';
import { useState, type FormEvent } from 'react';
import { serverMessage } from 'shared/api/api-client';
import { downloadText } from 'shared/browser/download-text';
import { copyText } from 'shared/clipboard/copy-text';
import { authAtom } from 'shared/auth/auth-atoms';
import { PasswordField } from 'shared/ui/password-field';
import { accountMessages, TOTP_CODE_PATTERN } from 'contract/account-rules';
import type { AccountSecurity, TwoFactorSetup } from 'contract/account-security';
import { disableTwoFactor, enableTwoFactor, startTwoFactorSetup, useSecurityMutation } from '../api/account-security';
import { twoStepMessages } from './account-messages';

/** Where to get an authenticator: the phone stores and a browser addon. */
export const AUTHENTICATOR_LINKS = [
  { label: 'Google Play', href: 'https://play.google.com/store/apps/details?id=com.google.android.apps.authenticator2' },
  { label: 'App Store', href: 'https://apps.apple.com/app/google-authenticator/id388497605' },
  { label: 'Chrome Web Store (browser addon)', href: 'https://chromewebstore.google.com/detail/authenticator/bhghoamapcdpbohphigoooaddinpkbai' },
] as const;

/** The secret in groups of four, as authenticator apps ask for it. */
function groupedSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

function StateLine({ enabled }: { enabled: boolean }) {
  return (
    <Typography>
      State:{' '}
      <Box component="strong" sx={{ color: enabled ? 'success.main' : 'text.secondary' }} data-testid="two-step-state">
        {enabled ? 'Enabled' : 'Disabled'}
      </Box>
    </Typography>
  );
}

/** 'Enable Google Authenticator' → the current password → 'Submit': the server answers a new secret. */
function PasswordStep({ onSetup }: { onSetup: (setup: TwoFactorSetup) => void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const setup = useSecurityMutation(startTwoFactorSetup);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password === '') {
      setError(accountMessages.passwordRequired);
      return;
    }
    setError(null);
    setup.mutate(password, {
      onSuccess: onSetup,
      onError: (failure) => setError(serverMessage(failure, twoStepMessages.setupFailed)),
    });
  };
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Confirm your password">
      <Stack spacing={2} sx={{ maxWidth: 420 }}>
        <Typography>Enter your current password to set up an authenticator app.</Typography>
        <PasswordField
          label="Current Password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          autoComplete="current-password"
          autoFocus
          required
          error={error !== null}
          helperText={error ?? ' '}
          disabled={setup.isPending}
        />
        <Button type="submit" variant="contained" disabled={setup.isPending} sx={{ alignSelf: 'flex-start' }}>
          {setup.isPending ? 'Processing...' : 'Submit'}
        </Button>
      </Stack>
    </Box>
  );
}

/** The three steps: install an app, scan (or type) the secret, validate a code; then the acknowledgement. */
function SetupWizard({ setup, onEnabled }: { setup: TwoFactorSetup; onEnabled: (recoveryCodes: string[]) => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const [code, setCode] = useState('');
  const [acknowledged, setAcknowledged] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const enable = useSecurityMutation(enableTwoFactor);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.trim();
    if (!TOTP_CODE_PATTERN.test(trimmed)) {
      setError(trimmed === '' ? accountMessages.codeRequired : accountMessages.codeFormat);
      return;
    }
    setError(null);
    enable.mutate(trimmed, {
      onSuccess: (answer) => {
        enqueueSnackbar(answer.message, { variant: 'success' });
        onEnabled(answer.recoveryCodes);
      },
      onError: (failure) => setError(serverMessage(failure, twoStepMessages.enableFailed)),
    });
  };
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Set up 2-step verification">
      <Stepper orientation="vertical" activeStep={-1} nonLinear>
        <Step expanded>
          <StepLabel icon={1}>Install an authenticator app</StepLabel>
          <StepContent>
            <Typography gutterBottom>
              Install Google Authenticator, or any authenticator app or browser addon, on a device you keep with you:
            </Typography>
            <Stack component="ul" sx={{ m: 0, pl: 3 }}>
              {AUTHENTICATOR_LINKS.map((link) => (
                <li key={link.href}>
                  <Link href={link.href} target="_blank" rel="noopener noreferrer">
                    {link.label}
                  </Link>
                </li>
              ))}
            </Stack>
          </StepContent>
        </Step>
        <Step expanded>
          <StepLabel icon={2}>Scan the QR code</StepLabel>
          <StepContent>
            <Typography gutterBottom>Scan this QR code with the app, or enter the secret manually.</Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'center' } }}>
              {/* A white quiet zone keeps the code readable by cameras in the dark theme too. */}
              <Box sx={{ bgcolor: '#fff', p: 1.5, borderRadius: 1, width: 'fit-content' }}>
                <QRCodeSVG value={setup.otpauthUrl} size={176} level="M" role="img" aria-label="QR code for your authenticator app" />
              </Box>
              <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}>
                <Typography component="dt" color="text.secondary">
                  Secret key
                </Typography>
                <Typography component="dd" sx={{ m: 0, fontFamily: 'monospace', wordBreak: 'break-all' }} data-testid="totp-secret">
                  {groupedSecret(setup.secret)}
                </Typography>
                <Typography component="dt" color="text.secondary">
                  Issuer
                </Typography>
                <Typography component="dd" sx={{ m: 0 }}>
                  {setup.issuer}
                </Typography>
                <Typography component="dt" color="text.secondary">
                  Account
                </Typography>
                <Typography component="dd" sx={{ m: 0 }}>
                  {setup.account}
                </Typography>
                <Typography component="dt" color="text.secondary">
                  Type
                </Typography>
                <Typography component="dd" sx={{ m: 0 }}>
                  {setup.type}
                </Typography>
              </Box>
            </Stack>
          </StepContent>
        </Step>
        <Step expanded>
          <StepLabel icon={3}>Validate a 6-digit code</StepLabel>
          <StepContent>
            <TextField
              label="Verification code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              autoComplete="one-time-code"
              error={error !== null}
              helperText={error ?? `Enter the 6-digit code the app shows for ${setup.issuer}.`}
              disabled={enable.isPending}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
              sx={{ maxWidth: 260 }}
            />
          </StepContent>
        </Step>
      </Stepper>
      <Stack spacing={1} sx={{ mt: 2 }}>
        <FormControlLabel
          control={<Checkbox checked={acknowledged} onChange={(event) => setAcknowledged(event.target.checked)} />}
          label={twoStepMessages.acknowledgement}
        />
        <Button type="submit" variant="contained" disabled={!acknowledged || enable.isPending} sx={{ alignSelf: 'flex-start' }}>
          Enable 2-step verification
        </Button>
      </Stack>
    </Box>
  );
}

/** The codes as a text file's content: one a line, under a line that says what they are. */
export function recoveryCodesText(codes: readonly string[]): string {
  return ['Private Sock5 recovery codes (each logs you in once):', ...codes, ''].join('\n');
}

function RecoveryCodeActions({ codes }: { codes: string[] }) {
  const { enqueueSnackbar } = useSnackbar();
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
      <Button
        size="small"
        onClick={async () => {
          if (await copyText(codes.join('\n'))) enqueueSnackbar('Recovery codes copied', { variant: 'success' });
        }}
      >
        Copy codes
      </Button>
      <Button size="small" onClick={() => downloadText(recoveryCodesText(codes), 'private-sock5-recovery-codes.txt')}>
        Download codes
      </Button>
    </Stack>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <Stack spacing={2}>
      <Alert severity="success">2-step verification is on. From now on, log in with your password and a code from the app.</Alert>
      <Typography>
        Save these recovery codes somewhere safe. Each one logs you in once if you lose the app. They are shown only now.
      </Typography>
      <Box component="ol" aria-label="Recovery codes" data-testid="recovery-codes" sx={{ fontFamily: 'monospace', columns: 2, m: 0, pl: 4, maxWidth: 360 }}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <RecoveryCodeActions codes={codes} />
      <Button variant="outlined" onClick={onDone} sx={{ alignSelf: 'flex-start' }}>
        I have saved my recovery codes
      </Button>
    </Stack>
  );
}

/** Turning 2-step off takes the password and a current code (or a recovery code). */
function DisableForm({ recoveryCodesLeft }: { recoveryCodesLeft: number }) {
  const { enqueueSnackbar } = useSnackbar();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const disable = useSecurityMutation(disableTwoFactor);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password === '') return setError(accountMessages.passwordRequired);
    if (code.trim() === '') return setError(accountMessages.codeRequired);
    setError(null);
    disable.mutate(
      { password, code: code.trim() },
      {
        onSuccess: (answer) => enqueueSnackbar(answer.message, { variant: 'success' }),
        onError: (failure) => setError(serverMessage(failure, twoStepMessages.disableFailed)),
      },
    );
  };
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Disable 2-step verification">
      <Stack spacing={2} sx={{ maxWidth: 420 }}>
        <Typography color="text.secondary">{`Recovery codes left: ${recoveryCodesLeft}`}</Typography>
        <Typography>To turn it off, enter your password and a code from the app (or a recovery code).</Typography>
        <PasswordField
          label="Current Password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          autoComplete="current-password"
          disabled={disable.isPending}
        />
        <TextField label="Authentication code" value={code} onChange={(event) => setCode(event.target.value)} autoComplete="one-time-code" disabled={disable.isPending} />
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        <Button type="submit" variant="outlined" color="error" disabled={disable.isPending} sx={{ alignSelf: 'flex-start' }}>
          Disable 2-step verification
        </Button>
      </Stack>
    </Box>
  );
}

type Phase = { name: 'idle' } | { name: 'password' } | { name: 'wizard'; setup: TwoFactorSetup } | { name: 'recovery'; codes: string[] };

/** The '2-Step Verification' tab: its state, the setup with an authenticator app, and turning it off. */
export function TwoStepVerification({ security }: { security: AccountSecurity }) {
  const [phase, setPhase] = useState<Phase>({ name: 'idle' });
  const username = useAtomValue(authAtom).user?.username;
  const { enabled, recoveryCodesLeft } = security.twoFactor;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <StateLine enabled={enabled || phase.name === 'recovery'} />
        {phase.name === 'recovery' ? (
          <RecoveryCodes codes={phase.codes} onDone={() => setPhase({ name: 'idle' })} />
        ) : enabled ? (
          <DisableForm recoveryCodesLeft={recoveryCodesLeft} />
        ) : phase.name === 'idle' ? (
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Typography>
              Protect {username ? `the account ${username}` : 'your account'} with a code from an authenticator app on every login.
            </Typography>
            <Button variant="contained" onClick={() => setPhase({ name: 'password' })}>
              Enable Google Authenticator
            </Button>
          </Stack>
        ) : phase.name === 'password' ? (
          <PasswordStep onSetup={(setup) => setPhase({ name: 'wizard', setup })} />
        ) : (
          <SetupWizard setup={phase.setup} onEnabled={(codes) => setPhase({ name: 'recovery', codes })} />
        )}
      </Stack>
    </Paper>
  );
}

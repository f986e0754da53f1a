import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import type { CustomerDetail } from 'contract/operator-customers';
import { serverMessage } from 'shared/api/api-client';
import { useAdjustment, useEndSessions, useSetDisabled } from '../api/customers';

type Outcome = { severity: 'success' | 'error'; text: string } | null;

function OutcomeLine({ outcome }: { outcome: Outcome }) {
  if (!outcome) return null;
  return (
    <Alert severity={outcome.severity} role={outcome.severity === 'error' ? 'alert' : 'status'} sx={{ mt: 1.5 }}>
      {outcome.text}
    </Alert>
  );
}

/** A credit or debit of the balance, with the reason the audit log keeps. */
function AdjustmentForm({ customer }: { customer: CustomerDetail }) {
  const adjustment = useAdjustment(customer.id);
  const [direction, setDirection] = useState<'credit' | 'debit'>('credit');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = Number(amount);
    if (!amount.trim() || !Number.isFinite(value) || value <= 0) {
      setOutcome({ severity: 'error', text: 'Enter an amount in dollars greater than zero.' });
      return;
    }
    if (!reason.trim()) {
      setOutcome({ severity: 'error', text: 'Say why: the reason is required and goes into the audit log.' });
      return;
    }
    adjustment.mutate(
      { amount: direction === 'credit' ? value : -value, reason },
      {
        onSuccess: (result) => {
          setOutcome({ severity: 'success', text: result.message });
          setAmount('');
          setReason('');
        },
        onError: (error) => setOutcome({ severity: 'error', text: serverMessage(error, 'The adjustment failed.') }),
      },
    );
  };

  return (
    <Paper variant="outlined" component="form" onSubmit={submit} noValidate aria-labelledby="adjust-heading" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" id="adjust-heading" gutterBottom>
        Adjust balance
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
        <ToggleButtonGroup exclusive size="small" value={direction} onChange={(_event, next: 'credit' | 'debit' | null) => next && setDirection(next)} aria-label="Credit or debit">
          <ToggleButton value="credit">Credit</ToggleButton>
          <ToggleButton value="debit">Debit</ToggleButton>
        </ToggleButtonGroup>
        <TextField label="Amount ($)" size="small" value={amount} onChange={(event) => setAmount(event.target.value)} slotProps={{ htmlInput: { inputMode: 'decimal' } }} sx={{ width: { sm: 140 } }} />
        <TextField label="Reason" size="small" required value={reason} onChange={(event) => setReason(event.target.value)} sx={{ flex: 1 }} slotProps={{ htmlInput: { maxLength: 500 } }} />
        <Button type="submit" variant="contained" disabled={adjustment.isPending}>
          Apply
        </Button>
      </Stack>
      <OutcomeLine outcome={outcome} />
    </Paper>
  );
}

/**
 * Disabling cuts a paying customer off at once, so it asks first, naming the account and what stops; Cancel (the
 * default button) changes nothing. Enabling gives back what disabling took and asks nothing.
 */
function ConfirmDisable({ customer, reason, onCancel, onConfirm }: { customer: CustomerDetail; reason: string; onCancel: () => void; onConfirm: () => void }) {
  return (
    <Dialog open onClose={onCancel} aria-labelledby="confirm-disable-title" aria-describedby="confirm-disable-text confirm-disable-reason">
      <DialogTitle id="confirm-disable-title">Disable {customer.username}?</DialogTitle>
      <DialogContent>
        <DialogContentText id="confirm-disable-text">
          {customer.username} ({customer.email}) will no longer be able to sign in: the account&apos;s open sessions end and
          its API keys are refused. The gateways stop serving its proxies at once, and its leases are not renewed: each
          ends with its period, uncharged. Enabling the account again gives back sign-in, keys and the leases still in
          their period.
        </DialogContentText>
        <DialogContentText id="confirm-disable-reason" sx={{ mt: 1.5 }}>
          Reason, for the audit log: {reason.trim()}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} autoFocus>
          Cancel
        </Button>
        <Button variant="contained" color="error" onClick={onConfirm}>
          Disable account
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** End every session; disable the account (with a reason, once confirmed) or enable it again. */
function AccountControls({ customer }: { customer: CustomerDetail }) {
  const endSessions = useEndSessions(customer.id);
  const setDisabled = useSetDisabled(customer.id);
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const report = (fallback: string) => ({
    onSuccess: (result: { message: string }) => setOutcome({ severity: 'success', text: result.message }),
    onError: (error: Error) => setOutcome({ severity: 'error', text: serverMessage(error, fallback) }),
  });

  const askToDisable = () => {
    if (!reason.trim()) {
      setOutcome({ severity: 'error', text: 'Say why: the reason is required and goes into the audit log.' });
      return;
    }
    setOutcome(null);
    setConfirming(true);
  };
  const disable = () => {
    setConfirming(false);
    setDisabled.mutate(
      { disabled: true, reason },
      {
        ...report('Disabling failed.'),
        onSuccess: (result) => {
          setReason('');
          setOutcome({ severity: 'success', text: result.message });
        },
      },
    );
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-labelledby="account-heading" component="section">
      <Typography variant="h6" component="h2" id="account-heading" gutterBottom>
        Account
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
        <Button variant="outlined" onClick={() => endSessions.mutate(null, report('Ending the sessions failed.'))} disabled={endSessions.isPending}>
          End all sessions
        </Button>
        {customer.disabled ? (
          <Button variant="outlined" color="success" onClick={() => setDisabled.mutate({ disabled: false }, report('Enabling failed.'))} disabled={setDisabled.isPending}>
            Enable account
          </Button>
        ) : (
          <>
            <TextField label="Reason to disable" size="small" value={reason} onChange={(event) => setReason(event.target.value)} sx={{ flex: 1 }} slotProps={{ htmlInput: { maxLength: 500 } }} />
            <Button variant="outlined" color="error" onClick={askToDisable} disabled={setDisabled.isPending}>
              Disable account
            </Button>
          </>
        )}
      </Stack>
      <OutcomeLine outcome={outcome} />
      {confirming && <ConfirmDisable customer={customer} reason={reason} onCancel={() => setConfirming(false)} onConfirm={disable} />}
    </Paper>
  );
}

export function CustomerActions({ customer }: { customer: CustomerDetail }) {
  return (
    <Stack spacing={2} sx={{ my: 2 }}>
      <AdjustmentForm customer={customer} />
      <AccountControls customer={customer} />
    </Stack>
  );
}

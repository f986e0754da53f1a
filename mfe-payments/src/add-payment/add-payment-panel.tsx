import { Alert, Box, Button, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useState, type ChangeEvent } from 'react';
import { serverMessage } from 'shared/api/api-client';
import { formatMoney } from 'shared/format/money';
import { useCreateOrder } from '../api/create-order';
import { amountOf, DEFAULT_AMOUNT, isAcceptableAmountInput, PRESET_AMOUNTS } from './amount-input';
import { PaymentInstructions } from './payment-instructions';

const OTHER = 'other';
type Choice = number | typeof OTHER;

/** Add Payment: presets or another amount, the Total, and Pay Now to the provider's checkout. */
export function AddPaymentPanel() {
  const [choice, setChoice] = useState<Choice>(DEFAULT_AMOUNT);
  const [otherText, setOtherText] = useState('');
  const createOrder = useCreateOrder();

  const amount = choice === OTHER ? amountOf(otherText) : choice;
  const payable = amount > 0;

  const onChoose = (_event: unknown, next: Choice | null) => {
    // A toggle group lets the pressed button be pressed again to clear it; an amount is always chosen here.
    if (next === null) return;
    setChoice(next);
    createOrder.reset();
  };

  const onOtherChange = (event: ChangeEvent<HTMLInputElement>) => {
    if (isAcceptableAmountInput(event.target.value)) setOtherText(event.target.value);
    createOrder.reset();
  };

  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <Box>
        <Typography id="amount-label" variant="subtitle1" component="h2" gutterBottom>
          Amount
        </Typography>
        <ToggleButtonGroup
          exclusive
          value={choice}
          onChange={onChoose}
          aria-labelledby="amount-label"
          color="primary"
          sx={{ flexWrap: 'wrap', gap: 1, '& .MuiToggleButtonGroup-grouped': { border: 1, borderColor: 'divider', borderRadius: 1 } }}
        >
          {PRESET_AMOUNTS.map((preset) => (
            <ToggleButton key={preset} value={preset} sx={{ minWidth: 80 }}>
              ${preset}
            </ToggleButton>
          ))}
          <ToggleButton value={OTHER}>other amount</ToggleButton>
        </ToggleButtonGroup>
      </Box>

      {choice === OTHER && (
        <TextField
          label="Other amount ($)"
          value={otherText}
          onChange={onOtherChange}
          autoFocus
          sx={{ maxWidth: 240 }}
          slotProps={{ htmlInput: { inputMode: 'decimal', min: 0, step: '0.01', 'aria-describedby': 'other-amount-help' } }}
          helperText={<span id="other-amount-help">Numbers of 0 or more, up to two decimals.</span>}
        />
      )}

      <Typography variant="h5" component="p" aria-live="polite">
        Total: <strong>{formatMoney(amount)}</strong>
      </Typography>

      {createOrder.isError && (
        <Alert severity="error">{serverMessage(createOrder.error, 'The payment could not be started. Please try again.')}</Alert>
      )}

      <Box>
        <Button
          variant="contained"
          size="large"
          disabled={!payable || createOrder.isPending || createOrder.isSuccess}
          onClick={() => createOrder.mutate(amount)}
        >
          Pay Now
        </Button>
      </Box>

      <PaymentInstructions />
    </Stack>
  );
}

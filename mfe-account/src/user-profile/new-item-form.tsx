import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FormEvent, ReactNode } from 'react';
import type { SxProps, Theme } from '@mui/material/styles';

/** The form under a list of the API tab (a new key, a new webhook endpoint): heading, fields, error, submit. */
export function NewItemForm({
  id,
  heading,
  maxWidth,
  onSubmit,
  error,
  pending,
  submitLabel,
  children,
}: {
  id: string;
  heading: string;
  maxWidth: number;
  onSubmit: (event: FormEvent) => void;
  error: string | null;
  pending: boolean;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby={id}>
      <Stack spacing={2} sx={{ maxWidth }}>
        <Typography id={id} variant="subtitle1" component="h3">
          {heading}
        </Typography>
        {children}
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        <Button type="submit" variant="contained" disabled={pending} sx={{ alignSelf: 'flex-start' }}>
          {submitLabel}
        </Button>
      </Stack>
    </Box>
  );
}

/** Checkboxes over a fixed list of choices; what is chosen stays in the list's order. */
export function ChoiceGroup<Choice extends string>({
  label,
  choices,
  chosen,
  onChange,
  choiceLabel = (choice) => choice,
  sx,
}: {
  label: string;
  choices: readonly Choice[];
  chosen: readonly Choice[];
  onChange: (next: Choice[]) => void;
  choiceLabel?: (choice: Choice) => string;
  sx?: SxProps<Theme>;
}) {
  const toggle = (choice: Choice, on: boolean) => onChange(choices.filter((candidate) => (candidate === choice ? on : chosen.includes(candidate))));
  return (
    <FormGroup aria-label={label} sx={sx}>
      {choices.map((choice) => (
        <FormControlLabel key={choice} control={<Checkbox checked={chosen.includes(choice)} onChange={(event) => toggle(choice, event.target.checked)} />} label={choiceLabel(choice)} />
      ))}
    </FormGroup>
  );
}

import TextField from '@mui/material/TextField';
import { TICKET_TEXT_MAX_LENGTH } from 'contract/support-rules';

/** Where a ticket's text or a reply is written: several lines, at most what the API takes. */
export function TicketTextField({ label, rows, value, onChange }: { label: string; rows: number; value: string; onChange: (text: string) => void }) {
  return (
    <TextField
      label={label}
      multiline
      minRows={rows}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ htmlInput: { maxLength: TICKET_TEXT_MAX_LENGTH } }}
    />
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { DeclaredType } from 'contract/inventory';
import { dollarsToCents } from 'contract/money';
import { serverMessage } from 'shared/api/api-client';
import { formatMoney } from 'shared/format/money';
import { CARD } from 'shared/ui/card-table';
import { Loaded, count } from '../charts/console-figures';
import { OperatorTable } from '../operator-table';
import { usePriceClassChange, usePriceClasses } from './inventory-api';

const TYPES: DeclaredType[] = ['datacenter', 'residential', 'mobile'];

/**
 * What exits without their own price sell for: a base price plus a premium while a listing is under 12
 * hours old, per type and, where set, per country. A change reprices the market at once; SBL, XBL or CSS
 * listing still halves the price of the exit it applies to.
 */
export function PriceClasses() {
  const classes = usePriceClasses();
  const change = usePriceClassChange();
  const [form, setForm] = useState({ type: 'datacenter' as DeclaredType, ct: '', base: '', fresh: '' });
  const [done, setDone] = useState<string | null>(null);
  const base = dollarsToCents(Number(form.base));
  const fresh = dollarsToCents(Number(form.fresh || '0'));
  const valid = form.base !== '' && base !== null && base >= 1 && fresh !== null && fresh >= 0 && /^([A-Za-z]{2})?$/.test(form.ct);

  const submit = () => {
    if (!valid || base === null || fresh === null) return;
    change.mutate(
      { set: { type: form.type, ...(form.ct ? { ct: form.ct.toUpperCase() } : {}), baseCents: base, freshCents: fresh } },
      { onSuccess: (report) => setDone(report.message) },
    );
  };

  return (
    <Stack component="section" spacing={2} aria-labelledby="price-classes-heading">
      <Typography id="price-classes-heading" variant="h5" component="h2">
        Price classes
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Exits without their own price sell at their class: a base price, plus a premium while the listing is under 12 hours
        old. A country&apos;s class overrides its type&apos;s. A change reprices the market at once; an exit listed on SBL, XBL or
        CSS still sells at half of it.
      </Typography>
      <Loaded query={classes} label="Loading price classes">
        {(data) => (
          <OperatorTable
            caption="Price classes"
            rowKey={(c) => `${c.type}-${c.ct}`}
            rows={data.classes}
            emptyText="No price classes."
            columns={[
              { header: 'Type', cell: (c) => c.type, card: CARD.lead },
              { header: 'Country', cell: (c) => c.ct || 'every country' },
              { header: 'Base', cell: (c) => formatMoney(c.baseCents / 100), align: 'right' },
              { header: 'Fresh premium', cell: (c) => formatMoney(c.freshCents / 100), align: 'right' },
              { header: 'Exits', cell: (c) => count(c.exits), align: 'right' },
              {
                header: 'Action',
                card: CARD.action,
                cell: (c) =>
                  c.ct && (
                    <Button
                      size="small"
                      aria-label={`Remove the ${c.type} class for ${c.ct}`}
                      disabled={change.isPending}
                      onClick={() => change.mutate({ remove: { type: c.type, ct: c.ct } }, { onSuccess: (report) => setDone(report.message) })}
                    >
                      Remove
                    </Button>
                  ),
              },
            ]}
          />
        )}
      </Loaded>
      <Box component="form" onSubmit={(event) => (event.preventDefault(), submit())} sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <TextField select label="Type" value={form.type} onChange={(e) => setForm({ ...form, type: e.target.value as DeclaredType })} sx={{ minWidth: 150 }}>
          {TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {type}
            </MenuItem>
          ))}
        </TextField>
        <TextField label="Country (2 letters, optional)" value={form.ct} onChange={(e) => setForm({ ...form, ct: e.target.value.trim() })} sx={{ width: 220 }} />
        <TextField label="Base ($)" value={form.base} onChange={(e) => setForm({ ...form, base: e.target.value })} sx={{ width: 120 }} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
        <TextField label="Fresh premium ($)" value={form.fresh} onChange={(e) => setForm({ ...form, fresh: e.target.value })} sx={{ width: 160 }} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
        <Button type="submit" variant="contained" disabled={!valid || change.isPending} sx={{ mt: 1 }}>
          Set class
        </Button>
      </Box>
      {change.isError && <Alert severity="error">{serverMessage(change.error, 'The class was not changed. Try again.')}</Alert>}
      {done && !change.isError && <Alert severity="success">{done}</Alert>}
    </Stack>
  );
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { HistoryItem } from 'contract/history';
import { useSnackbar } from 'shared/ui/toasts';
import { useState } from 'react';
import { copyText } from 'shared/clipboard/copy-text';
import { EXPORT_FORMATS, exportFileName, exportProxies, type ExportFormat } from './export-formats';
import { downloadText } from 'shared/browser/download-text';

export const exportTexts = {
  copied: (count: number) => (count === 1 ? '1 proxy copied' : `${count} proxies copied`),
  copyFailed: 'Copy failed: your browser refused the clipboard',
};


/** Copy or download the checked proxies in a proxy client's notation or as CSV. */
export function ExportBar({ items }: { items: HistoryItem[] }) {
  const [format, setFormat] = useState<ExportFormat>('auth-at-host');
  const { enqueueSnackbar } = useSnackbar();
  const none = items.length === 0;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', py: 1 }}>
      <Typography variant="body2" sx={{ mr: 1 }}>
        {items.length} selected
      </Typography>
      <TextField
        select
        size="small"
        label="Format"
        value={format}
        onChange={(event) => setFormat(event.target.value as ExportFormat)}
        sx={{ minWidth: 200 }}
      >
        {EXPORT_FORMATS.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
      <Button
        variant="outlined"
        disabled={none}
        onClick={async () => {
          const copied = await copyText(exportProxies(items, format));
          enqueueSnackbar(copied ? exportTexts.copied(items.length) : exportTexts.copyFailed, { variant: copied ? 'success' : 'error' });
        }}
      >
        Copy selected
      </Button>
      <Button
        variant="outlined"
        disabled={none}
        onClick={() => downloadText(exportProxies(items, format), exportFileName(format, new Date()), format === 'csv' ? 'text/csv' : 'text/plain')}
      >
        Download selected
      </Button>
    </Box>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { DeclaredType, ImportReport } from 'contract/inventory';
import { serverMessage } from 'shared/api/api-client';
import { count } from '../charts/console-figures';
import { useImportExits, type ImportOptions } from './inventory-api';

const TYPES: DeclaredType[] = ['datacenter', 'residential', 'mobile'];

/**
 * The import in two steps: the operator picks a file (or pastes lines), checks it (a dry run: the per-line
 * report and what importing would write, nothing written), then confirms; the result replaces the preview.
 */
export function ImportPanel() {
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState('');
  const [options, setOptions] = useState<ImportOptions>({ source: '', type: 'datacenter', skipInvalid: false, dryRun: true });
  const [preview, setPreview] = useState<ImportReport | null>(null);
  const [result, setResult] = useState<ImportReport | null>(null);
  const run = useImportExits();
  const body = file ?? (text.trim() ? text : null);

  const change = (next: Partial<ImportOptions>) => {
    setOptions({ ...options, ...next });
    setPreview(null);
  };
  const check = () => {
    if (!body) return;
    setResult(null);
    run.mutate({ file: body, options: { ...options, dryRun: true } }, { onSuccess: setPreview });
  };
  const confirm = () => {
    if (!body) return;
    run.mutate(
      { file: body, options: { ...options, dryRun: false } },
      {
        onSuccess: (report) => {
          setResult(report);
          setPreview(null);
        },
      },
    );
  };

  return (
    <Paper component="section" variant="outlined" aria-labelledby="import-heading" sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Typography id="import-heading" variant="h5" component="h2">
          Import exits
        </Typography>
        <Typography variant="body2" color="text.secondary">
          One exit a line (host:port, host:port:login:password, login:password@host:port or a socks5:// URL, optionally followed by
          ,type,price_cents,label) or a CSV file with a header. Check the file first: nothing is written until you confirm.
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          <Button variant="outlined" component="label">
            Choose file
            <input
              hidden
              type="file"
              accept=".txt,.csv,text/plain,text/csv"
              aria-label="File of exits"
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setPreview(null);
              }}
            />
          </Button>
          <Typography variant="body2" data-testid="import-file-name">
            {file ? file.name : 'No file chosen'}
          </Typography>
        </Box>
        {!file && (
          <TextField
            label="Or paste the lines"
            multiline
            minRows={3}
            maxRows={10}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setPreview(null);
            }}
            slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
          />
        )}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
          <TextField
            label="Source"
            helperText='Default "file"'
            value={options.source}
            onChange={(event) => change({ source: event.target.value.trim().toLowerCase() })}
            sx={{ minWidth: 160, flex: '1 1 160px' }}
          />
          <TextField
            select
            label="Type of lines that name none"
            value={options.type}
            onChange={(event) => change({ type: event.target.value as DeclaredType })}
            sx={{ minWidth: 200, flex: '1 1 200px' }}
          >
            {TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {type}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            control={<Checkbox checked={options.skipInvalid} onChange={(event) => change({ skipInvalid: event.target.checked })} />}
            label="Skip bad lines"
          />
        </Box>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <Button variant="outlined" onClick={check} disabled={!body || run.isPending}>
            Check file
          </Button>
          <Button variant="contained" onClick={confirm} disabled={!preview?.dryRun || run.isPending}>
            Import
          </Button>
        </Box>
        {run.isError && <Alert severity="error">{serverMessage(run.error, 'The import failed. Try again.')}</Alert>}
        {preview && <ImportReportView report={preview} title="Check" />}
        {result && <ImportReportView report={result} title="Result" />}
      </Stack>
    </Paper>
  );
}

function ImportReportView({ report, title }: { report: ImportReport; title: string }) {
  const ok = report.imported || report.dryRun === true;
  return (
    <Box role="status" aria-label={`Import ${title.toLowerCase()}`} data-testid={`import-${title.toLowerCase()}`}>
      <Alert severity={ok ? (report.errorCount > 0 ? 'warning' : 'success') : 'error'}>{report.message}</Alert>
      <Typography variant="body2" sx={{ mt: 1 }}>
        {count(report.lines)} lines, {count(report.exits)} exits: {count(report.created)} new, {count(report.updated)} updated,{' '}
        {count(report.unchanged)} unchanged, {count(report.reactivated)} listed again, {count(report.retired)} retired.
      </Typography>
      {report.errors.length > 0 && (
        <>
          <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
            Bad lines ({count(report.errorCount)})
          </Typography>
          <List dense sx={{ maxHeight: 240, overflow: 'auto' }}>
            {report.errors.map((problem) => (
              <ListItem key={problem.line} disableGutters>
                Line {problem.line}: {problem.reason}
              </ListItem>
            ))}
          </List>
        </>
      )}
      {report.duplicates.length > 0 && (
        <Typography variant="body2">
          Repeated lines skipped: {report.duplicates.map((d) => `${d.line} (of ${d.of})`).join(', ')}
        </Typography>
      )}
    </Box>
  );
}

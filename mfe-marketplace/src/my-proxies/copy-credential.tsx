import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import TuneIcon from '@mui/icons-material/Tune';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useAtom } from 'jotai';
import { useSnackbar } from 'shared/ui/toasts';
import { useId, useState } from 'react';
import { copyText } from 'shared/clipboard/copy-text';
import { CREDENTIAL_FORMATS, credentialFormatAtom, formatCredentials, type Credentials } from './credential-formats';

/**
 * A bought proxy's credentials, shown whole (they wrap rather than being cut) in the chosen format; the
 * text and the copy button copy it, and a small menu switches the format.
 */
export function CopyCredential({ credentials, toast }: { credentials: Credentials; toast: 'Link Copied' | 'Proxy Copied' }) {
  const [formatId, setFormatId] = useAtom(credentialFormatAtom);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const { enqueueSnackbar } = useSnackbar();
  const menuId = useId();
  const text = formatCredentials(credentials, formatId);
  const copy = async () => {
    if (await copyText(text)) enqueueSnackbar(toast, { variant: 'success' });
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }} onClick={(event) => event.stopPropagation()}>
      <Button
        size="small"
        onClick={copy}
        data-testid="proxy-credential"
        sx={{ textTransform: 'none', fontFamily: 'monospace', wordBreak: 'break-all', textAlign: 'left', minWidth: 0, justifyContent: 'flex-start' }}
      >
        {text}
      </Button>
      <Tooltip title="Copy">
        <IconButton size="small" aria-label={`Copy ${text}`} onClick={copy}>
          <ContentCopyIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title="Format">
        <IconButton
          size="small"
          aria-label="Credential format"
          aria-haspopup="menu"
          aria-controls={menuAnchor ? menuId : undefined}
          aria-expanded={menuAnchor ? true : undefined}
          onClick={(event) => setMenuAnchor(event.currentTarget)}
        >
          <TuneIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Menu id={menuId} anchorEl={menuAnchor} open={menuAnchor !== null} onClose={() => setMenuAnchor(null)}>
        {CREDENTIAL_FORMATS.map((format) => (
          <MenuItem
            key={format.id}
            selected={format.id === formatId}
            onClick={() => {
              setFormatId(format.id);
              setMenuAnchor(null);
            }}
          >
            <ListItemText primary={format.label} slotProps={{ primary: { sx: { fontFamily: 'monospace' } } }} />
          </MenuItem>
        ))}
      </Menu>
    </Box>
  );
}

import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import TuneIcon from '@mui/icons-material/Tune';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useAtom } from 'jotai';
import { useId, useState } from 'react';
import { CREDENTIAL_FORMATS, credentialFormatAtom } from './credential-formats';

/** The copy button and the format menu next to a bought proxy's credentials (a file of its own: see CopyCredential). */
export default function CredentialActions({ text, onCopy }: { text: string; onCopy: () => void }) {
  const [formatId, setFormatId] = useAtom(credentialFormatAtom);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  return (
    <>
      <Tooltip title="Copy">
        <IconButton size="small" aria-label={`Copy ${text}`} onClick={onCopy}>
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
    </>
  );
}

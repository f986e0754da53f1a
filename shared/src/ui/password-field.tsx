import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { PASSWORD_HINT } from 'contract/auth-rules';

/**
 * A password input with a show/hide toggle, so people can check what they typed on a phone. The auth dialogs
 * and the account forms (reset, change password) use the same one.
 */
export function PasswordField(props: TextFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      slotProps={{
        ...props.slotProps,
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={visible ? `Hide ${String(props.label ?? 'password').toLowerCase()}` : `Show ${String(props.label ?? 'password').toLowerCase()}`}
                onClick={() => setVisible((shown) => !shown)}
                edge="end"
                disabled={props.disabled}
              >
                {visible ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/** What a new password must hold, under every field where one is chosen. */
export function PasswordHint() {
  return (
    <Typography variant="caption" color="text.secondary">
      {PASSWORD_HINT}
    </Typography>
  );
}

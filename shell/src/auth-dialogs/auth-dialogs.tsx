import CloseIcon from '@mui/icons-material/Close';
import { Dialog, DialogContent, DialogTitle, IconButton } from '@mui/material';
import { useAtom, useAtomValue } from 'jotai';
import { isAuthenticatedAtom } from 'shared/auth/auth-atoms';
import { authDialogAtom, type AuthDialog } from 'shared/auth/auth-dialog-atoms';

const titles: Record<Exclude<AuthDialog, 'closed'>, string> = {
  login: 'Log in',
  register: 'Register',
  forgotPassword: 'Forgot password',
};

/** SPEC §2 auth modal: login, register or forgot password; closes on X or a click outside. */
export function AuthDialogs() {
  const [dialog, setDialog] = useAtom(authDialogAtom);
  const signedIn = useAtomValue(isAuthenticatedAtom);
  // SPEC: the login dialog shows only when not authenticated.
  const open = dialog !== 'closed' && !(signedIn && dialog === 'login');
  const close = () => setDialog('closed');
  if (dialog === 'closed') return null;
  return (
    <Dialog open={open} onClose={close} aria-labelledby="auth-dialog-title" fullWidth maxWidth="xs">
      <DialogTitle id="auth-dialog-title">{titles[dialog]}</DialogTitle>
      <IconButton aria-label="Close" onClick={close} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent />
    </Dialog>
  );
}

import CloseIcon from '@mui/icons-material/Close';
import { Dialog, DialogContent, DialogTitle, IconButton, ThemeProvider } from '@mui/material';
import { useAtom, useAtomValue } from 'jotai';
import { useMemo, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { isAuthenticatedAtom } from 'shared/auth/auth-atoms';
import { authDialogAtom, type AuthDialog } from 'shared/auth/auth-dialog-atoms';
import { createPortalTheme } from 'shared/ui/theme';
import { ForgotPasswordForm } from './forgot-password-form';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

const dialogs: Record<Exclude<AuthDialog, 'closed'>, { title: string; Form: () => React.JSX.Element }> = {
  login: { title: 'Log in', Form: LoginForm },
  register: { title: 'Create your account', Form: RegisterForm },
  forgotPassword: { title: 'Forgot password', Form: ForgotPasswordForm },
};

/** The landing page (`/`) is always light, so a dialog opened over it is too; elsewhere the stored theme rules. */
export const LANDING_PATH = '/';

function DialogTheme({ children }: { children: ReactNode }) {
  const onLanding = useLocation().pathname === LANDING_PATH;
  const light = useMemo(() => createPortalTheme('light'), []);
  return onLanding ? <ThemeProvider theme={light}>{children}</ThemeProvider> : children;
}

/**
 * Auth modal: login, register or forgot password; closes on X, Escape or a click outside. MUI's
 * Dialog traps focus inside and gives it back to the button that opened it.
 */
export function AuthDialogs() {
  const [dialog, setDialog] = useAtom(authDialogAtom);
  const signedIn = useAtomValue(isAuthenticatedAtom);
  // The login dialog shows only when not authenticated.
  const open = dialog !== 'closed' && !(signedIn && dialog === 'login');
  const close = () => setDialog('closed');
  if (dialog === 'closed') return null;
  const { title, Form } = dialogs[dialog];
  return (
    <DialogTheme>
      <Dialog
        open={open}
        onClose={close}
        aria-labelledby="auth-dialog-title"
        fullWidth
        maxWidth="xs"
        // Narrow margins on phones keep room for the captcha; the backdrop stays clickable to close.
        slotProps={{ paper: { sx: { m: { xs: 1.5, sm: 4 }, width: { xs: 'calc(100% - 24px)', sm: undefined } } } }}
        data-testid={`auth-dialog-${dialog}`}
      >
        <DialogTitle id="auth-dialog-title" sx={{ pr: 7 }}>
          {title}
        </DialogTitle>
        <IconButton aria-label="Close" onClick={close} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
        <DialogContent>
          {/* key: each dialog starts from an empty form */}
          <Form key={dialog} />
        </DialogContent>
      </Dialog>
    </DialogTheme>
  );
}

import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useSetAtom } from 'jotai';
import type { ReactNode } from 'react';
import { authDialogAtom, type AuthDialog } from 'shared/auth/auth-dialog-atoms';

/** A line under an auth form that opens another of the auth dialogs: "Already have an account? Log in". */
export function AuthDialogLink({ prompt, dialog, children }: { prompt?: string; dialog: AuthDialog; children: ReactNode }) {
  const setDialog = useSetAtom(authDialogAtom);
  return (
    <Typography variant="body2" sx={{ textAlign: 'center' }}>
      {prompt && <>{prompt} </>}
      <Link component="button" type="button" variant="body2" onClick={() => setDialog(dialog)}>
        {children}
      </Link>
    </Typography>
  );
}

import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { enqueueSnackbar, SnackbarProvider, type SnackbarOrigin } from 'notistack';
import { useEffect } from 'react';
import { DismissibleSnackbar } from './dismissible-snackbar';
import type { Enqueue } from './toasts';

/** Toasts: 4000 ms, at most 3 visible, 356 px wide, close button and swipe to dismiss. */
export const TOAST_DURATION_MS = 4000;
export const TOAST_MAX_VISIBLE = 3;

/**
 * Toasts sit at the bottom, where they cover neither the top bar (balance, user name, theme toggle) nor
 * the scroll-to-top button at the bottom right: bottom left on wide screens, bottom centre on phones.
 */
export function toastOrigin(phone: boolean): SnackbarOrigin {
  return { vertical: 'bottom', horizontal: phone ? 'center' : 'left' };
}

/** notistack's provider, standing alone: toasts reach it through its module-level enqueueSnackbar. */
export default function SnackbarHost({ onAttach }: { onAttach: (enqueue: Enqueue | null) => void }) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  useEffect(() => {
    onAttach((message, options) => enqueueSnackbar(message, options));
    return () => onAttach(null);
  }, [onAttach]);
  return (
    <SnackbarProvider
      maxSnack={TOAST_MAX_VISIBLE}
      autoHideDuration={TOAST_DURATION_MS}
      anchorOrigin={toastOrigin(phone)}
      Components={{
        default: DismissibleSnackbar,
        success: DismissibleSnackbar,
        error: DismissibleSnackbar,
        warning: DismissibleSnackbar,
        info: DismissibleSnackbar,
      }}
    />
  );
}

import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import IconButton from '@mui/material/IconButton';
import { closeSnackbar, SnackbarContent, type CustomContentProps } from 'notistack';
import { forwardRef, useRef, useState, type PointerEvent } from 'react';

/** Toast width. */
export const TOAST_WIDTH_PX = 356;
const SWIPE_DISMISS_PX = 80;

const severity = { default: 'info', info: 'info', success: 'success', error: 'error', warning: 'warning' } as const;

/** A toast that closes on its button or on a horizontal swipe (pointer drag past 80 px). */
export const DismissibleSnackbar = forwardRef<HTMLDivElement, CustomContentProps>(function DismissibleSnackbar(
  { id, message, variant, style },
  ref,
) {
  const start = useRef<number | null>(null);
  const [offset, setOffset] = useState(0);

  const onPointerDown = (event: PointerEvent) => {
    start.current = event.clientX;
  };
  const onPointerMove = (event: PointerEvent) => {
    if (start.current !== null) setOffset(event.clientX - start.current);
  };
  const onPointerEnd = () => {
    if (Math.abs(offset) > SWIPE_DISMISS_PX) closeSnackbar(id);
    start.current = null;
    setOffset(0);
  };

  return (
    // The Alert inside is the live region (role="alert"); a second one around it made screen readers say
    // each toast twice.
    <SnackbarContent ref={ref} style={{ ...style, width: TOAST_WIDTH_PX, maxWidth: '100%' }}>
      <Alert
        variant="filled"
        severity={severity[variant]}
        sx={{ width: '100%', transform: `translateX(${offset}px)`, touchAction: 'pan-y', opacity: 1 - Math.min(Math.abs(offset) / 200, 0.6) }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        action={
          <IconButton size="small" color="inherit" aria-label="Close notification" onClick={() => closeSnackbar(id)}>
            <CloseIcon fontSize="small" />
          </IconButton>
        }
      >
        {message}
      </Alert>
    </SnackbarContent>
  );
});

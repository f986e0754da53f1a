import { Box, CircularProgress } from '@mui/material';
import { useEffect, useState } from 'react';

/** Page spinner delay: terms and the ticket list show a spinner for 1.5 s first. */
export const PAGE_SPINNER_MS = 1500;

export function useDelayElapsed(ms: number = PAGE_SPINNER_MS): boolean {
  const [elapsed, setElapsed] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setElapsed(true), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return elapsed;
}

export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: 240 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}

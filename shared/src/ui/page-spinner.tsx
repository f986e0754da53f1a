import { keyframes } from '@emotion/react';
import Box from '@mui/material/Box';
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

const rotate = keyframes`
  to { transform: rotate(360deg); }
`;
const dash = keyframes`
  0% { stroke-dasharray: 1px, 200px; stroke-dashoffset: 0; }
  50% { stroke-dasharray: 100px, 200px; stroke-dashoffset: -15px; }
  100% { stroke-dasharray: 1px, 200px; stroke-dashoffset: -126px; }
`;

/**
 * The spinner every page shows while it loads, drawn like MUI's CircularProgress (40 px, primary colour).
 * It is the fallback of every remote page, so it is on the first page's path: a few lines of SVG instead of
 * the component and its styling code.
 */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: 240 }}>
      <Box
        component="span"
        role="progressbar"
        aria-label={label}
        sx={{ display: 'inline-block', width: 40, height: 40, color: 'primary.main', animation: `${rotate} 1.4s linear infinite` }}
      >
        <Box component="svg" viewBox="22 22 44 44" sx={{ display: 'block' }}>
          <Box
            component="circle"
            cx="44"
            cy="44"
            r="20.2"
            fill="none"
            strokeWidth="3.6"
            sx={{ stroke: 'currentColor', animation: `${dash} 1.4s ease-in-out infinite` }}
          />
        </Box>
      </Box>
    </Box>
  );
}

import type { TooltipProps } from '@mui/material/Tooltip';
import { lazy, Suspense, useEffect, useState, type ReactElement } from 'react';
import { afterLoadWhenIdle } from 'shared/browser/idle';

// MUI's Tooltip brings Popper and popper.js (about 9 KB of brotli) for a hint nobody sees before pointing at
// something: it is fetched once the page has loaded and the browser is idle, and until then the element
// shows (and works) without it.
const Tooltip = lazy(() => import('@mui/material/Tooltip'));

/** MUI's Tooltip, loaded after the page: the wrapped element is there, and works, from the start. */
export function LazyTooltip({ title, children }: { title: TooltipProps['title']; children: ReactElement }) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => afterLoadWhenIdle(() => setWanted(true)), []);
  if (!wanted) return children;
  return (
    <Suspense fallback={children}>
      <Tooltip title={title}>{children}</Tooltip>
    </Suspense>
  );
}

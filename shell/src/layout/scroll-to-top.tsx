import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { afterLoadWhenIdle } from 'shared/browser/idle';
import { useLocation } from 'shared/routing/router';

/** The button appears after 100 px of scroll. */
export const SCROLL_TO_TOP_THRESHOLD = 100;

// The button's code (MUI's Fab and Zoom) is not part of the frame's first paint: it is fetched once the page
// has loaded and the browser is idle, and runs the first time the page scrolls past the threshold.
const loadFab = () => import('./scroll-to-top-button');
const ScrollToTopFab = lazy(loadFab);

export function ScrollToTopButton() {
  const [visible, setVisible] = useState(false);
  // Once shown, the button stays mounted, so it can zoom out and in again.
  const [wanted, setWanted] = useState(false);
  if (visible && !wanted) setWanted(true);
  useEffect(() => {
    // Read on scroll only: reading scrollY while the page is being built makes the browser lay it out
    // there and then, inside the start-up's longest task. A page starts at its top, and a scroll position
    // the browser restores arrives as a scroll event.
    const onScroll = () => setVisible(window.scrollY > SCROLL_TO_TOP_THRESHOLD);
    window.addEventListener('scroll', onScroll, { passive: true });
    // A failed fetch here is not shown: the first scroll asks for the file again.
    const cancelPrefetch = afterLoadWhenIdle(() => void loadFab().catch(() => undefined));
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelPrefetch();
    };
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ScrollToTopFab visible={visible} />
    </Suspense>
  );
}

/** A new page starts at its top, as a full document load would. */
export function ScrollToTopOnNavigate() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    // Not on the first page: the document load already starts it at the top.
    if (shown.current === pathname) return;
    shown.current = pathname;
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

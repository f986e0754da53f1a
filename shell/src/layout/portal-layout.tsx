import Box from '@mui/material/Box';
import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { portalConfigQuery } from 'shared/api/portal-config';
import { currentUserQuery } from 'shared/api/users';
import { readStoredSession } from 'shared/auth/session-storage';
import { appQueryClient } from 'shared/query/query-client';
import { Outlet } from 'shared/routing/router';
import { QueryProvider } from 'shared/ui/query-provider';
import { PageSpinner } from 'shared/ui/page-spinner';
import { CONTENT_MAX_WIDTH } from 'shared/ui/theme';
import { FIRST_VIEW_PATIENCE_MS, revealPage } from '../routing/first-view';
import { ScrollToTopButton, ScrollToTopOnNavigate } from './scroll-to-top';
import { TopBar } from './top-bar';

/**
 * The page starts rendering once the frame is on screen. The start-up renders in a transition, which
 * commits only when everything in it has rendered: frame and page together left a phone's screen blank
 * until the whole first page was done, about a second and a half after the top bar could have shown. Now
 * the top bar and the page's spinner paint first. Later pages change inside the frame that stays.
 */
function PageAfterFrame() {
  const [frameShown, setFrameShown] = useState(false);
  useEffect(() => startTransition(() => setFrameShown(true)), []);
  return frameShown ? <Outlet /> : <PageSpinner />;
}

/** The portal's frame around `children`, the page. */
export function PortalFrame({ children }: { children: ReactNode }) {
  // The frame and its pages fetch; the query client comes with them (the landing page does not need it).
  return (
    <QueryProvider>
      <TopBar />
      <ScrollToTopOnNavigate />
      {/* Room under the page for the scroll-to-top button: the last row's price and cart, or a form's last
          button, scroll clear of it instead of staying under it. */}
      <Box component="main" sx={{ width: '100%', maxWidth: CONTENT_MAX_WIDTH, mx: 'auto', px: { xs: 1, sm: 2 }, pt: 2, pb: 10 }}>
        {children}
      </Box>
      <ScrollToTopButton />
    </QueryProvider>
  );
}

export function PortalLayout() {
  // The page normally replaces its first view itself; a page that takes very long leaves the frame, whose links work, to show itself.
  useEffect(() => {
    const timer = setTimeout(revealPage, FIRST_VIEW_PATIENCE_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <PortalFrame>
      <PageAfterFrame />
    </PortalFrame>
  );
}

/**
 * The top bar's data (the user's balance and name, whether payments run in test mode), asked for as soon as
 * the frame's code is here when the first page is shown in it. Left to the top bar, the requests would go
 * out only once the whole first page had rendered and painted, which on a slow phone is a second later.
 */
export function prefetchFrameData(): void {
  const session = readStoredSession();
  if (!session) return;
  void appQueryClient.prefetchQuery(currentUserQuery(session.userId));
  void appQueryClient.prefetchQuery(portalConfigQuery());
}

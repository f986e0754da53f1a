// Built for Node (not for the browser): renders the portal's `/` as a visitor sees it, so the server can
// send the landing page as HTML and the browser paints it before any JavaScript runs. The browser then
// hydrates this markup (bootstrap.tsx) instead of building the page again. The landing remote is compiled in
// from its sources for this render only (docs/frontend-weight.md). Also renders the portal's frame for the
// first views of signed-in pages (tooling/webpack/delivery/first-view.js).
import { prerender } from 'react-dom/static';
import type { ReactNode } from 'react';
import { renderFrameViews, type FirstViewRenders } from 'shared/prerender/first-view';
import { StaticRouter } from 'shared/routing/server-router';
import { App } from './app';
import { PortalFrame } from './layout/portal-layout';

function AtLanding({ children }: { children: ReactNode }) {
  return <StaticRouter location="/">{children}</StaticRouter>;
}

/** The markup of `/` for a visitor, complete: every lazy part (the landing remote) resolved. */
export async function renderLanding(): Promise<string> {
  const { prelude } = await prerender(<App router={AtLanding} />, {
    onError(error) {
      throw error;
    },
  });
  return new Response(prelude).text();
}

/**
 * The portal's frame for the first views of `paths` (signed-in pages whose remote renders a first view of
 * its own): the top bar and the page's place, as before any data has arrived.
 */
export function renderFrames(paths: readonly string[]): Promise<FirstViewRenders> {
  return renderFrameViews((page) => <PortalFrame>{page}</PortalFrame>, paths);
}

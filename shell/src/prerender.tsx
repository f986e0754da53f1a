// Built for Node (not for the browser): renders the portal's `/` as a visitor sees it, so the server can
// send the landing page as HTML and the browser paints it before any JavaScript runs. The browser then
// hydrates this markup (bootstrap.tsx) instead of building the page again. The landing remote is compiled in
// from its sources for this render only (README, Frontend weight).
import { prerender } from 'react-dom/static';
import type { ReactNode } from 'react';
import { StaticRouter } from 'shared/routing/server-router';
import { App } from './app';

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

/**
 * A signed-in page can arrive with its first view in the HTML (api/src/web/first-views.ts): the page as it
 * looks before its code and data have arrived, standing before the still empty #root and hiding it. It gives
 * way once the portal shows something of its own in the page's place: the page itself, rendered in the same
 * commit, so the screen goes from one to the other without a blank frame; its failure panel; another page
 * after a redirect; or, should the page take very long, the frame with the page's spinner, whose links work.
 */
export function revealPage(): void {
  document.getElementById('first-view')?.remove();
}

/** How long the frame waits for its first page before it shows itself with the page's spinner. */
export const FIRST_VIEW_PATIENCE_MS = 10_000;

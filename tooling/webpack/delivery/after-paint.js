// A page that arrives with something to show (the landing page, a signed-in page's first view) paints it
// before the portal's code loads: its preloads wait in a template that start.js puts into the page after
// the first paint.

/** index.html's preloads, and the mark where the API adds those of the page's remote (api/src/plugins/portal.ts). */
const PRELOAD = /<link\b[^>]*\brel="?preload\b[^>]*>|<meta name="?ps5-remote-preloads"?[^>]*>/g;

/**
 * A page that arrives with something to show paints it first and loads the portal's code afterwards: its
 * preloads go into `<template data-after-paint>`, where the browser fetches nothing, and start.js puts them
 * into the page once the first paint is on screen. Preloaded at once, main.js, the start-up chunk and the
 * remote map would share a slow line with the HTML the first paint needs.
 */
export function preloadAfterPaint(html) {
  const preloads = html.match(PRELOAD) ?? [];
  if (preloads.length === 0) return html;
  let first = true;
  return html.replace(PRELOAD, () => {
    if (!first) return '';
    first = false;
    return `<template data-after-paint>${preloads.join('')}</template>`;
  });
}

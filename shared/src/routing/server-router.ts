// The router for rendering at build time (no browser history): only the landing page's prerender uses it,
// so no page in the browser loads it.
export { StaticRouter } from 'react-router';

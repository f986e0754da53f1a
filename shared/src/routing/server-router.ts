// The router for rendering at build time (no browser history): only the prerenders (the landing page, first
// views) use it, so no page in the browser loads it.
export { StaticRouter } from 'react-router';

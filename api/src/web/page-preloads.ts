// The first page of a visit names its remote's manifest in the HTML itself: the shell's runtime reads it
// first, so it downloads next to the shell's files instead of a round trip after they have run. Which page a
// path is, and so which remote, comes from remotes.manifest.json; where that remote's manifest is (its build
// folder, the release its pointer names, REMOTE_URLS) comes from remote-sources.ts. (Preloading the remote's scripts too was measured and
// dropped: a script preload that failed keeps its failure and hands it to the page's Retry.)
import { readFileSync } from 'node:fs';
import type { RemoteSourceMap } from './remote-sources.ts';

interface PageRoute {
  pattern: RegExp;
  remote: string;
}

/** '/support/*' and '/reset-password/:token' as patterns over a request path. */
export function routePattern(path: string): RegExp {
  const escaped = path
    .replace(/\/\*$/, '')
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${escaped || ''}${path.endsWith('/*') ? '(?:/.*)?' : ''}/?$`);
}

function pageRoutes(manifestFile: URL): PageRoute[] {
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { remotes: { name: string; routes: { path: string }[] }[] };
  return manifest.remotes.flatMap((remote) => remote.routes.map((route) => ({ pattern: routePattern(route.path), remote: remote.name })));
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export interface PagePreloads {
  /** The <link> tag for the page at `path` (empty when no remote page matches it). */
  linksFor(path: string, sources: RemoteSourceMap): string;
  /** Whether a page of the portal lives at `path` (`/` or a route of a remote); any other path is a 404 page. */
  isPage(path: string): boolean;
}

export function createPagePreloads(options: { manifestFile: URL }): PagePreloads {
  const routes = pageRoutes(options.manifestFile);
  return {
    linksFor(path, sources) {
      const route = routes.find((candidate) => candidate.pattern.test(path));
      const manifest = route ? sources[route.remote]?.manifestUrl : undefined;
      if (manifest === undefined) return '';
      return `<link rel="preload" href="${escapeAttribute(manifest)}" as="fetch" crossorigin="anonymous">`;
    },
    isPage: (path) => path === '/' || routes.some((candidate) => candidate.pattern.test(path)),
  };
}

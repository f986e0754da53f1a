// The first page of a visit names its remote's manifest in the HTML itself: the shell's runtime reads it
// first, so it downloads next to the shell's files instead of a round trip after they have run. Which page a
// path is, and so which remote, comes from remotes.manifest.json; a remote served from elsewhere
// (REMOTE_URLS) has that manifest preloaded from there. (Preloading the remote's scripts too was measured and
// dropped: a script preload that failed keeps its failure and hands it to the page's Retry.)
import { readFileSync } from 'node:fs';

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

/** Where the shell finds a remote's manifest: on this server, or where REMOTE_URLS points. */
export function remoteManifestUrl(remote: string, remoteUrls: Readonly<Record<string, string>>): string {
  return remoteUrls[remote] ?? `/remotes/${remote}/mf-manifest.json`;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export interface PagePreloads {
  /** The <link> tag for the page at `path` (empty when no remote page matches it). */
  linksFor(path: string): string;
}

export function createPagePreloads(options: { manifestFile: URL; remoteUrls: Readonly<Record<string, string>> }): PagePreloads {
  const routes = pageRoutes(options.manifestFile);
  return {
    linksFor(path) {
      const route = routes.find((candidate) => candidate.pattern.test(path));
      if (!route) return '';
      const manifest = remoteManifestUrl(route.remote, options.remoteUrls);
      return `<link rel="preload" href="${escapeAttribute(manifest)}" as="fetch" crossorigin="anonymous">`;
    },
  };
}

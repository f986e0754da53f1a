// The first page of a visit names the files its remote needs in the HTML itself. Without this the browser
// learns of them one round trip at a time: the shell's runtime starts, reads the remote's mf-manifest.json,
// then its remoteEntry.js, then the page's chunks; on a phone's network each of those waits is a round
// trip. With <link rel="preload"> for the manifest (and, where enabled, the entry and the exposed page's own
// chunks) the first of those downloads next to the shell's files from the start. Which page a path is comes from remotes.manifest.json; which
// files a page needs comes from the remote's own mf-manifest.json, read from its build folder, so a remote
// redeployed on its own is described as it now is. A remote served from elsewhere (REMOTE_URLS) gets only its
// manifest preloaded: its files are not ours to read.
import { readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join, posix } from 'node:path';

interface RouteEntry {
  path: string;
  module: string;
}

interface PageRoute {
  pattern: RegExp;
  remote: string;
  module: string;
}

/** The parts of a remote's mf-manifest.json this reads. */
interface FederationManifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: { name?: string; assets?: { js?: { sync?: string[] } } }[];
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
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { remotes: { name: string; routes: RouteEntry[] }[] };
  return manifest.remotes.flatMap((remote) =>
    remote.routes.map((route) => ({ pattern: routePattern(route.path), remote: remote.name, module: route.module })),
  );
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The files of one exposed module, in the order the runtime asks for them: entry first, then its chunks. */
export function pageFiles(manifest: FederationManifest, module: string): string[] {
  const entry = manifest.metaData?.remoteEntry;
  const expose = manifest.exposes?.find((item) => item.name === module || item.name === `./${module}`);
  if (!entry?.name || !expose) return [];
  return [posix.join(entry.path ?? '', entry.name), ...(expose.assets?.js?.sync ?? [])];
}

export interface PagePreloads {
  /** The <link> tags for the page at `path` (empty when no remote page matches it). */
  linksFor(path: string): Promise<string>;
}

export function createPagePreloads(options: {
  manifestFile: URL;
  remoteDirs: Readonly<Record<string, string>>;
  remoteUrls: Readonly<Record<string, string>>;
  /**
   * Also the entry and page chunks. Off in the portal: when a remote's files fail to load, a script
   * preload that nothing used yet keeps its failure and hands it to the Retry that comes later (seen in the
   * composition e2e), so only the manifest is preloaded, which the runtime asks for first and so consumes.
   */
  scripts?: boolean;
}): PagePreloads {
  const routes = pageRoutes(options.manifestFile);
  // A remote's manifest, parsed once per version of the file.
  const manifests = new Map<string, { version: string; manifest: FederationManifest | null }>();

  async function manifestOf(remote: string): Promise<FederationManifest | null> {
    const dir = options.remoteDirs[remote];
    if (!dir) return null;
    const file = join(dir, 'mf-manifest.json');
    try {
      const { mtimeMs, size } = await stat(file);
      const version = `${mtimeMs}:${size}`;
      const known = manifests.get(remote);
      if (known?.version === version) return known.manifest;
      let manifest: FederationManifest | null = null;
      try {
        manifest = JSON.parse(await readFile(file, 'utf8')) as FederationManifest;
      } catch {
        manifest = null; // being replaced, or not ours: the page still loads, only without the head start
      }
      manifests.set(remote, { version, manifest });
      return manifest;
    } catch {
      return null; // not built
    }
  }

  return {
    async linksFor(path) {
      const route = routes.find((candidate) => candidate.pattern.test(path));
      if (!route) return '';
      const external = options.remoteUrls[route.remote];
      const base = `/remotes/${route.remote}/`;
      const links = [`<link rel="preload" href="${escapeAttribute(external ?? `${base}mf-manifest.json`)}" as="fetch" crossorigin="anonymous">`];
      if (!external && options.scripts) {
        const manifest = await manifestOf(route.remote);
        for (const file of manifest ? pageFiles(manifest, route.module) : []) {
          links.push(`<link rel="preload" href="${escapeAttribute(base + file)}" as="script">`);
        }
      }
      return links.join('');
    },
  };
}

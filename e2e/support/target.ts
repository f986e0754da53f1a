import { dirname, isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isRemoteName, type RemoteName } from './remotes.ts';

// Which portal a run tests, read once from the environment by the config and by every worker.
//
// E2E_BASE_URL unset: the run builds its own portal (webServer in playwright.config.ts) on 127.0.0.1:E2E_PORT
// with a fresh data dir under E2E_RUN_DIR, and has every power over it (its outbox, its deploy folder).
// E2E_BASE_URL set: the run tests that portal as a visitor would, and gets only the powers configured for it.

export interface Target {
  baseURL: string;
  /** The run dir of the portal this run starts itself; null when the portal runs elsewhere. */
  localRunDir: string | null;
}

export function target(): Target {
  const remote = process.env.E2E_BASE_URL?.trim();
  if (remote) {
    let url: URL;
    try {
      url = new URL(remote);
    } catch {
      throw new Error(`E2E_BASE_URL must be the portal's URL, e.g. https://staging.example (got "${remote}")`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('E2E_BASE_URL must be an http(s) URL');
    return { baseURL: url.href.replace(/\/+$/, ''), localRunDir: null };
  }
  const runDir = process.env.E2E_RUN_DIR;
  if (!runDir) throw new Error('E2E_RUN_DIR is not set: run through playwright.config.ts');
  return { baseURL: `http://127.0.0.1:${process.env.E2E_PORT ?? '8095'}`, localRunDir: runDir };
}

/** The local portal's folders: its data dir (PGlite, outbox) and the folder each remote is deployed into. */
export function localDirs(runDir: string) {
  return { data: join(runDir, 'data'), remotes: join(runDir, 'remotes') };
}

export type RemoteOverrides = Record<RemoteName, string>;

/**
 * E2E_REMOTE_OVERRIDES: `{"history": "https://cdn.example/history/v42/mf-manifest.json"}`, the remotes this
 * run loads from somewhere else than the portal says (a canary build against the rest of production).
 * A mistake here fails the run at once: a typo must not quietly test the production remote instead.
 */
export function remoteOverrides(): RemoteOverrides {
  const raw = process.env.E2E_REMOTE_OVERRIDES?.trim();
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error('E2E_REMOTE_OVERRIDES must be a JSON object of remote name -> manifest URL');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new Error('E2E_REMOTE_OVERRIDES must be a JSON object of remote name -> manifest URL');
  }
  const overrides: RemoteOverrides = {};
  for (const [name, url] of Object.entries(parsed)) {
    if (!isRemoteName(name)) throw new Error(`E2E_REMOTE_OVERRIDES: unknown remote "${name}"`);
    if (typeof url !== 'string' || !url.endsWith('mf-manifest.json')) {
      throw new Error(`E2E_REMOTE_OVERRIDES: "${name}" must map to the URL of its mf-manifest.json`);
    }
    overrides[name] = url;
  }
  return overrides;
}

export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A folder named in the environment; a relative one is taken from the repository root, as the API does. */
export function folderFromEnv(name: string): string | null {
  const value = process.env[name]?.trim();
  if (!value) return null;
  return isAbsolute(value) ? value : join(REPO_ROOT, value);
}

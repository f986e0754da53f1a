import type { BrowserContext } from '@playwright/test';
import type { RemoteName } from './remotes.ts';
import { remoteOverrides } from './target.ts';

// The shell finds every remote through /remotes.json. Rewriting that one answer in the browser swaps a
// remote for the run on any portal, deployed or local, without touching the portal: QA loads a canary build
// of one remote against everything else as deployed.

const overrides = remoteOverrides();

export function overriddenRemotes(): RemoteName[] {
  return Object.keys(overrides) as RemoteName[];
}

/** Whether a remote override loads from another origin than the portal's (its CSP would refuse it). */
export function overridesLeaveOrigin(baseURL: string): boolean {
  const origin = new URL(baseURL).origin;
  return Object.values(overrides).some((url) => new URL(url, baseURL).origin !== origin);
}

/** Every page of the context sees /remotes.json with the overridden entries in place. */
export async function applyRemoteOverrides(context: BrowserContext, baseURL: string): Promise<void> {
  if (overriddenRemotes().length === 0) return;
  const remotesJson = new URL('/remotes.json', baseURL).href;
  await context.route(remotesJson, async (route) => {
    const response = await route.fetch();
    const map = (await response.json()) as Record<string, string>;
    await route.fulfill({ response, json: { ...map, ...overrides } });
  });
}

/** The manifest URL the page loads the remote from in this run (absolute). */
export function manifestUrlOf(name: RemoteName, baseURL: string): string {
  return new URL(overrides[name] ?? `/remotes/${name}/mf-manifest.json`, baseURL).href;
}

/** Matches every file of the remote as this run loads it: its manifest's folder and everything below. */
export function remoteFilesMatcher(name: RemoteName, baseURL: string): (url: URL) => boolean {
  const folder = new URL('.', manifestUrlOf(name, baseURL)).href;
  return (url) => url.href.startsWith(folder);
}

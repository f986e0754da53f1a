import { yieldToBrowser } from 'shared/browser/idle';
import type * as PortalLayoutModule from './portal-layout';

let loading: Promise<typeof PortalLayoutModule> | null = null;

/**
 * The portal's frame (top bar, navigation, scroll button) as its own chunk. One function for the route's
 * lazy component and the start-up, so both ask webpack for the same chunk and it is fetched once. The three
 * imports name one chunk, so the first fetches all of the frame's files at once; each then runs its part of
 * the modules (the data layer, the top bar with its MUI components, the rest) with a browser turn between:
 * in one go they were one of the longest tasks of a signed-in page's start on a phone.
 */
export function loadPortalLayout(): Promise<typeof PortalLayoutModule> {
  loading ??= (async () => {
    await import(/* webpackChunkName: "frame" */ 'shared/api/users');
    await yieldToBrowser();
    await import(/* webpackChunkName: "frame" */ './top-bar');
    await yieldToBrowser();
    return import(/* webpackChunkName: "frame" */ './portal-layout');
  })().catch((error: unknown) => {
    loading = null; // the route asks again, and shows the failure if it still fails
    throw error;
  });
  return loading;
}

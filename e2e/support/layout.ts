// Whether a page fits its window: nothing may make the document wider than the viewport (a wide table scrolls
// inside its own box). A page just resized, or just rendered, lays itself out again over a frame or more (the
// table becomes cards once the width query has answered), later on a loaded machine, so this waits for it.
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** Waits until the document is no wider than the window; fails naming `what` and the overflow it stayed at. */
export async function expectNoSidewaysScroll(page: Page, what = 'the page'): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), { message: `${what} scrolls sideways (px wider than the window)` })
    .toBeLessThanOrEqual(0);
}

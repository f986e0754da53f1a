import { lazy } from 'react';
import { yieldToBrowser } from 'shared/browser/idle';

/**
 * The dashboard as the portal loads it. Its code arrives in one file, but running all of it at once (the
 * MUI components and the page's own modules) was one long task on a phone; here the parts of its first
 * screen run one by one with a browser turn between them (`eager`: no extra files), and the parts below
 * them run as the page shows them (dashboard-page.tsx). A first view sent with the page stays on screen
 * meanwhile.
 */
const DashboardPage = lazy(async () => {
  await import(/* webpackMode: "eager" */ './sidebar/filters-sidebar');
  await yieldToBrowser();
  await import(/* webpackMode: "eager" */ './region-browser/region-browser');
  await yieldToBrowser();
  return import(/* webpackMode: "eager" */ './dashboard-page');
});

export default DashboardPage;

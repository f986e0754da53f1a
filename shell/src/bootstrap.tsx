import { readStoredSession } from 'shared/auth/session-storage';
import { startLoadingRemoteModule } from './remotes/remote-registry';
import { firstRemoteModule } from './routing/route-modules';

// The first page's remote starts loading before React renders (and before the portal frame's lazy chunk
// arrives), once the share scope is set up: a remote asking for a version the portal does not run must fail
// with that reason.
const first = firstRemoteModule(window.location.pathname, readStoredSession() !== null);
if (first) startLoadingRemoteModule(first);

/** Lets the browser paint and handle input between the steps of the start-up. */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// Starting up means running the code of React, the theme and query libraries and the portal's own modules
// once. Done in one go that is one long task that holds up a slow phone; in steps (each module's code
// arrives with this file, `eager`, and only runs when its step imports it) the browser gets a turn in between.
async function start(): Promise<void> {
  const { createRoot } = await import(/* webpackMode: "eager" */ 'react-dom/client');
  await yieldToBrowser();
  await import(/* webpackMode: "eager" */ 'shared/ui/app-providers');
  await yieldToBrowser();
  const [{ startTransition }, { App }, { prefetchAuthDialogOnIntent }] = await Promise.all([
    import(/* webpackMode: "eager" */ 'react'),
    import(/* webpackMode: "eager" */ './app'),
    import(/* webpackMode: "eager" */ './auth-dialogs/auth-dialogs'),
  ]);
  await yieldToBrowser();

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  const root = createRoot(container);
  // A transition renders in slices that yield to the browser: the first page's render is not one long task
  // that holds up input on a slow phone.
  startTransition(() => root.render(<App />));
  prefetchAuthDialogOnIntent();
}

void start();

import { readStoredSession } from 'shared/auth/session-storage';
import { yieldToBrowser } from 'shared/browser/idle';
import { rememberThemeForServer } from 'shared/theme/theme-atoms';
import { loadPortalLayout } from './layout/load-portal-layout';
import { startLoadingRemoteModule } from './remotes/remote-registry';
import { firstPageHasFrame, firstRemoteModule } from './routing/route-modules';

// The first page's remote starts loading before React renders, once the share scope is set up: a remote
// asking for a version the portal does not run must fail with that reason. When the page is shown in the
// portal's frame, the frame's chunk starts loading now too: left to React, it would be asked for only once
// the router had rendered, a round trip later than the page it frames. Once it is here, it asks for the
// top bar's data. Each starts in a task of its own: asking for a remote or a chunk sets up the shared
// modules it needs, and together with this file's own evaluation that was one long task on a phone.
const signedIn = readStoredSession() !== null;
// The next signed-in page this browser loads comes with its first view in this theme.
if (signedIn) rememberThemeForServer();
const first = firstRemoteModule(window.location.pathname, signedIn);
if (first) setTimeout(() => startLoadingRemoteModule(first), 0);
if (firstPageHasFrame(window.location.pathname, signedIn)) {
  setTimeout(() => {
    loadPortalLayout().then(
      (frame) => frame.prefetchFrameData(),
      () => {
        // Nothing to do here: the route asks for the chunk again, and that is where a failure is shown.
      },
    );
  }, 0);
}

// Starting up means running the code of React, the theme and query libraries and the portal's own modules
// once. Done in one go that is one long task that holds up a slow phone; in steps (each module's code
// arrives with this file, `eager`, and only runs when its step imports it) the browser gets a turn in between.
async function start(): Promise<void> {
  // Not in the task that evaluated this file: an eager import resolves in a microtask of the same task.
  await yieldToBrowser();
  const { createRoot, hydrateRoot } = await import(/* webpackMode: "eager" */ 'react-dom/client');
  await yieldToBrowser();
  // The providers in three steps: emotion, then MUI's styling (CssBaseline brings it, and MUI builds a
  // default theme as it loads), then the portal's providers and store; in one they were the start-up's
  // longest task. (Modules the providers use anyway: an import() keeps every export of what it names.)
  await import(/* webpackMode: "eager" */ '@emotion/styled');
  await yieldToBrowser();
  await import(/* webpackMode: "eager" */ '@mui/material/CssBaseline');
  await yieldToBrowser();
  await import(/* webpackMode: "eager" */ 'shared/ui/portal-providers');
  await yieldToBrowser();
  const [{ startTransition }, { App }, { prefetchAuthDialogOnIntent }] = await Promise.all([
    import(/* webpackMode: "eager" */ 'react'),
    import(/* webpackMode: "eager" */ './app'),
    import(/* webpackMode: "eager" */ './auth-dialogs/auth-dialogs'),
  ]);
  await yieldToBrowser();

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  // Transitions render in slices that yield to the browser: the first page is not one long task that holds
  // up input on a slow phone.
  if (container.firstElementChild && window.location.pathname === '/' && readStoredSession() === null) {
    // `/` came with the landing page already rendered into the HTML (landing.html, built with the shell):
    // React takes over that markup instead of building it again. Should the landing remote have been
    // redeployed since, React finds its markup different and renders that part afresh.
    startTransition(() => {
      hydrateRoot(container, <App />);
    });
  } else {
    // A signed-in customer on `/` is on the way to the dashboard: the prerendered landing page goes, and
    // so do clicks on it.
    window.ps5EarlyClicks?.take();
    container.replaceChildren();
    const root = createRoot(container);
    startTransition(() => root.render(<App />));
  }
  prefetchAuthDialogOnIntent();
}

void start();

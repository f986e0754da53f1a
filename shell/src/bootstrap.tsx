import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { readStoredSession } from 'shared/auth/session-storage';
import { App } from './app';
import { prefetchAuthDialogOnIntent } from './auth-dialogs/auth-dialogs';
import { startLoadingRemoteModule } from './remotes/remote-registry';
import { firstRemoteModule } from './routing/route-modules';

// The first page's remote starts loading before React renders (and before the portal frame's lazy chunk
// arrives), once the share scope is set up: a remote asking for a version the portal does not run must fail
// with that reason.
const first = firstRemoteModule(window.location.pathname, readStoredSession() !== null);
if (first) startLoadingRemoteModule(first);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
const root = createRoot(container);
// A transition renders in slices that yield to the browser: the first page's render is not one long task
// that holds up input on a slow phone.
startTransition(() => root.render(<App />));
prefetchAuthDialogOnIntent();

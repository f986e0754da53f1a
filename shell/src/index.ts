import { startLoadingRemoteModule } from './remotes/remote-registry';
import { firstRemoteModule } from './routing/route-modules';

// The first page's remote starts loading now, alongside the shell's own code, not after it. Nothing shared
// may be used before the async boundary below, so the session is read from storage directly (same key as
// shared/auth/session-storage).
const first = firstRemoteModule(window.location.pathname, Boolean(window.localStorage.getItem('token')));
if (first) startLoadingRemoteModule(first);

// Async boundary: lets Module Federation negotiate shared singletons before any of them is evaluated.
import('./bootstrap');

import type { OptionsObject, SnackbarMessage } from 'notistack';
import { lazy, Suspense, useSyncExternalStore } from 'react';

export type Enqueue = (message: SnackbarMessage, options?: OptionsObject) => void;

// What shows toasts (notistack, MUI's Alert) is not on the first page's path: a visitor who never sees a
// toast never downloads it. The host is loaded with the first toast; toasts asked for meanwhile wait for it.
// One instance in the composed portal (a federation singleton like the stores), so every remote's toasts
// reach the shell's host.
let hostWanted = false;
const hostWantedListeners = new Set<() => void>();
let mountedHost: Enqueue | null = null;
const waiting: Parameters<Enqueue>[] = [];

/** Shows a toast (notistack's options: variant, preventDuplicate, ...). */
export function showToast(message: SnackbarMessage, options?: OptionsObject): void {
  if (mountedHost) {
    mountedHost(message, options);
    return;
  }
  waiting.push([message, options]);
  if (!hostWanted) {
    hostWanted = true;
    for (const listener of hostWantedListeners) listener();
  }
}

/** The host, once mounted, takes the toasts that waited for it; null when it unmounts. */
function attachToastHost(enqueue: Enqueue | null): void {
  mountedHost = enqueue;
  if (enqueue) for (const [message, options] of waiting.splice(0)) enqueue(message, options);
}

const toasts = { enqueueSnackbar: showToast };

/** notistack's hook, in the part components use: `const { enqueueSnackbar } = useSnackbar()`. */
export function useSnackbar(): typeof toasts {
  return toasts;
}

const SnackbarHost = lazy(() => import('./toast-host'));

function subscribeHostWanted(listener: () => void): () => void {
  hostWantedListeners.add(listener);
  return () => hostWantedListeners.delete(listener);
}

/** Where toasts appear; renders nothing (and loads nothing) until the first toast. */
export function ToastHost() {
  const wanted = useSyncExternalStore(
    subscribeHostWanted,
    () => hostWanted,
    () => false,
  );
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SnackbarHost onAttach={attachToastHost} />
    </Suspense>
  );
}

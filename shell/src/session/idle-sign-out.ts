// An inactivity logout reloads the page, which forgets everything in memory: the reason rides across the
// reload in sessionStorage (this tab only), so the login prompt after it can say why the customer was
// signed out.

const IDLE_SIGN_OUT_KEY = 'signed-out-idle';

/** Said before the guard's own message after an inactivity logout. */
export const IDLE_SIGN_OUT_MESSAGE = 'You were signed out after 5 minutes without activity.';

export function markIdleSignOut(storage: Pick<Storage, 'setItem'> = window.sessionStorage): void {
  try {
    storage.setItem(IDLE_SIGN_OUT_KEY, '1');
  } catch {
    // Storage refused (private mode): the prompt falls back to the general message.
  }
}

/** Whether the last sign-out was for inactivity; answers once, then forgets. */
export function takeIdleSignOut(storage: Pick<Storage, 'getItem' | 'removeItem'> = window.sessionStorage): boolean {
  try {
    const idle = storage.getItem(IDLE_SIGN_OUT_KEY) === '1';
    storage.removeItem(IDLE_SIGN_OUT_KEY);
    return idle;
  } catch {
    return false;
  }
}

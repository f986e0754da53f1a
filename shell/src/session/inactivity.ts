/** 5 minutes without mouse move, key press or click ends the session. */
export const INACTIVITY_LIMIT_MS = 5 * 60 * 1000;
const ACTIVITY_EVENTS = ['mousemove', 'keydown', 'click'] as const;

/**
 * The last activity in any of the customer's tabs, shared through localStorage: activity in one tab keeps
 * every tab alive, and an idle tab never ends the session the customer is using in another.
 */
export const LAST_ACTIVITY_KEY = 'last-activity-at';
/**
 * A shorter limit for this browser (milliseconds), e.g. set by an end-to-end test. It can only shorten the
 * limit, never lengthen it: a customer gains nothing by changing it.
 */
export const INACTIVITY_LIMIT_OVERRIDE_KEY = 'inactivity-limit-ms';
/** Writing on every mouse move would be wasteful: the shared time moves on at most this often. */
const SHARE_EVERY_MS = 1000;

type ActivityStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** The configured limit, or the shorter one this browser asks for. */
export function inactivityLimitMs(storage: ActivityStorage | null = safeLocalStorage()): number {
  const override = Number(storage?.getItem(INACTIVITY_LIMIT_OVERRIDE_KEY) ?? NaN);
  return Number.isFinite(override) && override > 0 ? Math.min(override, INACTIVITY_LIMIT_MS) : INACTIVITY_LIMIT_MS;
}

function safeLocalStorage(): ActivityStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Calls `onIdle` once the user has been inactive for `limitMs` in every tab. Each wait lasts until the
 * earliest moment the limit could be reached; then the last activity (this tab's or another's) is checked
 * again. Returns a function that stops watching.
 */
export function watchInactivity(
  onIdle: () => void,
  limitMs = inactivityLimitMs(),
  target: Window = window,
  storage: ActivityStorage | null = safeLocalStorage(),
): () => void {
  let lastActivity = Date.now();
  let lastShared = 0;
  let timer: ReturnType<typeof setTimeout>;
  const share = (at: number) => {
    lastShared = at;
    try {
      storage?.setItem(LAST_ACTIVITY_KEY, String(at));
    } catch {
      // Storage full or blocked: this tab still counts its own activity.
    }
  };
  const markActive = () => {
    lastActivity = Date.now();
    if (lastActivity - lastShared >= SHARE_EVERY_MS) share(lastActivity);
  };
  const latestActivity = () => {
    const shared = Number(storage?.getItem(LAST_ACTIVITY_KEY) ?? NaN);
    return Number.isFinite(shared) ? Math.max(lastActivity, shared) : lastActivity;
  };
  const check = () => {
    const idleFor = Date.now() - latestActivity();
    if (idleFor >= limitMs) onIdle();
    else timer = setTimeout(check, limitMs - idleFor);
  };
  share(lastActivity);
  for (const event of ACTIVITY_EVENTS) target.addEventListener(event, markActive, { passive: true });
  timer = setTimeout(check, limitMs);
  return () => {
    clearTimeout(timer);
    for (const event of ACTIVITY_EVENTS) target.removeEventListener(event, markActive);
  };
}

/** 5 minutes without mouse move, key press or click ends the session. */
export const INACTIVITY_LIMIT_MS = 5 * 60 * 1000;
const ACTIVITY_EVENTS = ['mousemove', 'keydown', 'click'] as const;

/**
 * Calls `onIdle` once the user has been inactive for `limitMs`. Each wait lasts until the earliest moment
 * the limit could be reached; then the last activity is checked again.
 * Returns a function that stops watching.
 */
export function watchInactivity(onIdle: () => void, limitMs = INACTIVITY_LIMIT_MS, target: Window = window): () => void {
  let lastActivity = Date.now();
  let timer: ReturnType<typeof setTimeout>;
  const markActive = () => {
    lastActivity = Date.now();
  };
  const check = () => {
    const idleFor = Date.now() - lastActivity;
    if (idleFor >= limitMs) onIdle();
    else timer = setTimeout(check, limitMs - idleFor);
  };
  for (const event of ACTIVITY_EVENTS) target.addEventListener(event, markActive, { passive: true });
  timer = setTimeout(check, limitMs);
  return () => {
    clearTimeout(timer);
    for (const event of ACTIVITY_EVENTS) target.removeEventListener(event, markActive);
  };
}

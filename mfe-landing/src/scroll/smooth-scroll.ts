/** Anchors scroll smoothly in 500 ms. */
export const SMOOTH_SCROLL_MS = 500;

/** Slow start, slow finish: the eye follows where the page is going. */
export function easeInOutCubic(t: number): number {
  return t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2;
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Scrolls the window to the element with this id in `duration` ms (requestAnimationFrame, eased), leaving
 * `offset` px above it for a sticky bar, then moves keyboard focus there so the next Tab continues from
 * the section. People who ask for reduced motion jump straight to it.
 */
export function scrollToSection(id: string, { duration = SMOOTH_SCROLL_MS, offset = 0 } = {}): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  const start = window.scrollY;
  // Where the section is now: sections on the way may be laid out only as they come near the screen (the
  // landing page's `content-visibility`), which moves the target; each step aims at where it is then.
  const endNow = () => Math.max(0, target.getBoundingClientRect().top + window.scrollY - offset);
  const end = endNow();
  const arrive = () => {
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
  };
  if (duration <= 0 || prefersReducedMotion() || Math.abs(end - start) < 1) {
    window.scrollTo(0, end);
    arrive();
    return true;
  }
  let startedAt: number | null = null;
  const step = (now: number) => {
    startedAt ??= now;
    const progress = Math.min(1, (now - startedAt) / duration);
    window.scrollTo(0, start + (endNow() - start) * easeInOutCubic(progress));
    if (progress < 1) requestAnimationFrame(step);
    else arrive();
  };
  requestAnimationFrame(step);
  return true;
}

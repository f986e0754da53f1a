/**
 * Runs `task` once the page has loaded and the browser has a moment with nothing else to do: for code a
 * later click may need (a dialog, a tooltip), fetched without competing with the page's own files and calls.
 * Returns a function that cancels it.
 */
export function afterLoadWhenIdle(task: () => void): () => void {
  let cancelIdle = () => {};
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === 'function') {
      // The timeout bounds the wait on a page that never goes quiet.
      const id = window.requestIdleCallback(task, { timeout: 3000 });
      cancelIdle = () => window.cancelIdleCallback(id);
    } else {
      const id = window.setTimeout(task, 200);
      cancelIdle = () => window.clearTimeout(id);
    }
  };
  if (document.readyState === 'complete') {
    whenIdle();
  } else {
    window.addEventListener('load', whenIdle, { once: true });
    cancelIdle = () => window.removeEventListener('load', whenIdle);
  }
  return () => cancelIdle();
}

/**
 * Lets the browser paint and handle input before the next step: code that would run as one long task on a
 * slow phone (starting up, evaluating a page's modules) runs in steps with a browser turn between them.
 */
export const yieldToBrowser = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

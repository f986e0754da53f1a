declare global {
  interface Window {
    /** Set by start.js (tooling/webpack/delivery): buttons clicked before the portal's code ran. */
    ps5EarlyClicks?: { take(): HTMLElement[] };
  }
}

/**
 * `/` is painted from its HTML before the portal's code runs (the landing page is rendered at build time).
 * A visitor who clicks Register or Login in that moment expects the dialog: once the landing page has been
 * taken over, the buttons clicked in the meantime are clicked again, each once.
 */
export function replayEarlyClicks(): void {
  for (const button of new Set(window.ps5EarlyClicks?.take() ?? [])) {
    if (button.isConnected) button.click();
  }
}

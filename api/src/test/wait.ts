// Waiting in tests for work that finishes a moment later (the gateway opening a lease's port, the checker
// deciding, a webhook or socket event arriving): poll until it shows, with one generous default deadline. The
// work takes milliseconds on a quiet machine and far longer in CI, where the API suite runs beside the
// composed e2e and fleet steps; a test that asserts something never happens does not use this.

/**
 * Calls `probe` every `everyMs` until it returns something other than `false`, and returns that; throws
 * "timed out waiting for <what>" once `timeoutMs` has passed.
 */
export async function waitFor<T>(what: string, probe: () => T | false | Promise<T | false>, timeoutMs = 10_000, everyMs = 25): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

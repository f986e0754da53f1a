// Per client address: failed authentications in a sliding-enough window (a password guesser is refused
// outright once over the limit, even with a right guess, until the window passes) and connections still in
// the handshake (a flood of half-open connections from one address cannot exhaust the gateway).
// Memory is bounded: at most MAX_TRACKED addresses; past that the oldest window is forgotten first.

const MAX_TRACKED = 100_000;

export class AuthFailureThrottle {
  readonly #limit: number;
  readonly #windowMs: number;
  /** address -> [failures, window start]; Map keeps insertion order, so the first entry is the oldest. */
  readonly #failures = new Map<string, [number, number]>();

  constructor(limit: number, windowMs: number) {
    this.#limit = limit;
    this.#windowMs = windowMs;
  }

  isBlocked(address: string, now = Date.now()): boolean {
    const entry = this.#failures.get(address);
    if (!entry) return false;
    if (now - entry[1] >= this.#windowMs) {
      this.#failures.delete(address);
      return false;
    }
    return entry[0] >= this.#limit;
  }

  recordFailure(address: string, now = Date.now()): void {
    const entry = this.#failures.get(address);
    if (entry && now - entry[1] < this.#windowMs) {
      entry[0] += 1;
      return;
    }
    this.#failures.delete(address);
    if (this.#failures.size >= MAX_TRACKED) {
      const oldest = this.#failures.keys().next().value;
      if (oldest !== undefined) this.#failures.delete(oldest);
    }
    this.#failures.set(address, [1, now]);
  }
}

export class HandshakeCounter {
  readonly #max: number;
  readonly #open = new Map<string, number>();

  constructor(max: number) {
    this.#max = max;
  }

  /** False when the address already has the maximum in the handshake; otherwise counts one more. */
  tryEnter(address: string): boolean {
    const count = this.#open.get(address) ?? 0;
    if (count >= this.#max) return false;
    this.#open.set(address, count + 1);
    return true;
  }

  leave(address: string): void {
    const count = this.#open.get(address) ?? 0;
    if (count <= 1) this.#open.delete(address);
    else this.#open.set(address, count - 1);
  }
}

// Per client address, in this process: connections still in the handshake (a flood of half-open connections
// from one address cannot exhaust the gateway). A process's own resource, so counted where it is spent;
// the limits that must hold per lease across the fleet are in limits.ts.

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

// Lease ports for the API's tests that run a real gateway.
//
// The block 32000-32767 sits below Linux's ephemeral ports (32768 and up): a port there can be held for a while
// by any outgoing connection of the machine, and a gateway asked to listen on it retries after 1 s, 2 s, 4 s...
// (one CI run waited past a test's deadline that way). It is also apart from the other ranges that run beside
// this suite in `npm test`: the product's default (20000-29999, the composed e2e), the gateway suite's
// (30000-30999) and the fleet step's (31000-31999).

const FIRST = 32_000;
const LAST = 32_767;
let next = FIRST;

/** The next `size` ports of the block, not handed out before in this process (until the block wraps around). */
export function testLeasePorts(size: number): { first: number; last: number } {
  if (next + size - 1 > LAST) next = FIRST;
  const first = next;
  next += size;
  return { first, last: first + size - 1 };
}

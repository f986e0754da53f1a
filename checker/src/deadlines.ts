// Deadlines for many checks at once, on one Node timer. Every check sets two (reaching the upstream, the whole
// check) and nearly always cancels them; with thousands of checks a second, a Node timer each (an object, a
// clock read, a list to join and leave) was a steady share of a check's own work. Deadlines of one duration fall
// due in the order they were set, so each duration keeps a first-in first-out list; a cancelled deadline is only
// marked and skipped when its time comes.

export interface Deadline {
  /** Stops it from firing; harmless when it already fired or was cancelled. */
  cancel(): void;
}

class Entry implements Deadline {
  next: Entry | null = null;
  readonly at: number;
  fire: (() => void) | null;
  constructor(at: number, fire: () => void) {
    this.at = at;
    this.fire = fire;
  }
  cancel(): void {
    this.fire = null;
  }
}

interface Queue {
  head: Entry | null;
  tail: Entry | null;
}

const queues = new Map<number, Queue>();
let timer: NodeJS.Timeout | null = null;
let timerAt = Infinity;

function arm(): void {
  let soonest = Infinity;
  for (const queue of queues.values()) if (queue.head && queue.head.at < soonest) soonest = queue.head.at;
  if (soonest === timerAt) return;
  if (timer) clearTimeout(timer);
  timer = null;
  timerAt = soonest;
  if (soonest === Infinity) return;
  timer = setTimeout(expire, Math.max(1, Math.ceil(soonest - performance.now())));
}

function expire(): void {
  timer = null;
  timerAt = Infinity;
  const now = performance.now();
  const due: (() => void)[] = [];
  for (const [ms, queue] of queues) {
    let entry = queue.head;
    for (; entry && (entry.at <= now || entry.fire === null); entry = entry.next) if (entry.fire) due.push(entry.fire);
    queue.head = entry;
    if (!entry) queues.delete(ms);
  }
  for (const fire of due) fire();
  arm();
}

/** Calls `fire` once `ms` milliseconds from now have passed, unless cancelled before. */
export function deadline(ms: number, fire: () => void): Deadline {
  const entry = new Entry(performance.now() + ms, fire);
  const queue = queues.get(ms);
  if (queue) {
    queue.tail!.next = entry;
    queue.tail = entry;
  } else queues.set(ms, { head: entry, tail: entry });
  if (entry.at < timerAt) arm();
  return entry;
}

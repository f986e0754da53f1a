// The checker's figures since the process started, in the Prometheus text format (the API's /metrics
// carries them for the checks that run in it): checks by outcome (online, or the stage that failed) and
// how long a check took. Checks per second is the rate of the total (also given over the last minute, for a
// glance without Prometheus).
import type { CheckStage } from 'contract/inventory';

/** Upper bounds of the check-duration histogram's buckets, in seconds. */
const BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10];
const PREFIX = 'private_sock5_checker';
const RATE_WINDOW_S = 60;

export class CheckMetrics {
  readonly #outcomes = new Map<'online' | CheckStage, number>();
  readonly #buckets = BUCKETS.map(() => 0);
  #count = 0;
  #sum = 0;
  /** Checks finished in each second of the last minute, by the second's number modulo the window. */
  readonly #perSecond = new Array<number>(RATE_WINDOW_S).fill(0);
  readonly #secondOf = new Array<number>(RATE_WINDOW_S).fill(-1);
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  /** One check: online, or failed at `stage`; `totalMs` null when no check ran (the credentials did not open). */
  record(outcome: 'online' | CheckStage, totalMs: number | null): void {
    this.#outcomes.set(outcome, (this.#outcomes.get(outcome) ?? 0) + 1);
    const second = Math.floor(this.#now() / 1000);
    const slot = second % RATE_WINDOW_S;
    if (this.#secondOf[slot] !== second) {
      this.#secondOf[slot] = second;
      this.#perSecond[slot] = 0;
    }
    this.#perSecond[slot]! += 1;
    if (totalMs === null) return;
    const seconds = totalMs / 1000;
    this.#count += 1;
    this.#sum += seconds;
    BUCKETS.forEach((bound, index) => {
      if (seconds <= bound) this.#buckets[index]! += 1;
    });
  }

  /** Checks per second over the last minute. */
  perSecond(): number {
    const now = Math.floor(this.#now() / 1000);
    let total = 0;
    for (let slot = 0; slot < RATE_WINDOW_S; slot++) if (now - this.#secondOf[slot]! < RATE_WINDOW_S) total += this.#perSecond[slot]!;
    return total / RATE_WINDOW_S;
  }

  render(): string {
    const lines = [`# HELP ${PREFIX}_checks_total Checks of exits, by outcome (online, or the stage that failed).`, `# TYPE ${PREFIX}_checks_total counter`];
    for (const [outcome, count] of this.#outcomes) lines.push(`${PREFIX}_checks_total{outcome="${outcome}"} ${count}`);
    lines.push(`# HELP ${PREFIX}_check_duration_seconds How long one check took.`, `# TYPE ${PREFIX}_check_duration_seconds histogram`);
    BUCKETS.forEach((bound, index) => lines.push(`${PREFIX}_check_duration_seconds_bucket{le="${bound}"} ${this.#buckets[index]}`));
    lines.push(`${PREFIX}_check_duration_seconds_bucket{le="+Inf"} ${this.#count}`);
    lines.push(`${PREFIX}_check_duration_seconds_sum ${this.#sum}`, `${PREFIX}_check_duration_seconds_count ${this.#count}`);
    lines.push(`# HELP ${PREFIX}_checks_per_second Checks per second over the last minute.`, `# TYPE ${PREFIX}_checks_per_second gauge`);
    lines.push(`${PREFIX}_checks_per_second ${this.perSecond()}`);
    return `${lines.join('\n')}\n`;
  }
}

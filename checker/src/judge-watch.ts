// Whether the judge is fine, so that a check failing at the judge stage says something about the exit. Two
// signs that it is not: it does not answer the checker directly, or most of the recent checks failed at the
// judge stage (it is down for the exits, or the path to it is). While either holds, state changes pause.
import { request } from 'node:http';
import type { Logger } from 'gateway/logger';
import type { CheckResult, CheckTimeouts } from './check.ts';

/** Recent checks looked at. */
const WINDOW = 64;
/** Fewer checks than this in the window say nothing about the judge by their share. */
const MIN_SAMPLES = 10;
/** A direct probe's answer stands this long. */
const PROBE_TTL_MS = 2000;

export class JudgeWatch {
  readonly #url: string;
  readonly #timeouts: CheckTimeouts;
  readonly #log: Logger;
  readonly #recent: boolean[] = [];
  #judgeFailures = 0;
  #paused = false;
  #probe: { at: number; ok: Promise<boolean> } | null = null;

  constructor(url: string, timeouts: CheckTimeouts, log: Logger) {
    this.#url = url;
    this.#timeouts = timeouts;
    this.#log = log;
  }

  /** Counts a check's outcome; a passed check shows the judge answers (state changes resume). */
  note(result: CheckResult): void {
    const judgeFailure = !result.ok && (result.stage === 'target' || result.stage === 'answer');
    this.#recent.push(judgeFailure);
    if (judgeFailure) this.#judgeFailures += 1;
    if (this.#recent.length > WINDOW && this.#recent.shift()) this.#judgeFailures -= 1;
    if (result.ok && this.#paused && !this.#mostFailAtJudge()) this.#set(false, 'checks pass through the judge again');
  }

  pausedNow(): boolean {
    return this.#paused;
  }

  /** Whether a failure at the judge stage counts against its exit now. */
  async healthy(): Promise<boolean> {
    if (this.#mostFailAtJudge()) {
      this.#set(true, `${this.#judgeFailures} of the last ${this.#recent.length} checks failed at the judge stage`);
      return false;
    }
    const answers = await this.#probeJudge();
    if (!answers) {
      this.#set(true, 'the judge does not answer the checker directly');
      return false;
    }
    this.#set(false, 'the judge answers again');
    return true;
  }

  #mostFailAtJudge(): boolean {
    return this.#recent.length >= MIN_SAMPLES && this.#judgeFailures * 2 > this.#recent.length;
  }

  #set(paused: boolean, why: string): void {
    if (paused === this.#paused) return;
    this.#paused = paused;
    if (paused) this.#log.warn({ judge: this.#url, why }, 'checker: the judge looks out; exit state changes are paused (checks go on)');
    else this.#log.info({ judge: this.#url, why }, 'checker: exit state changes resume');
  }

  #probeJudge(): Promise<boolean> {
    const now = Date.now();
    if (this.#probe && now - this.#probe.at < PROBE_TTL_MS) return this.#probe.ok;
    const ok = new Promise<boolean>((resolve) => {
      const call = request(`${this.#url}?n=probe`, { method: 'GET', timeout: this.#timeouts.totalMs, headers: { connection: 'close' } }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode === 200));
        response.on('error', () => resolve(false));
      });
      call.on('timeout', () => call.destroy(new Error('timeout')));
      call.on('error', () => resolve(false));
      call.end();
    });
    this.#probe = { at: now, ok };
    return ok;
  }
}

// Deadlines on one shared timer: each fires once, at or after its time and in time order, unless cancelled.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deadline } from './deadlines.ts';

describe('deadlines', () => {
  it('fire at or after their time, in order across durations, and a cancelled one never fires', async () => {
    const started = performance.now();
    const fired: [string, number][] = [];
    const at = (name: string) => () => fired.push([name, performance.now() - started]);
    deadline(60, at('60 ms'));
    const cancelled = deadline(20, at('cancelled'));
    deadline(20, at('20 ms'));
    deadline(40, at('40 ms'));
    cancelled.cancel();
    await new Promise((resolve) => setTimeout(resolve, 120));
    assert.deepEqual(
      fired.map(([name]) => name),
      ['20 ms', '40 ms', '60 ms'],
    );
    for (const [name, ms] of fired) assert.ok(ms >= Number.parseInt(name) - 1, `${name} fired after ${ms.toFixed(1)} ms`);
  });

  it('a deadline set while others wait fires on its own time, and cancelling after it fired does nothing', async () => {
    const fired: string[] = [];
    const long = deadline(80, () => fired.push('long'));
    const short = deadline(10, () => fired.push('short'));
    await new Promise((resolve) => setTimeout(resolve, 40));
    assert.deepEqual(fired, ['short']);
    short.cancel();
    long.cancel();
    await new Promise((resolve) => setTimeout(resolve, 80));
    assert.deepEqual(fired, ['short']);
  });
});

// Runs the judge as a process of its own, on a host every exit can reach (its address in the checks'
// CHECKER_JUDGE_URL). Configuration: CHECKER_JUDGE_HOST (default 0.0.0.0 here) and CHECKER_JUDGE_PORT
// (default 8089). It must see callers' own addresses: put no proxy or load balancer in front of it.
import { startJudge } from './judge.ts';

const host = process.env.CHECKER_JUDGE_HOST?.trim() || '0.0.0.0';
const rawPort = process.env.CHECKER_JUDGE_PORT?.trim() || '8089';
if (!/^\d{1,5}$/.test(rawPort) || Number(rawPort) < 1 || Number(rawPort) > 65_535) {
  console.error(`CHECKER_JUDGE_PORT must be a port number, got "${rawPort}"`);
  process.exit(1);
}
const judge = await startJudge({ host, port: Number(rawPort) });
process.stdout.write(`${JSON.stringify({ level: 30, time: Date.now(), msg: 'judge: answering', host, port: judge.port })}\n`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void judge.close().then(() => process.exit(0)));
}

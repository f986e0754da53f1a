// The check against real sockets on loopback: a live exit passes and names where its traffic leaves; every
// way an upstream fails ends within the check's timeout at the stage where it failed.
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { checkExit, judgeTarget, type CheckResult, type UpstreamExit } from './check.ts';
import { startJudge, type Judge } from './judge.ts';
import { closedPort, startImpostorJudge, startUpstream } from './test/checker-kit.ts';

const timeouts = { connectMs: 1000, totalMs: 1500 };

function exitAt(port: number, login: string | null = null, password: string | null = null): UpstreamExit {
  return { host: '127.0.0.1', port, login, password };
}

function assertFailed(result: CheckResult, stage: string, failure: string): void {
  assert.equal(result.ok, false, JSON.stringify(result));
  if (result.ok) return;
  assert.equal(result.stage, stage, JSON.stringify(result));
  assert.equal(result.failure, failure, JSON.stringify(result));
  assert.ok(result.totalMs <= timeouts.totalMs + 500, `ended within its timeout (${result.totalMs} ms)`);
}

describe('checking an exit', () => {
  let judge: Judge;
  before(async () => {
    judge = await startJudge({ host: '127.0.0.1', port: 0 });
  });
  after(() => judge.close());

  it('passes through a live upstream and reports connect time, ping and the address the judge saw', async () => {
    const upstream = await startUpstream();
    try {
      const result = await checkExit(exitAt(upstream.port), judgeTarget(judge.url), timeouts);
      assert.equal(result.ok, true, JSON.stringify(result));
      if (!result.ok) return;
      assert.equal(result.exitIp, '127.0.0.1');
      assert.ok(result.connectMs >= 0 && result.pingMs >= 0 && result.totalMs >= result.pingMs);
    } finally {
      await upstream.close();
    }
  });

  it('logs in with the exit\'s credentials, and the judge sees the address the upstream leaves from', async () => {
    const upstream = await startUpstream({ login: 'provider', password: 'p4ss:word', localAddress: '127.0.0.2' });
    try {
      const result = await checkExit(exitAt(upstream.port, 'provider', 'p4ss:word'), judgeTarget(judge.url), timeouts);
      assert.equal(result.ok, true, JSON.stringify(result));
      if (result.ok) assert.equal(result.exitIp, '127.0.0.2');
    } finally {
      await upstream.close();
    }
  });

  it('a speed check downloads the asked bytes from the judge through the exit and reports the rate', async () => {
    const upstream = await startUpstream({ localAddress: '127.0.0.2' });
    try {
      const result = await checkExit(exitAt(upstream.port), judgeTarget(judge.url), timeouts, { bytes: 2_000_000 });
      assert.equal(result.ok, true, JSON.stringify(result));
      if (!result.ok) return;
      assert.equal(result.exitIp, '127.0.0.2');
      assert.ok(result.speedMbps !== undefined && result.speedMbps > 0, JSON.stringify(result));
      const plain = await checkExit(exitAt(upstream.port), judgeTarget(judge.url), timeouts);
      assert.equal(plain.ok && plain.speedMbps, undefined, 'a plain check measures no speed');
    } finally {
      await upstream.close();
    }
  });

  it('a wrong password fails at auth; a login the exit lacks fails at the greeting', async () => {
    const upstream = await startUpstream({ login: 'provider', password: 'right' });
    try {
      assertFailed(await checkExit(exitAt(upstream.port, 'provider', 'wrong'), judgeTarget(judge.url), timeouts), 'auth', 'rejected');
      assertFailed(await checkExit(exitAt(upstream.port), judgeTarget(judge.url), timeouts), 'greeting', 'rejected');
    } finally {
      await upstream.close();
    }
  });

  it('nothing listening: refused at connect', async () => {
    assertFailed(await checkExit(exitAt(await closedPort()), judgeTarget(judge.url), timeouts), 'connect', 'refused');
  });

  it('an upstream that accepts and never answers times out at the greeting, within the check\'s timeout', async () => {
    const upstream = await startUpstream({ behaviour: 'black-hole' });
    try {
      const started = Date.now();
      assertFailed(await checkExit(exitAt(upstream.port), judgeTarget(judge.url), timeouts), 'greeting', 'timeout');
      assert.ok(Date.now() - started >= timeouts.totalMs - 50);
    } finally {
      await upstream.close();
    }
  });

  it('garbage instead of SOCKS5 fails at the greeting; hanging up half-way fails where it hung up', async () => {
    const garbage = await startUpstream({ behaviour: 'garbage' });
    const hangUp = await startUpstream({ behaviour: 'hang-up-after-greeting' });
    try {
      assertFailed(await checkExit(exitAt(garbage.port), judgeTarget(judge.url), timeouts), 'greeting', 'protocol');
      assertFailed(await checkExit(exitAt(hangUp.port), judgeTarget(judge.url), timeouts), 'target', 'closed');
    } finally {
      await garbage.close();
      await hangUp.close();
    }
  });

  it('a judge that is down fails at the target (the upstream refused the CONNECT)', async () => {
    const upstream = await startUpstream();
    try {
      const down = judgeTarget(`http://127.0.0.1:${await closedPort()}/`);
      assertFailed(await checkExit(exitAt(upstream.port), down, timeouts), 'target', 'refused');
    } finally {
      await upstream.close();
    }
  });

  it('an answer that is not the judge\'s (no nonce, not JSON) is a bad answer', async () => {
    const upstream = await startUpstream();
    const impostor = await startImpostorJudge('{"ip":"203.0.113.5","n":"not-yours"}');
    const portal = await startImpostorJudge('<html>Welcome to the hotel wifi</html>');
    try {
      assertFailed(await checkExit(exitAt(upstream.port), judgeTarget(impostor.url), timeouts), 'answer', 'bad-answer');
      assertFailed(await checkExit(exitAt(upstream.port), judgeTarget(portal.url), timeouts), 'answer', 'bad-answer');
      assertFailed(await checkExit(exitAt(upstream.port), judgeTarget(impostor.url), timeouts, { bytes: 1000 }), 'answer', 'bad-answer');
    } finally {
      await upstream.close();
      await impostor.close();
      await portal.close();
    }
  });
});

describe('the judge', () => {
  it('answers GET / with the caller\'s address and the nonce, and nothing else', async () => {
    const judge = await startJudge({ host: '127.0.0.1', port: 0 });
    try {
      const answer = await fetch(`${judge.url}?n=abc_123`);
      assert.equal(answer.status, 200);
      assert.equal(answer.headers.get('cache-control'), 'no-store');
      assert.deepEqual(await answer.json(), { ip: '127.0.0.1', n: 'abc_123' });
      assert.deepEqual(await (await fetch(`${judge.url}?n=${'x'.repeat(65)}`)).json(), { ip: '127.0.0.1', n: '' });
      assert.equal((await fetch(`${judge.url}anything`)).status, 404);
      const download = await fetch(`${judge.url}?n=abc&bytes=100000`);
      assert.equal(download.status, 200);
      assert.deepEqual([download.headers.get('x-judge-ip'), download.headers.get('x-judge-nonce')], ['127.0.0.1', 'abc']);
      assert.equal((await download.arrayBuffer()).byteLength, 100_000);
      assert.equal((await fetch(`${judge.url}?n=abc&bytes=${16 * 1024 * 1024 + 1}`)).status, 400);
      assert.equal((await fetch(judge.url, { method: 'POST', body: 'x' })).status, 404);
    } finally {
      await judge.close();
    }
  });

  it('stays an HTTP/1.1 server: a head in pieces, HEAD without a body, no Host or no HTTP is a 400', async () => {
    const judge = await startJudge({ host: '127.0.0.1', port: 0 });
    /** Sends the request in the given pieces and reads everything until the judge closes. */
    const raw = (...pieces: string[]) =>
      new Promise<string>((resolve, reject) => {
        let text = '';
        const socket = connect({ host: '127.0.0.1', port: judge.port }, async () => {
          for (const piece of pieces) {
            socket.write(piece);
            await new Promise((wait) => setTimeout(wait, 20));
          }
        });
        socket.setEncoding('latin1').on('data', (chunk: string) => (text += chunk));
        socket.on('end', () => resolve(text)).on('error', reject);
      });
    try {
      const split = await raw('GET /?n=pie', 'ces HTTP/1.1\r\nHo', 'st: judge\r\n\r\n');
      assert.match(split, /^HTTP\/1\.1 200 OK\r\n/);
      assert.match(split, /\r\nDate: [A-Z][a-z]{2}, \d\d [A-Z][a-z]{2} \d{4} /);
      assert.ok(split.endsWith('\r\n\r\n{"ip":"127.0.0.1","n":"pieces"}'), split);
      const absolute = await raw('GET http://judge.example/?n=abs HTTP/1.1\r\nHost: judge.example\r\n\r\n');
      assert.ok(absolute.endsWith('{"ip":"127.0.0.1","n":"abs"}'), absolute);
      const headOnly = await raw('HEAD /?n=h HTTP/1.1\r\nHost: judge\r\n\r\n');
      assert.match(headOnly, /^HTTP\/1\.1 200 OK\r\n[^]*Content-Length: 26\r\n[^]*\r\n\r\n$/);
      assert.match(await raw('GET / HTTP/1.1\r\n\r\n'), /^HTTP\/1\.1 400 /);
      assert.match(await raw('GET / HTTP/1.0\r\n\r\n'), /^HTTP\/1\.1 200 /);
      assert.match(await raw('hello there\r\n\r\n'), /^HTTP\/1\.1 400 /);
      assert.match(await raw(`GET / HTTP/1.1\r\nX: ${'x'.repeat(9000)}`), /^HTTP\/1\.1 431 /);
    } finally {
      await judge.close();
    }
  });
});

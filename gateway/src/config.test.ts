// The gateway's settings as a gateway process and the API's in-process gateway read them.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';
import { loadGatewayConfig } from './config.ts';
import { startEmbeddedGateway } from './embedded.ts';
import { silentLogger } from './logger.ts';

const refusal = /GATEWAY_ALLOW_LOOPBACK=true is refused with NODE_ENV=production: customers could then reach the services of the gateway host itself\./;

describe('GATEWAY_ALLOW_LOOPBACK', () => {
  test('lets loopback through in tests and development, and is refused with NODE_ENV=production', () => {
    assert.equal(loadGatewayConfig({}).allowLoopback, false);
    assert.equal(loadGatewayConfig({ GATEWAY_ALLOW_LOOPBACK: 'true' }).allowLoopback, true);
    assert.equal(loadGatewayConfig({ GATEWAY_ALLOW_LOOPBACK: 'yes', NODE_ENV: 'test' }).allowLoopback, true);
    assert.equal(loadGatewayConfig({ GATEWAY_ALLOW_LOOPBACK: 'false', NODE_ENV: 'production' }).allowLoopback, false);
    for (const value of ['true', 'TRUE', '1', 'yes']) {
      assert.throws(() => loadGatewayConfig({ GATEWAY_ALLOW_LOOPBACK: value, NODE_ENV: 'production' }), refusal, value);
    }
  });

  test('a gateway process refuses to start with it in production, saying why in one line', () => {
    const started = spawnSync(process.execPath, [fileURLToPath(new URL('./main.ts', import.meta.url))], {
      env: { PATH: process.env.PATH, NODE_ENV: 'production', GATEWAY_ALLOW_LOOPBACK: 'true', DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', GATEWAY_WORKERS: '1' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    assert.equal(started.status, 1);
    assert.match(started.stderr, /^The gateway cannot start: GATEWAY_ALLOW_LOOPBACK=true is refused with NODE_ENV=production/);
  });

  test('the gateway inside the API refuses it too, before it reaches for its database', async () => {
    await assert.rejects(
      startEmbeddedGateway({
        database: { kind: 'postgres', url: 'postgres://nobody@127.0.0.1:1/none', schema: null },
        environment: { NODE_ENV: 'production', GATEWAY_ALLOW_LOOPBACK: 'true' },
        log: silentLogger,
      }),
      refusal,
    );
  });
});

// The environment of a fleet that a script starts for itself (npm test's fleet step, bench:fleet): a fresh
// directory, its own ports, lease ports, database (on TEST_DATABASE_URL's server unless named) and Redis prefix.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * @param {{ name: string, port: number, databaseUrl: string | undefined, gatewayPortRange: string | undefined }} options
 *   name: of the directory, database suffix and Redis prefix (`fleet_test` gives database <test>_fleet_test).
 */
export function fleetRunEnv(options) {
  const base = new URL(process.env.TEST_DATABASE_URL || `postgres://${process.env.USER || 'postgres'}@127.0.0.1:5432/test`);
  base.pathname = `/${base.pathname.slice(1) || 'test'}_${options.name}`;
  return {
    ...process.env,
    FLEET_DIR: mkdtempSync(join(tmpdir(), `ps5-${options.name.replaceAll('_', '-')}-`)),
    FLEET_PORT: String(options.port),
    FLEET_DATABASE_URL: options.databaseUrl || base.href,
    GATEWAY_PORT_RANGE: options.gatewayPortRange || '31000-31999',
    REDIS_PREFIX: `private-sock5-${options.name.replaceAll('_', '-')}-${randomBytes(4).toString('hex')}:`,
    LOG_LEVEL: 'warn',
  };
}

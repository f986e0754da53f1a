// Our gateway for the benchmark, in a process of its own, exactly as in production: leases read from the
// database (embedded PGlite here, migrated with the API's migrations), authentication from memory, one
// listener on the lease's port. Reports the lease's port and credentials to the parent.
import { PGlite } from '@electric-sql/pglite';
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { loadGatewayConfig } from '../src/config.ts';
import { startGateway } from '../src/gateway.ts';
import { createPGliteAdapter } from '../src/pglite-adapter.ts';

const leasePort = Number(process.argv[2]);
const migrations = fileURLToPath(new URL('../../api/migrations/', import.meta.url));

const pglite = await PGlite.create();
for (const name of (await readdir(migrations)).filter((file) => file.endsWith('.sql')).sort()) {
  await pglite.exec(await readFile(migrations + name, 'utf8'));
}
const [user] = (await pglite.query<{ id: string }>(
  `INSERT INTO users (username, email, password_hash) VALUES ('bench', 'bench@example.com', 'x') RETURNING id`,
)).rows;
const [exit] = (await pglite.query<{ id: number }>(
  `INSERT INTO exits (source, endpoint_key, kind, declared_type, state) VALUES ('bench', 'direct:bench:1', 'direct', 'residential', 'online')
   RETURNING id`,
)).rows;
const [listing] = (await pglite.query<{ id: number }>(
  `INSERT INTO proxy_listings (exit_id, real_ip, dns_ip, domain, region_key, ct, country, state, city, zip,
     latitude, time_zone, isp, user_type, speed, ping, added_at, base_cents, fresh_cents, sbl_black, xbl_black,
     css_black, pbl_black, online)
   VALUES ($1, '198.18.0.1', '198.18.0.1', 'bench.test', 'USA', 'US', 'United States', 'California',
     'Fresno', '93650', 36.8, 'America/Los_Angeles', 'Bench ISP', 'Residential', 10, 20, now(), 200, 0, 0, 0, 0, 0, true)
   RETURNING id`,
  [exit!.id],
)).rows;
await pglite.query(
  `INSERT INTO proxy_leases (user_id, listing_id, port, socks_auth, price_cents, starts_at, expires_at)
   VALUES ($1, $2, $3, 'bench1:secret1', 200, now(), now() + interval '1 day')`,
  [user!.id, listing!.id, leasePort],
);

const config = {
  ...loadGatewayConfig({}),
  portRange: { first: leasePort, last: leasePort },
  allowLoopback: true,
  maxConnectionsPerLease: 100_000,
  maxHandshakesPerSource: 100_000,
};
const gateway = await startGateway({ config, adapter: createPGliteAdapter(pglite) });
while (!gateway.listeningPorts().includes(leasePort)) await new Promise((resolve) => setTimeout(resolve, 10));
process.send?.({ port: leasePort, login: 'bench1', password: 'secret1' });
// The benchmark asks for a full collection before it reads this process's memory (started with --expose-gc).
process.on('message', (message) => {
  if (message !== 'gc') return;
  (globalThis as { gc?: () => void }).gc?.();
  process.send?.('gc-done');
});

// A clean exit on SIGTERM, so a profiler started with --cpu-prof can write its profile.
process.once('SIGTERM', () => {
  void gateway.close().finally(() => process.exit(0));
});

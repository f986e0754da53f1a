// What the inventory is when the API starts: today's listings carried over as exits (migration 0015), their
// plain-text credentials sealed; the demo catalogue only on embedded defaults or when asked; a production-like
// start (DATABASE_URL) with an empty market and a log line saying how to stock it.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import pg from 'pg';
import { createExitCredentialOpener } from 'gateway/exit-credential-opener';
import { EXIT_CREDENTIALS_SETTING } from 'gateway/exit-credentials';
import { loadConfig } from '../config.ts';
import { migrate, migrationsDir } from '../db/migrator.ts';
import { backends, build, openTestDatabase, testEnvironment } from '../test/helpers.ts';
import { inventoryDb } from './inventory-schema.ts';

const mainScript = fileURLToPath(new URL('../main.ts', import.meta.url));

for (const backend of backends) {
  describe(`the inventory at start on ${backend}`, () => {
    it('carries today\'s listings over as exits under their ids, and seals plain-text credentials at the next start', async (t) => {
      // A database as the previous version left it: migrated up to 0014, two listings of its own.
      const before = await mkdtemp(join(tmpdir(), 'private-sock5-migrations-'));
      t.after(() => rm(before, { recursive: true, force: true }));
      for (const name of (await readdir(migrationsDir)).filter((file) => file < '0015')) await copyFile(join(migrationsDir, name), join(before, name));
      const database = await openTestDatabase(backend, { migrated: false });
      t.after(() => database.close());
      await migrate(database.db, before);
      await sql`
        insert into proxy_listings (source, source_ref, real_ip, dns_ip, domain, region_key, ct, country, state, city, zip,
          latitude, time_zone, isp, user_type, speed, ping, added_at, base_cents, fresh_cents, sbl_black, xbl_black,
          css_black, pbl_black, online, exit_kind, exit_host, exit_port, exit_login, exit_pass)
        values
          ('demo', 'demo-1-0', '198.18.0.1', '198.18.0.2', 'a.test', 'USA', 'US', 'United States', 'Texas', 'Austin', '73301',
           30.2, 'America/Chicago', 'ISP', 'MOB', 40, 60, now(), 60, 80, 0, 0, 0, 0, true, 'direct', null, null, null, null),
          ('manual', 'by-hand', '203.0.113.50', '', '', 'Europe', 'DE', 'Germany', 'Berlin', 'Berlin', '10115',
           52.5, 'Europe/Berlin', 'ISP', 'DCH', 100, 20, now(), 70, 90, 0, 0, 0, 0, true, 'socks5', '203.0.113.50', 1080, 'by-hand', 'Plain-Text-9')`.execute(database.db);

      const app = await build(t, backend, { database });
      const exits = await inventoryDb(app.db)
        .selectFrom('exits')
        .innerJoin('proxy_listings', 'proxy_listings.exit_id', 'exits.id')
        .select(['exits.id', 'proxy_listings.id as listing_id', 'exits.source', 'exits.kind', 'exits.endpoint_key', 'exits.declared_type', 'exits.state', 'exits.credentials_box', 'exits.legacy_login', 'exits.legacy_password'])
        .orderBy('exits.id')
        .execute();
      assert.equal(exits.length, 2, 'the demo was not seeded over them');
      const [demo, manual] = exits;
      assert.deepEqual([demo!.id, demo!.listing_id, demo!.source, demo!.kind, demo!.endpoint_key, demo!.declared_type, demo!.state], [1, 1, 'demo', 'direct', 'direct:demo:demo-1-0', 'mobile', 'online']);
      assert.deepEqual([manual!.source, manual!.kind, manual!.declared_type, manual!.legacy_login, manual!.legacy_password], ['manual', 'socks5', 'datacenter', null, null]);
      assert.match(manual!.endpoint_key, /^socks5:203\.0\.113\.50:1080:[\w-]{22}$/);
      const dump = JSON.stringify((await sql`select * from exits`.execute(app.db)).rows);
      assert.ok(!dump.includes('Plain-Text-9'), 'no plain-text password left');
      // What the gateway and the checker do with it: it opens, bound to its endpoint.
      const key = await app.db.selectFrom('settings').select('value').where('key', '=', EXIT_CREDENTIALS_SETTING).executeTakeFirstOrThrow();
      assert.deepEqual(createExitCredentialOpener(key.value).open(manual!.endpoint_key, manual!.credentials_box!), { login: 'by-hand', password: 'Plain-Text-9' });
    });

    it('embedded defaults seed the demo catalogue as exits of source demo; INVENTORY_DEMO=false leaves the market empty', async (t) => {
      const withDemo = await build(t, backend, { config: { marketplace: { inventorySize: 40, inventorySeed: 3, cacheMs: 0 } } });
      const summary = await withDemo.inventory.summary();
      assert.equal(summary.sources.length, 1);
      assert.equal(summary.sources[0]?.source, 'demo');
      assert.equal(summary.sources[0]!.online + summary.sources[0]!.dead, 40);
      assert.ok(summary.forSale > 30);

      const without = await build(t, backend, { config: { marketplace: { inventorySize: 40, inventorySeed: 3, cacheMs: 0 }, inventory: { demo: false } } });
      assert.deepEqual(await without.inventory.summary(), { sources: [], forSale: 0, leased: 0 });
    });
  });
}

describe('the demo setting', () => {
  it('is on for embedded defaults and off with DATABASE_URL unless INVENTORY_DEMO asks for it', () => {
    assert.equal(loadConfig({}).inventory.demo, true);
    assert.equal(loadConfig({ DATABASE_URL: 'postgres://db/shop' }).inventory.demo, false);
    assert.equal(loadConfig({ DATABASE_URL: 'postgres://db/shop', INVENTORY_DEMO: 'true' }).inventory.demo, true);
    assert.equal(loadConfig({ INVENTORY_DEMO: 'false' }).inventory.demo, false);
    assert.throws(() => loadConfig({ INVENTORY_DEMO: 'maybe' }), /INVENTORY_DEMO must be true or false/);
  });
});

describe('a production-like start', () => {
  it('with DATABASE_URL seeds no demo and says how to import', { skip: testEnvironment.databaseUrl ? false : 'needs TEST_DATABASE_URL' }, async (t) => {
    const schema = `start_${Date.now().toString(36)}`;
    const url = testEnvironment.databaseUrl!;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    t.after(async () => {
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    });
    const databaseUrl = new URL(url);
    databaseUrl.searchParams.set('options', `-c search_path=${schema}`);
    const dataDir = await mkdtemp(join(tmpdir(), 'private-sock5-start-'));
    t.after(() => rm(dataDir, { recursive: true, force: true }));
    const api = spawn(process.execPath, [mainScript], {
      env: { ...process.env, DATABASE_URL: databaseUrl.href, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'info', INVENTORY_DEMO: '', INVENTORY_SIZE: '500' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    api.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    api.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 60_000;
    while (!output.includes('Private Sock5 on') && api.exitCode === null && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    api.kill('SIGTERM');
    await once(api, 'exit');
    assert.match(output, /Private Sock5 on/, output);
    assert.match(output, /inventory: the market is empty\. Import your exits with `npm run inventory -- import FILE`/);
    assert.match(output, /EXIT_CREDENTIALS_KEY is not set/);
    const { rows } = await admin.query(`select (select count(*) from ${schema}.exits)::int as exits, (select count(*) from ${schema}.proxy_listings)::int as listings`);
    assert.deepEqual(rows[0], { exits: 0, listings: 0 });
  });
});

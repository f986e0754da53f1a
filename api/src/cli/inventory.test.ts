// The operator's inventory command, as an operator runs it: on the embedded database while the portal runs
// (it asks the running process, which holds the database), on it while nothing runs (it opens it itself),
// and on PostgreSQL (it writes the database itself, next to any running instance).
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it, type TestContext } from 'node:test';
import { closedPort, startUpstream } from 'checker/test-kit';
import { buildApp } from '../app.ts';
import type { Config } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { inventoryDb } from '../inventory/inventory-schema.ts';
import { loopbackUrl, readControlFile, removeControlFile, writeControlFile } from '../operator/operator-control.ts';
import { openTestDatabase, testConfig, testEnvironment } from '../test/helpers.ts';
import { grantOperator } from './grant-operator.ts';
import { runInventoryCommand } from './inventory.ts';

function capture(cwd: string) {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { cwd, out: (text: string) => void out.push(text), err: (text: string) => void err.push(text) }, out, err };
}

async function folder(t: TestContext): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'private-sock5-inventory-cli-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

describe('inventory command', () => {
  it('says how it is used, and refuses bad arguments before touching anything', async (t) => {
    const dir = await folder(t);
    const env = { DATA_DIR: dir };
    for (const argv of [[], ['frobnicate'], ['import'], ['import', 'a', 'b'], ['import', 'x.txt', '--type', 'gaming'], ['import', 'x.txt', '--source', 'Bad Name'], ['import', 'x.txt', '--source', 'a', '--sync', 'b'], ['check', '--state', 'retired'], ['check', '--id', 'abc'], ['retire'], ['status', 'extra']]) {
      const { io, err } = capture(dir);
      assert.equal(await runInventoryCommand(argv, env, io), 2, argv.join(' '));
      assert.match(err.join('\n'), /usage: inventory/);
    }
    const missing = capture(dir);
    assert.equal(await runInventoryCommand(['import', 'no-such-file.txt'], env, missing.io), 2);
    assert.match(missing.err[0] ?? '', /cannot read no-such-file.txt: no such file/);
    const help = capture(dir);
    assert.equal(await runInventoryCommand(['--help'], env, help.io), 0);
  });

  it('while the portal runs on the embedded database, goes through the running process; with nothing running, opens it', async (t) => {
    const dataDir = await folder(t);
    const work = await folder(t);
    const env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
    const upstream = await startUpstream({ login: 'cli', password: 'cli-pass', localAddress: '127.0.0.7' });
    t.after(() => upstream.close());
    const dead = await closedPort();
    await writeFile(join(work, 'exits.txt'), `# two exits\n127.0.0.1:${upstream.port}:cli:cli-pass,mobile,90,cli test\n127.0.0.1:${dead}\n`);
    await writeFile(join(work, 'bad.txt'), `127.0.0.1:${upstream.port}:cli:cli-pass\n198.51.100.9:70000\n`);

    // The portal, holding the embedded database in DATA_DIR, as `npm start` runs it.
    const config = testConfig(dataDir, { marketplace: { inventorySize: 0, inventorySeed: 1, cacheMs: 0 }, inventory: { demo: false } });
    const app = await buildApp(config);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const control = { url: loopbackUrl('127.0.0.1', (app.server.address() as AddressInfo).port), token: app.operatorControl.token, pid: process.pid };
    await writeControlFile(config.inventory.controlFile, control);
    try {
      const refused = capture(work);
      assert.equal(await runInventoryCommand(['import', 'bad.txt'], env, refused.io), 1);
      assert.match(refused.err[0] ?? '', /^Nothing was imported: 1 bad line of 2 \(first: line 2, the port is out of range/);
      assert.equal(refused.err[1], '  line 2: the port is out of range (1-65535)');

      const imported = capture(work);
      assert.equal(await runInventoryCommand(['import', 'exits.txt', '--sync', 'cli-list'], env, imported.io), 0, imported.err.join('\n'));
      assert.equal(imported.out[0], 'Imported 2 exits into source "cli-list": 2 new, 0 updated, 0 unchanged, 0 retired. New exits go on sale after their first check passes.');
      // Written by the running process (the command could not have opened its database).
      const rows = await inventoryDb(app.db).selectFrom('exits').select(['source', 'state']).execute();
      assert.deepEqual(rows, [{ source: 'cli-list', state: 'unchecked' }, { source: 'cli-list', state: 'unchecked' }]);

      const status = capture(work);
      assert.equal(await runInventoryCommand(['status'], env, status.io), 0);
      assert.deepEqual(status.out, ['source    unchecked  online  dead  retired', 'cli-list          2       0     0        0', 'On the market: 0 for sale, 0 leased.']);
      // No checker in this process: the command says why instead of pretending.
      const check = capture(work);
      assert.equal(await runInventoryCommand(['check'], env, check.io), 1);
      assert.match(check.err[0] ?? '', /No checker runs in this instance/);
    } finally {
      await removeControlFile(config.inventory.controlFile, control.token);
      await app.close();
    }
    assert.equal(await readControlFile(config.inventory.controlFile), null);

    // Nothing runs: the command opens the embedded database itself, and runs the checks itself.
    const checked = capture(work);
    assert.equal(await runInventoryCommand(['check', '--source', 'cli-list'], env, checked.io), 0, checked.err.join('\n'));
    assert.match(checked.out[0] ?? '', /^Checked 2 exits in [\d.]+ s through the judge http:\/\/127\.0\.0\.1:\d+\/: 1 passed, 1 failed \(at connect 1\)\.$/);
    assert.match(checked.out.join('\n'), /online: ping \d+ ms, connect \d+ ms, exit IP 127\.0\.0\.7/);
    const retired = capture(work);
    assert.equal(await runInventoryCommand(['retire', 'cli-list'], env, retired.io), 0);
    assert.deepEqual(retired.out, ['Retired 2 exits of source "cli-list".']);
    // Both ways the actions are in the operator audit log under the command's name.
    const database = await openDatabase(config.database);
    try {
      const audited = await database.db.selectFrom('operator_audit').select(['actor', 'action', 'target']).orderBy('id').execute();
      assert.deepEqual(
        audited.map((row) => [row.action, row.target]),
        [
          ['inventory.import', 'source:file'],
          ['inventory.import', 'source:cli-list'],
          ['inventory.check', 'source:cli-list'],
          ['inventory.retire', 'source:cli-list'],
        ],
      );
      assert.ok(audited.every((row) => /^inventory command \(.+\)$/.test(row.actor)), JSON.stringify(audited));
    } finally {
      await database.close();
    }
  });

  it('audits an import alike whether the running process or the command itself writes it', async (t) => {
    const work = await folder(t);
    await writeFile(join(work, 'exits.txt'), '198.51.100.30:1080:u:p,mobile,90,audited\n198.51.100.31:1080\n');
    await writeFile(join(work, 'bad.txt'), '198.51.100.32:1080\n198.51.100.33:70000\n');
    const imports = [['import', 'bad.txt'], ['import', 'exits.txt', '--sync', 'audited'], ['import', 'exits.txt', '--sync', 'audited']];
    const auditRows = async (config: Config) => {
      const database = await openDatabase(config.database);
      try {
        return await database.db.selectFrom('operator_audit').select(['actor_id', 'actor', 'action', 'target', 'before', 'after']).orderBy('id').execute();
      } finally {
        await database.close();
      }
    };
    const run = async (dataDir: string) => {
      for (const argv of imports) await runInventoryCommand(argv, { DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, capture(work).io);
    };
    const settings = { marketplace: { inventorySize: 0, inventorySeed: 1, cacheMs: 0 }, inventory: { demo: false } };

    // Through the operator route of the running portal.
    const viaRoute = testConfig(await folder(t), settings);
    const app = await buildApp(viaRoute);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const control = { url: loopbackUrl('127.0.0.1', (app.server.address() as AddressInfo).port), token: app.operatorControl.token, pid: process.pid };
    await writeControlFile(viaRoute.inventory.controlFile, control);
    try {
      await run(viaRoute.dataDir);
    } finally {
      await removeControlFile(viaRoute.inventory.controlFile, control.token);
      await app.close();
    }
    // With nothing running: the command writes the embedded database itself.
    const direct = testConfig(await folder(t), settings);
    await run(direct.dataDir);

    const routeRows = await auditRows(viaRoute);
    assert.deepEqual(
      routeRows.map((row) => [row.target, (row.after as { imported: boolean }).imported]),
      [['source:file', false], ['source:audited', true], ['source:audited', true]],
    );
    assert.deepEqual(await auditRows(direct), routeRows);
  });

  it('on PostgreSQL writes the database itself', { skip: testEnvironment.databaseUrl ? false : 'needs TEST_DATABASE_URL' }, async (t) => {
    const database = await openTestDatabase('postgres');
    t.after(() => database.close());
    const work = await folder(t);
    await writeFile(join(work, 'list.csv'), 'host,port,login,password,type,price_cents,label,country\n198.51.100.20,1080,u,p,residential,95,csv,de\n');
    const url = new URL(testEnvironment.databaseUrl!);
    url.searchParams.set('options', `-c search_path=${database.schema}`);
    const env = { DATABASE_URL: url.href, DATA_DIR: work };
    const imported = capture(work);
    assert.equal(await runInventoryCommand(['import', 'list.csv'], env, imported.io), 0, imported.err.join('\n'));
    const row = await inventoryDb(database.db)
      .selectFrom('exits')
      .innerJoin('proxy_listings', 'proxy_listings.exit_id', 'exits.id')
      .select(['exits.source', 'exits.price_cents', 'proxy_listings.ct', 'proxy_listings.country', 'proxy_listings.region_key'])
      .executeTakeFirstOrThrow();
    assert.deepEqual(row, { source: 'file', price_cents: 95, ct: 'DE', country: 'Germany', region_key: 'Europe' });
  });
});

describe('grant-operator command', () => {
  it('grants and revokes the operator role by username, and says so', async (t) => {
    const dataDir = await folder(t);
    const env = { DATA_DIR: dataDir };
    const app = await buildApp(testConfig(dataDir, { marketplace: { inventorySize: 0, inventorySeed: 1, cacheMs: 0 } }));
    await app.db.insertInto('users').values({ username: 'Olga', email: 'olga@example.com', password_hash: 'unused' }).execute();
    await app.close();
    assert.deepEqual(await grantOperator([], env), { code: 2, output: 'usage: grant-operator <username> [--revoke]' });
    assert.deepEqual(await grantOperator(['nobody'], env), { code: 1, output: 'No account named "nobody".' });
    assert.deepEqual(await grantOperator(['olga'], env), { code: 0, output: 'olga is now an operator.' });
    assert.deepEqual(await grantOperator(['OLGA'], env), { code: 0, output: 'OLGA was already an operator.' });
    assert.deepEqual(await grantOperator(['olga', '--revoke'], env), { code: 0, output: 'olga is no longer an operator.' });
  });
});

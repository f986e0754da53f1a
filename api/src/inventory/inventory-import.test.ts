// Importing exits through the operator API: every accepted form in one file; a bad line reported by number
// and, by default, nothing of the file imported; re-imports update and never duplicate; a sync retires what
// the file no longer lists; large and hostile files are refused whole while the API keeps answering.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import type { InventorySummary } from 'contract/inventory';
import type { ProxyListing } from 'contract/marketplace';
import { call, customer } from '../test/market-kit.ts';
import { backends } from '../test/helpers.ts';
import { buildInventoryApp, importText, operatorCall } from '../test/inventory-kit.ts';
import { inventoryDb } from './inventory-schema.ts';
import type { ProxySource, SourceExit } from './proxy-source.ts';

const MIXED = [
  '# our exits, mixed forms',
  '198.51.100.1:1080',
  '198.51.100.2:1080:alice:s3cret-1',
  'bob:s3cret-2@gw.example.net:10000,mobile,150,LTE pool A',
  'socks5://carol:s3cret%3A3@198.51.100.3:1080,residential,,home',
  'socks5h://[2001:db8::7]:1080,datacenter',
  '[2001:db8::8]:1081:dave:s3cret-4',
  '',
].join('\n');

async function exitRows(app: Parameters<typeof inventoryDb>[0]) {
  return inventoryDb(app)
    .selectFrom('exits')
    .innerJoin('proxy_listings', 'proxy_listings.exit_id', 'exits.id')
    .select(['exits.id', 'exits.source', 'exits.host', 'exits.port', 'exits.state', 'exits.declared_type', 'exits.price_cents', 'exits.label', 'exits.credentials_box', 'proxy_listings.online', 'proxy_listings.user_type', 'proxy_listings.base_cents', 'proxy_listings.fresh_cents', 'proxy_listings.ct', 'proxy_listings.region_key', 'proxy_listings.real_ip'])
    .orderBy('exits.id')
    .execute();
}

for (const backend of backends) {
  describe(`inventory import on ${backend}`, () => {
    it('imports every accepted form in one file, unchecked and off the market, with the credentials sealed', async (t) => {
      const { app } = await buildInventoryApp(t, backend);
      const { status, report } = await importText(app, MIXED);
      assert.equal(status, 200, JSON.stringify(report));
      assert.deepEqual(
        { imported: report.imported, source: report.source, lines: report.lines, exits: report.exits, created: report.created, errors: report.errorCount },
        { imported: true, source: 'file', lines: 6, exits: 6, created: 6, errors: 0 },
      );
      const rows = await exitRows(app.db);
      assert.deepEqual(
        rows.map((r) => [r.host, r.port, r.declared_type, r.price_cents, r.label, r.state, r.online]),
        [
          ['198.51.100.1', 1080, 'datacenter', null, '', 'unchecked', false],
          ['198.51.100.2', 1080, 'datacenter', null, '', 'unchecked', false],
          ['gw.example.net', 10000, 'mobile', 150, 'LTE pool A', 'unchecked', false],
          ['198.51.100.3', 1080, 'residential', null, 'home', 'unchecked', false],
          ['2001:db8::7', 1080, 'datacenter', null, '', 'unchecked', false],
          ['2001:db8::8', 1081, 'datacenter', null, '', 'unchecked', false],
        ],
      );
      // The operator's price is the price; without one, the type's class.
      const mobile = rows.find((r) => r.host === 'gw.example.net')!;
      assert.deepEqual([mobile.user_type, mobile.base_cents, mobile.fresh_cents], ['MOB', 150, 0]);
      assert.deepEqual([rows[0]!.user_type, rows[0]!.base_cents, rows[0]!.fresh_cents], ['DCH', 50, 70]);
      // Location unknown until measured: no region tab, findable by address.
      assert.deepEqual([rows[0]!.ct, rows[0]!.region_key, rows[0]!.real_ip], ['XX', 'Unknown', '198.51.100.1']);
      assert.equal(mobile.real_ip, '', 'a host name is not an address');
      // Sealed: no password in any column of any exit.
      const dump = JSON.stringify((await sql`select * from exits`.execute(app.db)).rows);
      for (const secret of ['s3cret-1', 's3cret-2', 's3cret:3', 's3cret-4']) assert.ok(!dump.includes(secret), secret);
      assert.equal(rows.filter((r) => r.credentials_box !== null).length, 4);

      // Nothing unchecked is for sale.
      const buyer = await customer(app, 1000);
      assert.deepEqual((await call(app, buyer, 'POST', '/api/proxy/find', { q: '198.51' })).json(), []);
      const summary = (await operatorCall(app, 'GET', '/api/operator/inventory')).json<InventorySummary>();
      assert.deepEqual(summary, { sources: [{ source: 'file', unchecked: 6, online: 0, dead: 0, retired: 0 }], forSale: 0, leased: 0 });
    });

    it('a file with a bad line imports nothing and names each bad line; skipInvalid imports the rest', async (t) => {
      const { app } = await buildInventoryApp(t, backend);
      const text = [
        '198.51.100.1:1080',
        '198.51.100.2:99999',
        '198.51.100.3:1080,gaming',
        `198.51.100.4:1080:${'u'.repeat(256)}:pw`,
        '198.51.100.5:1080:user:secret-pw,mobile,abc',
        '2001:db8::1:1080',
        'http://198.51.100.6:8080',
        '198.51.100.1:1080',
        '198.51.100.7:1080',
      ].join('\n');
      const refused = await importText(app, text);
      assert.equal(refused.status, 422);
      assert.equal(refused.report.imported, false);
      assert.deepEqual(refused.report.errors, [
        { line: 2, reason: 'the port is out of range (1-65535)' },
        { line: 3, reason: 'unknown type (use mobile, residential or datacenter)' },
        { line: 4, reason: 'the login is longer than 255 bytes' },
        { line: 5, reason: 'price_cents must be a whole number of cents from 1 to 100000' },
        { line: 6, reason: 'IPv6 addresses go in brackets: [2001:db8::1]:1080' },
        { line: 7, reason: 'only socks5:// and socks5h:// exits can be imported' },
      ]);
      assert.deepEqual(refused.report.duplicates, [{ line: 8, of: 1 }]);
      assert.match(refused.report.message, /^Nothing was imported: 6 bad lines of 9 \(first: line 2, the port is out of range/);
      assert.ok(!JSON.stringify(refused.report).includes('secret-pw'), 'a bad line is never echoed');
      assert.equal((await exitRows(app.db)).length, 0, 'nothing written');

      const skipped = await importText(app, text, 'skipInvalid=true');
      assert.equal(skipped.status, 200);
      assert.deepEqual([skipped.report.created, skipped.report.errorCount, skipped.report.duplicateCount], [2, 6, 1]);
      assert.deepEqual((await exitRows(app.db)).map((r) => r.host), ['198.51.100.1', '198.51.100.7']);
    });

    it('re-importing updates and never duplicates; new credentials send an exit back to be checked', async (t) => {
      const { app } = await buildInventoryApp(t, backend);
      await importText(app, '198.51.100.1:1080:alice:pw-one\n198.51.100.2:1080\n');
      const before = await exitRows(app.db);
      // Pretend both passed a check.
      await sql`update exits set state = 'online'`.execute(app.db);

      const again = await importText(app, '198.51.100.1:1080:alice:pw-one\n198.51.100.2:1080\n');
      assert.deepEqual([again.report.created, again.report.updated, again.report.unchanged], [0, 0, 2]);
      const changed = await importText(app, 'socks5://alice:pw-two@198.51.100.1:1080,mobile,120,relabelled\n198.51.100.2:1080,residential\n');
      assert.deepEqual([changed.report.created, changed.report.updated, changed.report.unchanged], [0, 2, 0]);
      const after = await exitRows(app.db);
      assert.deepEqual(after.map((r) => r.id), before.map((r) => r.id), 'same exits, no duplicates');
      const [alice, plain] = after;
      assert.deepEqual([alice!.state, alice!.declared_type, alice!.price_cents, alice!.label, alice!.user_type], ['unchecked', 'mobile', 120, 'relabelled', 'MOB']);
      assert.notEqual(alice!.credentials_box, before[0]!.credentials_box);
      assert.deepEqual([plain!.state, plain!.declared_type, plain!.user_type, plain!.online], ['online', 'residential', 'ISP', true]);
      const changes = await inventoryDb(app.db).selectFrom('exit_state_changes').select(['exit_id', 'from_state', 'to_state', 'reason']).execute();
      assert.deepEqual(changes, [{ exit_id: alice!.id, from_state: 'online', to_state: 'unchecked', reason: 'new credentials: checked again before it is sold' }]);

      // Another login on the same host and port is another exit.
      const other = await importText(app, '198.51.100.1:1080:bob:pw-b\n');
      assert.equal(other.report.created, 1);
    });

    it('a sync retires the source\'s exits the file no longer lists, off the market at once; other sources are untouched', async (t) => {
      const { app } = await buildInventoryApp(t, backend);
      await importText(app, '198.51.100.1:1080\n198.51.100.2:1080\n198.51.100.3:1080\n', 'sync=provider-a');
      await importText(app, '203.0.113.1:1080\n', 'source=provider-b');
      await sql`update exits set state = 'online'`.execute(app.db);
      const buyer = await customer(app, 1000);
      assert.equal((await call(app, buyer, 'POST', '/api/proxy/find', { q: '198.51.100' })).json<ProxyListing[]>().length, 3);

      const sync = await importText(app, '198.51.100.1:1080\n198.51.100.3:1080\n', 'sync=provider-a');
      assert.deepEqual([sync.report.unchanged, sync.report.retired], [2, 1]);
      const found = (await call(app, buyer, 'POST', '/api/proxy/find', { q: '198.51.100' })).json<ProxyListing[]>();
      assert.deepEqual(found.map((l) => l.sock_real_ip).sort(), ['198.51.100.1', '198.51.100.3']);
      assert.equal((await call(app, buyer, 'POST', '/api/proxy/find', { q: '203.0.113' })).json<ProxyListing[]>().length, 1);

      // Listed again: back, but only after a check.
      const back = await importText(app, '198.51.100.1:1080\n198.51.100.2:1080\n198.51.100.3:1080\n', 'sync=provider-a');
      assert.deepEqual([back.report.reactivated, back.report.retired], [1, 0]);
      const states = await inventoryDb(app.db).selectFrom('exits').select(['host', 'state']).where('source', '=', 'provider-a').orderBy('host').execute();
      assert.deepEqual(states.map((s) => s.state), ['online', 'unchecked', 'online']);

      // An empty sync retires everything of the source; retire does the same by name.
      assert.equal((await importText(app, '', 'sync=provider-a')).report.retired, 3);
      const retired = await operatorCall(app, 'POST', '/api/operator/inventory/retire', { json: { source: 'provider-b' } });
      assert.deepEqual(retired.json(), { message: 'Retired 1 exit of source "provider-b".', source: 'provider-b', retired: 1 });
      assert.equal((await call(app, buyer, 'POST', '/api/proxy/find', { q: '203.0.113' })).json<ProxyListing[]>().length, 0);
    });

    it('a source module is synced with one call: new exits added, known ones updated, the ones it no longer lists retired', async (t) => {
      const { app } = await buildInventoryApp(t, backend);
      const exit = (host: string, priceCents: number): SourceExit => ({
        endpoint: { kind: 'socks5', host, port: 1080, login: 'account-7', password: 'api-pw' },
        declaredType: 'residential',
        priceCents,
        label: 'from the provider API',
        country: 'FR',
      });
      const provider = (exits: SourceExit[]): ProxySource => ({ name: 'provider-x', batches: () => [exits] });
      const first = await app.inventory.sync(provider([exit('203.0.113.1', 100), exit('203.0.113.2', 100)]));
      assert.deepEqual(first, { exits: 2, created: 2, updated: 0, unchanged: 0, reactivated: 0, retired: 0 });
      const second = await app.inventory.sync(provider([exit('203.0.113.1', 120)]));
      assert.deepEqual(second, { exits: 1, created: 0, updated: 1, unchanged: 0, reactivated: 0, retired: 1 });
      const rows = await exitRows(app.db);
      assert.deepEqual(
        rows.map((r) => [r.host, r.source, r.state, r.base_cents, r.ct, r.region_key]),
        [
          ['203.0.113.1', 'provider-x', 'unchecked', 120, 'FR', 'Europe'],
          ['203.0.113.2', 'provider-x', 'retired', 100, 'FR', 'Europe'],
        ],
      );
      await assert.rejects(app.inventory.sync({ name: 'demo', batches: () => [] }), /demo catalogue's source/);
    });

    it('refuses a binary file, an unknown column, the demo source and bad parameters with a clear 4xx, writing nothing', async (t) => {
      const { app } = await buildInventoryApp(t, backend);
      const binary = await importText(app, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]));
      assert.equal(binary.status, 422);
      assert.equal(binary.report.fileError, 'this is a binary file, not a list of exits (a NUL byte on line 3)');
      const header = await importText(app, 'host,port,colour\n198.51.100.1,1080,blue\n');
      assert.equal(header.status, 422);
      assert.match(header.report.fileError ?? '', /^line 1: unknown column 3 in the header/);
      const demo = await importText(app, '198.51.100.1:1080\n', 'source=demo');
      assert.equal(demo.status, 400);
      assert.match(demo.report.message, /demo catalogue's source/);
      for (const query of ['source=Bad Name', 'sync=a&source=b', 'type=gaming', 'skipInvalid=yes']) {
        const response = await importText(app, '198.51.100.1:1080\n', query.replace(' ', '%20'));
        assert.equal(response.status, 400, query);
      }
      const json = await operatorCall(app, 'POST', '/api/operator/inventory/import', { json: { lines: ['198.51.100.1:1080'] } });
      assert.equal(json.statusCode, 415, json.body);
      assert.equal((await exitRows(app.db)).length, 0);
    });

    it('a 100,000-line file with 3 bad lines is refused whole, naming them, while the API keeps answering', async (t) => {
      const { app } = await buildInventoryApp(t, backend);
      const lines: string[] = [];
      for (let i = 0; i < 100_000; i++) lines.push(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}:1080:user${i}:pw${i},residential,,batch`);
      lines[17] = '10.0.0.17:0:user:pw';
      lines[50_000] = '10.0.195.80:1080:user:pw,satellite';
      lines[99_998] = 'not an exit at all';
      const text = lines.join('\n');
      const pending = importText(app, text);
      // Other calls are answered while the file is read.
      const health = await app.inject({ method: 'GET', url: '/api/health/ready' });
      assert.equal(health.statusCode, 200);
      const { status, report } = await pending;
      assert.equal(status, 422);
      assert.deepEqual(report.errors.map((e) => e.line), [18, 50_001, 99_999]);
      assert.equal(report.lines, 100_000);
      assert.equal((await exitRows(app.db)).length, 0);

      const started = performance.now();
      const skipped = await importText(app, text, 'skipInvalid=true');
      t.diagnostic(`${backend}: 99,997 exits imported through the API in ${Math.round(performance.now() - started)} ms`);
      assert.equal(skipped.status, 200);
      assert.equal(skipped.report.created, 99_997);
      const count = await sql<{ n: number }>`select count(*)::int as n from exits join proxy_listings on proxy_listings.exit_id = exits.id`.execute(app.db);
      assert.equal(Number(count.rows[0]?.n), 99_997);
    });
  });
}

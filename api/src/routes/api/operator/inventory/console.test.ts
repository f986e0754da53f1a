// The console's inventory routes: operators only; counts by state, type, source and country; an import's dry
// run reports per line and writes nothing, the real import writes its audit row; one exit's check history,
// blacklist answers and location; retire and restore with their audit rows; price classes reprice the market
// at once, country classes override the type's, and the blacklist discount still halves the price.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import type { ImportReport } from 'contract/inventory';
import type { ExitDetail, ExitList, ExitStateReport, InventoryOverview, PriceClassList, PriceClassReport } from 'contract/operator-console';
import type { App } from '../../../../app.ts';
import { operatorMessages } from '../../../../plugins/operator-access.ts';
import { PRICE_CLASS } from '../../../../inventory/exit-types.ts';
import { backends, injectWithLogin } from '../../../../test/helpers.ts';
import { buildMarket, customer, type Customer } from '../../../../test/market-kit.ts';

async function operator(app: App): Promise<Customer> {
  const who = await customer(app, 0);
  const { username } = await app.db.selectFrom('users').select('username').where('id', '=', who.id).executeTakeFirstOrThrow();
  assert.ok((await app.operatorRoles.grant(username)).ok);
  return who;
}

function call(app: App, who: Customer, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, type?: string) {
  return injectWithLogin(app, who.token, {
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as string }),
    ...(type ? { headers: { 'content-type': type } } : {}),
  });
}

const FILE = ['198.51.100.1:1080,mobile', '198.51.100.2:1080,residential', 'not an exit', '198.51.100.3:1080,,250', ''].join('\n');

async function audit(app: App) {
  const { rows } = await sql<{ action: string; target: string; before: unknown; after: unknown; actor_id: string | null }>`
    select action, target, before, after, actor_id from operator_audit order by id`.execute(app.db);
  return rows;
}

async function listing(app: App, host: string) {
  const { rows } = await sql<{ id: number; base_cents: number; fresh_cents: number; exit_id: number; ct: string }>`
    select li.id, li.base_cents, li.fresh_cents, li.exit_id, li.ct from proxy_listings li join exits e on e.id = li.exit_id
    where e.host = ${host}`.execute(app.db);
  return rows[0]!;
}

const ROUTES: [string, string, unknown?][] = [
  ['GET', '/api/operator/inventory/overview'],
  ['GET', '/api/operator/inventory/exits'],
  ['GET', '/api/operator/inventory/exits/1'],
  ['POST', '/api/operator/inventory/exits/1/retire'],
  ['POST', '/api/operator/inventory/exits/1/restore'],
  ['GET', '/api/operator/inventory/price-classes'],
  ['PUT', '/api/operator/inventory/price-classes', { type: 'mobile', baseCents: 99, freshCents: 1 }],
  ['DELETE', '/api/operator/inventory/price-classes/mobile/US'],
  ['GET', '/api/operator/leases'],
];

for (const backend of backends) {
  describe(`operator console inventory on ${backend}`, () => {
    it('refuses visitors and customers on every console route, writing nothing', async (t) => {
      const app = await buildMarket(t, backend, 5, 0);
      const someone = await customer(app, 0);
      const prices = await sql`select * from price_classes order by 1, 2`.execute(app.db);
      for (const [method, url, body] of ROUTES) {
        const options = { method: method as 'GET', url, ...(body ? { payload: body as object } : {}) };
        assert.equal((await app.inject(options)).statusCode, 401, url);
        const refused = await injectWithLogin(app, someone.token, options);
        assert.equal(refused.statusCode, 403, url);
        assert.equal(refused.json<{ message: string }>().message, operatorMessages.operatorsOnly);
      }
      assert.deepEqual((await sql`select * from price_classes order by 1, 2`.execute(app.db)).rows, prices.rows);
      assert.deepEqual(await audit(app), []);
      const states = await sql<{ state: string }>`select distinct state from exits`.execute(app.db);
      assert.ok(states.rows.every((row) => row.state !== 'retired'));
    });

    it('a dry run reports per line and writes nothing; the import then writes its exits and one audit row; the overview counts them', async (t) => {
      const app = await buildMarket(t, backend, 6, 0);
      const boss = await operator(app);
      const before = await sql<{ n: number }>`select count(*)::int as n from exits`.execute(app.db);

      const refused = await call(app, boss, 'POST', '/api/operator/inventory/import?dryRun=true', FILE, 'text/plain');
      assert.equal(refused.statusCode, 422, 'a bad line refuses the dry run as it would the import');
      assert.deepEqual(refused.json<ImportReport>().errors.map((e) => e.line), [3]);

      const dry = await call(app, boss, 'POST', '/api/operator/inventory/import?dryRun=true&skipInvalid=true', FILE, 'text/plain');
      assert.equal(dry.statusCode, 200, dry.body);
      const preview = dry.json<ImportReport>();
      assert.equal(preview.dryRun, true);
      assert.equal(preview.imported, false);
      assert.equal(preview.created, 3);
      assert.equal(preview.errorCount, 1);
      assert.match(preview.message, /^Nothing written yet\. Importing would write 3 exits/);
      assert.equal((await sql<{ n: number }>`select count(*)::int as n from exits`.execute(app.db)).rows[0]!.n, before.rows[0]!.n);
      assert.deepEqual(await audit(app), [], 'a dry run is not an action');

      const done = await call(app, boss, 'POST', '/api/operator/inventory/import?skipInvalid=true&source=lab', FILE, 'text/plain');
      assert.equal(done.statusCode, 200, done.body);
      assert.equal(done.json<ImportReport>().created, 3);
      const rows = await audit(app);
      assert.equal(rows.length, 1);
      assert.equal(rows[0]!.action, 'inventory.import');
      assert.equal(rows[0]!.target, 'source:lab');
      assert.equal(rows[0]!.actor_id, boss.id);
      assert.deepEqual(rows[0]!.after, { imported: true, sync: false, lines: 4, created: 3, updated: 0, reactivated: 0, retired: 0, badLines: 1 });

      const overview = (await call(app, boss, 'GET', '/api/operator/inventory/overview')).json<InventoryOverview>();
      const { rows: demo } = await sql<{ online: number; dead: number }>`
        select count(*) filter (where state = 'online')::int as online, count(*) filter (where state = 'dead')::int as dead
        from exits where source = 'demo'`.execute(app.db);
      assert.equal(demo[0]!.online + demo[0]!.dead, 6);
      assert.deepEqual(overview.states, { unchecked: 3, online: demo[0]!.online, dead: demo[0]!.dead, retired: 0, total: 9 });
      const lab = overview.bySource.find((s) => s.source === 'lab');
      assert.deepEqual(lab?.counts, { unchecked: 3, online: 0, dead: 0, retired: 0, total: 3 });
      const mobile = overview.byType.find((s) => s.type === 'mobile');
      assert.ok(mobile && mobile.counts.unchecked === 1);
      const countrySum = overview.byCountry.reduce((sum, c) => sum + c.counts.total, 0);
      assert.equal(countrySum, 9);
      assert.ok(overview.byCountry.some((c) => c.counts.unchecked === 3), 'imported exits without a known country count under one place');
      assert.equal(overview.forSale, demo[0]!.online);

      const list = (await call(app, boss, 'GET', '/api/operator/inventory/exits?source=lab&state=unchecked')).json<ExitList>();
      assert.equal(list.total, 3);
      assert.deepEqual(list.exits.map((e) => e.endpoint).sort(), ['198.51.100.1:1080', '198.51.100.2:1080', '198.51.100.3:1080']);
      assert.equal((await call(app, boss, 'GET', '/api/operator/inventory/exits?q=100.2')).json<ExitList>().total, 1);
      const limited = (await call(app, boss, 'GET', '/api/operator/inventory/exits?limit=2')).json<ExitList>();
      assert.deepEqual([limited.exits.length, limited.total], [2, 9]);
      assert.equal((await call(app, boss, 'GET', '/api/operator/inventory/exits?limit=201')).statusCode, 400);
    });

    it("one exit's page: checks by hour with ping, state changes, uptime, blacklist answers and location", async (t) => {
      const app = await buildMarket(t, backend, 0, 0);
      const boss = await operator(app);
      await call(app, boss, 'POST', '/api/operator/inventory/import', '198.51.100.9:1080,datacenter\n', 'text/plain');
      const { exit_id: id } = await listing(app, '198.51.100.9');
      const now = new Date();
      const hour = (ago: number) => new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000 - ago * 3_600_000);
      await sql`insert into exit_uptime_hours (exit_id, hour, checks, ok, pings) values
        (${id}, ${hour(50)}, 4, 4, '{100,120,110,130}'),
        (${id}, ${hour(3)}, 4, 2, '{200,220}'),
        (${id}, ${hour(1)}, 2, 0, '{}'),
        (${id}, ${hour(24 * 9)}, 5, 5, '{10}')`.execute(app.db);
      await sql`update exits set state = 'online', exit_ip = '203.0.113.5', ping_ms = 210, checked_at = now(),
        geo_ip = '203.0.113.5', geo_at = now(), geo_ct = 'DE', geo_region = 'Berlin', geo_city = 'Berlin', geo_isp = 'Example ISP',
        geo_asn = 64500, dnsbl_ip = '203.0.113.5', dnsbl_checked_at = now(), dnsbl_sbl = 1, dnsbl_xbl = 0, dnsbl_pbl = 1
        where id = ${id}`.execute(app.db);
      await sql`insert into exit_state_changes (exit_id, from_state, to_state, reason) values (${id}, 'unchecked', 'online', 'first check passed')`.execute(app.db);
      // The lookups copy their answers to the listing (what the market prices by).
      await sql`update proxy_listings set sbl_black = 1, xbl_black = 0, pbl_black = 1 where exit_id = ${id}`.execute(app.db);

      const response = await call(app, boss, 'GET', `/api/operator/inventory/exits/${id}`);
      assert.equal(response.statusCode, 200, response.body);
      const detail = response.json<ExitDetail>();
      assert.equal(detail.exit.state, 'online');
      assert.equal(detail.exit.endpoint, '198.51.100.9:1080');
      assert.deepEqual(
        detail.hours.map((h) => [h.checks, h.ok, h.pingMs]),
        [[4, 4, 115], [4, 2, 210], [2, 0, null]],
        'the last 7 days, oldest first, mean ping of the passes',
      );
      assert.deepEqual(detail.uptime, { day: 33.3, week: 60 });
      assert.deepEqual(detail.transitions.map((c) => [c.from, c.to, c.reason]), [['unchecked', 'online', 'first check passed']]);
      assert.deepEqual(
        { sbl: detail.blacklists.sbl, xbl: detail.blacklists.xbl, css: detail.blacklists.css, pbl: detail.blacklists.pbl },
        { sbl: 1, xbl: 0, css: null, pbl: 1 },
      );
      assert.equal(detail.location.city, 'Berlin');
      assert.equal(detail.location.asn, 64500);
      // SBL-listed: the market price is half the class (datacenter 50 + 70 fresh = 120 -> 60).
      assert.equal(detail.exit.marketPriceCents, 60);
      assert.equal((await call(app, boss, 'GET', '/api/operator/inventory/exits/999999')).statusCode, 404);
    });

    it('retires and restores one exit: off the market at once, checked again before sale, each with an audit row', async (t) => {
      const app = await buildMarket(t, backend, 3, 0);
      const boss = await operator(app);
      const { rows } = await sql<{ id: number; exit_id: number }>`select id, exit_id from proxy_listings order by id limit 1`.execute(app.db);
      const { id: listingId, exit_id: exitId } = rows[0]!;
      const retired = await call(app, boss, 'POST', `/api/operator/inventory/exits/${exitId}/retire`);
      assert.equal(retired.statusCode, 200, retired.body);
      assert.equal(retired.json<ExitStateReport>().state, 'retired');
      const offered = await sql<{ online: boolean }>`select online from proxy_listings where id = ${listingId}`.execute(app.db);
      assert.equal(offered.rows[0]!.online, false);
      const restored = await call(app, boss, 'POST', `/api/operator/inventory/exits/${exitId}/restore`);
      assert.equal(restored.statusCode, 200);
      // The demo catalogue's exits are direct (nothing to check): back online at once.
      assert.equal(restored.json<ExitStateReport>().state, 'online');
      assert.equal((await sql<{ online: boolean }>`select online from proxy_listings where id = ${listingId}`.execute(app.db)).rows[0]!.online, true);
      assert.deepEqual(
        (await audit(app)).map((r) => [r.action, r.target, r.before, r.after]),
        [
          ['exit.retire', `exit:${exitId}`, { state: 'online' }, { state: 'retired' }],
          ['exit.restore', `exit:${exitId}`, { state: 'retired' }, { state: 'online' }],
        ],
      );
      const changes = await sql<{ to_state: string; reason: string }>`select to_state, reason from exit_state_changes where exit_id = ${exitId} order by id`.execute(app.db);
      assert.deepEqual(changes.rows.map((c) => c.to_state), ['retired', 'online']);

      await call(app, boss, 'POST', '/api/operator/inventory/import', '198.51.100.20:1080\n', 'text/plain');
      const upstream = await listing(app, '198.51.100.20');
      await call(app, boss, 'POST', `/api/operator/inventory/exits/${upstream.exit_id}/retire`);
      const back = await call(app, boss, 'POST', `/api/operator/inventory/exits/${upstream.exit_id}/restore`);
      assert.equal(back.json<ExitStateReport>().state, 'unchecked', 'an upstream exit is checked again before it is sold');
      assert.equal((await call(app, boss, 'POST', '/api/operator/inventory/exits/999999/retire')).statusCode, 404);
    });

    it('price classes reprice the market at once; a country class overrides its type; own prices and the demo keep theirs', async (t) => {
      const app = await buildMarket(t, backend, 4, 0);
      const boss = await operator(app);
      const classes = (await call(app, boss, 'GET', '/api/operator/inventory/price-classes')).json<PriceClassList>().classes;
      assert.deepEqual(
        classes.map((c) => [c.type, c.ct, c.baseCents, c.freshCents]),
        (['datacenter', 'mobile', 'residential'] as const).map((type) => [type, '', PRICE_CLASS[type].baseCents, PRICE_CLASS[type].freshCents]),
        'seeded with the built-in classes',
      );
      const csv = ['host,port,type,country,price_cents', '198.51.100.31,1080,residential,,', '198.51.100.32,1080,residential,DE,', '198.51.100.33,1080,residential,,300', ''].join('\n');
      assert.equal((await call(app, boss, 'POST', '/api/operator/inventory/import', csv, 'text/csv')).statusCode, 200);
      const demoBefore = await sql`select id, base_cents, fresh_cents from proxy_listings li where not exists (select 1 from exits e where e.id = li.exit_id and e.source <> 'demo') order by id`.execute(app.db);

      const set = await call(app, boss, 'PUT', '/api/operator/inventory/price-classes', { type: 'residential', baseCents: 70, freshCents: 90 });
      assert.equal(set.statusCode, 200, set.body);
      assert.equal(set.json<PriceClassReport>().listings, 2);
      assert.deepEqual([(await listing(app, '198.51.100.31')).base_cents, (await listing(app, '198.51.100.31')).fresh_cents], [70, 90]);
      assert.equal((await listing(app, '198.51.100.32')).base_cents, 70);
      assert.equal((await listing(app, '198.51.100.33')).base_cents, 300, "an exit's own price stays");

      const de = await call(app, boss, 'PUT', '/api/operator/inventory/price-classes', { type: 'residential', ct: 'DE', baseCents: 55, freshCents: 0 });
      assert.equal(de.json<PriceClassReport>().listings, 1);
      assert.equal((await listing(app, '198.51.100.32')).base_cents, 55);
      assert.equal((await listing(app, '198.51.100.31')).base_cents, 70);
      // The market answers the new price at once, halved while SBL lists the exit.
      const german = await listing(app, '198.51.100.32');
      await sql`update exits set state = 'online' where id = ${german.exit_id}`.execute(app.db);
      await sql`update proxy_listings set sbl_black = 1, added_at = now() - interval '1 day' where id = ${german.id}`.execute(app.db);
      const detail = (await call(app, boss, 'GET', `/api/operator/inventory/exits/${german.exit_id}`)).json<ExitDetail>();
      assert.equal(detail.exit.marketPriceCents, 28, '55 halved, rounded');
      const listed = (await call(app, boss, 'GET', '/api/operator/inventory/price-classes')).json<PriceClassList>().classes;
      assert.deepEqual(listed.filter((c) => c.type === 'residential').map((c) => [c.ct, c.exits]), [['', 1], ['DE', 1]]);
      // A re-import of the exit keeps its class price (the trigger prices every write).
      await call(app, boss, 'POST', '/api/operator/inventory/import', csv.replace('198.51.100.32,1080,residential,DE,', '198.51.100.32,1080,mobile,DE,'), 'text/csv');
      assert.equal((await listing(app, '198.51.100.32')).base_cents, PRICE_CLASS.mobile.baseCents, 'a new type takes that type\'s class');
      await call(app, boss, 'POST', '/api/operator/inventory/import', csv, 'text/csv');
      assert.equal((await listing(app, '198.51.100.32')).base_cents, 55);

      const removed = await call(app, boss, 'DELETE', '/api/operator/inventory/price-classes/residential/DE');
      assert.equal(removed.statusCode, 200, removed.body);
      assert.equal((await listing(app, '198.51.100.32')).base_cents, 70, "back to the type's class");
      assert.equal((await call(app, boss, 'DELETE', '/api/operator/inventory/price-classes/residential/DE')).statusCode, 404);
      const bad = await call(app, boss, 'PUT', '/api/operator/inventory/price-classes', { type: 'residential', baseCents: 0, freshCents: 0 });
      assert.equal(bad.statusCode, 400);

      const demoAfter = await sql`select id, base_cents, fresh_cents from proxy_listings li where not exists (select 1 from exits e where e.id = li.exit_id and e.source <> 'demo') order by id`.execute(app.db);
      assert.deepEqual(demoAfter.rows, demoBefore.rows, 'the demo catalogue keeps its own prices');
      assert.deepEqual(
        (await audit(app)).filter((r) => r.action.startsWith('price-class')).map((r) => [r.action, r.target, r.before, r.after]),
        [
          ['price-class.set', 'price-class:residential', { type: 'residential', ct: '', baseCents: 65, freshCents: 85 }, { type: 'residential', ct: '', baseCents: 70, freshCents: 90, listings: 2 }],
          ['price-class.set', 'price-class:residential:DE', null, { type: 'residential', ct: 'DE', baseCents: 55, freshCents: 0, listings: 1 }],
          ['price-class.remove', 'price-class:residential:DE', { type: 'residential', ct: 'DE', baseCents: 55, freshCents: 0 }, { listings: 1 }],
        ],
      );
    });
  });
}

// Exit lookups against real components: MaxMind-format databases written by the test and read by the maintained
// reader, a DNS server on loopback answering every DNSBL return code, error answers, silence and short TTLs,
// and the sweep on a real database (PGlite, and PostgreSQL with TEST_DATABASE_URL) writing exit and listing.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Logger } from 'gateway/logger';
import { backends, openTestDatabase, type TestDatabase } from 'gateway/test-kit';
import { loadCheckerConfig } from './config.ts';
import { startLookupSweep } from './lookup-sweep.ts';
import { createDnsLookups, mapDnsblCodes, openGeoDatabase, type DnsLookupOptions, type GeoDatabase } from './lookups.ts';
import { insertExits } from './test/checker-kit.ts';
import { startTestDnsServer, type DnsAnswer, type TestDnsServer } from './test/dns-server.ts';
import { writeMmdb } from './test/mmdb-writer.ts';

const DNS_PORT = 38053;
const ZONE = 'zen.spamhaus.org';

const quietLog: Logger = { debug: () => {}, info: () => {}, warn: () => {}, error: (fields, message) => console.error(message, fields) };

const folder = mkdtempSync(join(tmpdir(), 'lookups-test-'));
const cityPath = join(folder, 'city.mmdb');
const asnPath = join(folder, 'asn.mmdb');
writeFileSync(
  cityPath,
  writeMmdb('GeoLite2-City', {
    '203.0.113.0/24': {
      country: { iso_code: 'US', names: { en: 'United States' } },
      subdivisions: [{ iso_code: 'TX', names: { en: 'Texas' } }],
      city: { names: { en: 'Austin' } },
      postal: { code: '78701' },
      location: { latitude: 30.2672, longitude: -97.7431, time_zone: 'America/Chicago' },
    },
    '198.51.100.0/24': {
      country: { iso_code: 'DE', names: { en: 'Germany' } },
      subdivisions: [{ iso_code: 'BE', names: { en: 'Land Berlin' } }],
      city: { names: { en: 'Berlin' } },
      postal: { code: '10115' },
      location: { latitude: 52.52, longitude: 13.405, time_zone: 'Europe/Berlin' },
    },
    // Known country, nothing finer.
    '192.0.2.0/24': { country: { iso_code: 'FR' } },
  }),
);
writeFileSync(
  asnPath,
  writeMmdb('GeoLite2-ASN', {
    '203.0.113.0/24': { autonomous_system_number: 7018, autonomous_system_organization: 'AT&T Services, Inc.' },
    '198.51.100.0/25': { autonomous_system_number: 3320, autonomous_system_organization: 'Deutsche Telekom AG' },
  }),
);

const reversed = (ip: string, zone = ZONE) => `${ip.split('.').reverse().join('.')}.${zone}`;

/** DNSBL answers by exit address: the last octet of 198.18.0.N picks the answer. */
function dnsblAnswer(name: string): DnsAnswer {
  const a = (...codes: string[]): DnsAnswer => ({ kind: 'answers', records: codes.map((data) => ({ type: 'A', data, ttl: 300 })) });
  const octet = Number(name.split('.')[0]);
  if (!name.endsWith('.0.18.198.' + ZONE) && !name.includes('.dq.spamhaus.net')) return { kind: 'nxdomain' };
  switch (octet) {
    case 1:
      return { kind: 'nxdomain' };
    case 2:
    case 3:
    case 4:
    case 5:
    case 6:
    case 7:
    case 9:
    case 10:
    case 11:
      return a(`127.0.0.${octet}`);
    case 20:
      return a('127.0.0.4', '127.0.0.10');
    case 30:
      return a('127.255.255.254');
    case 31:
      return a('127.255.255.252');
    case 32:
      return a('127.255.255.255');
    case 40:
      return { kind: 'servfail' };
    case 41:
      return { kind: 'silent' };
    case 50:
      return a('127.0.0.99');
    default:
      return { kind: 'nxdomain' };
  }
}

function ptrAnswer(name: string): DnsAnswer {
  if (name === '7.113.0.203.in-addr.arpa') return { kind: 'answers', records: [{ type: 'PTR', data: 'cpe-203-0-113-7.austin.res.example.net', ttl: 300 }] };
  if (name === '9.100.51.198.in-addr.arpa') return { kind: 'answers', records: [{ type: 'PTR', data: 'p5b0c.dip0.example.de', ttl: 300 }] };
  return { kind: 'nxdomain' };
}

let dns: TestDnsServer;
const lookupOptions = (overrides: Partial<DnsLookupOptions> = {}): DnsLookupOptions => ({
  servers: [dns.address],
  zone: ZONE,
  dqsKey: null,
  timeoutMs: 300,
  refreshSeconds: 4 * 3600,
  retrySeconds: 600,
  ...overrides,
});

before(async () => {
  dns = await startTestDnsServer(DNS_PORT);
  dns.handle((name, type) => (type === 'PTR' ? ptrAnswer(name) : dnsblAnswer(name)));
});
after(async () => {
  await dns.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('geolocation from MaxMind-format databases', () => {
  it('reads country, region, city, ZIP, coordinates, time zone, ISP and ASN; unknown addresses stay unknown', async () => {
    const geo = await openGeoDatabase({ city: cityPath, asn: asnPath });
    assert.deepEqual(geo.sources, ['GeoLite2-City', 'GeoLite2-ASN']);
    assert.deepEqual(geo.lookup('203.0.113.7'), {
      ct: 'US', region: 'Texas', city: 'Austin', zip: '78701', latitude: 30.2672, longitude: -97.7431,
      timeZone: 'America/Chicago', isp: 'AT&T Services, Inc.', asn: 7018,
    });
    assert.deepEqual(geo.lookup('198.51.100.200'), {
      ct: 'DE', region: 'Land Berlin', city: 'Berlin', zip: '10115', latitude: 52.52, longitude: 13.405,
      timeZone: 'Europe/Berlin', isp: null, asn: null,
    });
    assert.deepEqual(geo.lookup('192.0.2.1'), { ct: 'FR', region: null, city: null, zip: null, latitude: null, longitude: null, timeZone: null, isp: null, asn: null });
    assert.deepEqual(Object.values(geo.lookup('198.18.0.1')), Array(9).fill(null));
  });

  it('without databases every field is unknown, never invented; a file that is no database is refused', async () => {
    const none = await openGeoDatabase({ city: null, asn: null });
    assert.deepEqual(none.sources, []);
    assert.deepEqual(Object.values(none.lookup('203.0.113.7')), Array(9).fill(null));
    const notADatabase = join(folder, 'not.mmdb');
    writeFileSync(notADatabase, 'hello');
    await assert.rejects(openGeoDatabase({ city: notADatabase, asn: null }), /CHECKER_GEO_CITY_DB must name a MaxMind-format database/);
  });
});

describe('DNSBL lookups through a resolver on loopback', () => {
  it('maps every return code exactly; 127.255.255.x and codes it does not know are errors', () => {
    assert.deepEqual(mapDnsblCodes([]), { sbl: 0, xbl: 0, css: 0, pbl: 0 });
    assert.deepEqual(mapDnsblCodes(['127.0.0.2']), { sbl: 1, xbl: 0, css: 0, pbl: 0 });
    assert.deepEqual(mapDnsblCodes(['127.0.0.3']), { sbl: 0, xbl: 0, css: 1, pbl: 0 });
    for (const last of [4, 5, 6, 7]) assert.deepEqual(mapDnsblCodes([`127.0.0.${last}`]), { sbl: 0, xbl: 1, css: 0, pbl: 0 });
    assert.deepEqual(mapDnsblCodes(['127.0.0.9']), { sbl: 1, xbl: 0, css: 0, pbl: 0 });
    for (const last of [10, 11]) assert.deepEqual(mapDnsblCodes([`127.0.0.${last}`]), { sbl: 0, xbl: 0, css: 0, pbl: 1 });
    assert.deepEqual(mapDnsblCodes(['127.0.0.4', '127.0.0.10']), { sbl: 0, xbl: 1, css: 0, pbl: 1 });
    for (const code of ['127.255.255.252', '127.255.255.254', '127.255.255.255']) assert.ok('error' in mapDnsblCodes([code]));
    assert.ok('error' in mapDnsblCodes(['127.0.0.2', '127.255.255.254']), 'an error answer beside a listing is still an error');
    assert.ok('error' in mapDnsblCodes(['127.0.0.99']));
  });

  it('asks the zone and reads listed, not listed and unknown from real answers', async () => {
    const lookups = createDnsLookups(lookupOptions());
    const verdict = async (last: number) => {
      const { sbl, xbl, css, pbl, error } = await lookups.dnsbl(`198.18.0.${last}`);
      return error === null ? { sbl, xbl, css, pbl } : 'unknown';
    };
    assert.deepEqual(await verdict(1), { sbl: 0, xbl: 0, css: 0, pbl: 0 });
    assert.deepEqual(await verdict(2), { sbl: 1, xbl: 0, css: 0, pbl: 0 });
    assert.deepEqual(await verdict(3), { sbl: 0, xbl: 0, css: 1, pbl: 0 });
    for (const last of [4, 5, 6, 7]) assert.deepEqual(await verdict(last), { sbl: 0, xbl: 1, css: 0, pbl: 0 });
    assert.deepEqual(await verdict(9), { sbl: 1, xbl: 0, css: 0, pbl: 0 });
    for (const last of [10, 11]) assert.deepEqual(await verdict(last), { sbl: 0, xbl: 0, css: 0, pbl: 1 });
    assert.deepEqual(await verdict(20), { sbl: 0, xbl: 1, css: 0, pbl: 1 });
    for (const last of [30, 31, 32, 40, 41, 50]) assert.equal(await verdict(last), 'unknown', `198.18.0.${last}`);
    const errorAnswer = await lookups.dnsbl('198.18.0.30');
    assert.deepEqual([errorAnswer.sbl, errorAnswer.xbl, errorAnswer.css, errorAnswer.pbl], [null, null, null, null]);
    assert.match(errorAnswer.error!, /127\.255\.255\.254/);
    assert.match((await lookups.dnsbl('198.18.0.41')).error!, /ETIMEOUT/);
    assert.equal(dns.asked.get(reversed('198.18.0.2')), 1);
    assert.equal(await lookups.reverse('203.0.113.7'), 'cpe-203-0-113-7.austin.res.example.net');
    assert.equal(await lookups.reverse('198.18.0.1'), '');
  });

  it('with a DQS key asks <key>.zen.dq.spamhaus.net', async () => {
    const key = 'abcdef0123456789abcdef0123';
    const lookups = createDnsLookups(lookupOptions({ dqsKey: key }));
    assert.equal(lookups.zone, `${key}.zen.dq.spamhaus.net`);
    assert.equal((await lookups.dnsbl('198.18.0.3')).css, 1);
    assert.equal(dns.asked.get(reversed('198.18.0.3', `${key}.zen.dq.spamhaus.net`)), 1);
  });

  it('keeps an answer for its TTL and asks again once it has expired', async () => {
    const lookups = createDnsLookups(lookupOptions({ zone: 'ttl.test' }));
    let code = '127.0.0.2';
    dns.handle((name, type) =>
      name.endsWith('.ttl.test') ? { kind: 'answers', records: [{ type: 'A', data: code, ttl: 1 }] } : type === 'PTR' ? ptrAnswer(name) : dnsblAnswer(name),
    );
    const first = await lookups.dnsbl('198.18.1.1');
    assert.equal(first.sbl, 1);
    assert.equal(first.ttlSeconds, 1);
    code = '127.0.0.10';
    assert.equal((await lookups.dnsbl('198.18.1.1')).sbl, 1, 'within its TTL the answer comes from the cache');
    assert.equal(dns.asked.get(reversed('198.18.1.1', 'ttl.test')), 1);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const second = await lookups.dnsbl('198.18.1.1');
    assert.deepEqual([second.sbl, second.pbl], [0, 1]);
    assert.equal(dns.asked.get(reversed('198.18.1.1', 'ttl.test')), 2);
    dns.handle((name, type) => (type === 'PTR' ? ptrAnswer(name) : dnsblAnswer(name)));
  });

  it('settings: the resolver, the zone and the DQS key are checked', () => {
    const config = loadCheckerConfig({ CHECKER_DNS_SERVERS: '127.0.0.1:38053, 9.9.9.9', CHECKER_DNSBL_ZONE: 'Zen.Spamhaus.org.' });
    assert.deepEqual(config.dnsServers, ['127.0.0.1:38053', '9.9.9.9']);
    assert.equal(config.dnsblZone, 'zen.spamhaus.org');
    assert.throws(() => loadCheckerConfig({ CHECKER_DNS_SERVERS: 'resolver.example' }), /CHECKER_DNS_SERVERS must list resolver addresses/);
    assert.throws(() => loadCheckerConfig({ CHECKER_DNSBL_DQS_KEY: 'no spaces' }), /CHECKER_DNSBL_DQS_KEY/);
  });
});

interface ListingRow {
  ct: string;
  country: string;
  region_key: string;
  state: string;
  city: string;
  zip: string;
  latitude: number;
  longitude: number | null;
  time_zone: string;
  isp: string;
  domain: string;
  sbl_black: number | null;
  xbl_black: number | null;
  css_black: number | null;
  pbl_black: number | null;
  location_ip: string | null;
  blacklists_checked_at: Date | null;
}

for (const backend of backends) {
  describe(`the lookup sweep (${backend})`, () => {
    let database: TestDatabase;
    let geo: GeoDatabase;

    before(async () => {
      database = await openTestDatabase(backend);
      geo = await openGeoDatabase({ city: cityPath, asn: asnPath });
    });
    after(async () => {
      await database?.close();
    });

    /** An exit the checker has seen at `ip`, with a listing as an import writes it (location unknown). */
    let nextPort = 1080;
    const exitAt = async (ip: string) => {
      const [exitId] = await insertExits(database, [{ port: nextPort++, state: 'online' }], `lookups-${backend}`);
      await database.sql('UPDATE exits SET exit_ip = $2 WHERE id = $1', [exitId, ip]);
      await database.sql(
        `INSERT INTO proxy_listings (exit_id, real_ip, dns_ip, domain, region_key, ct, country, state, city, zip,
           latitude, time_zone, isp, user_type, speed, ping, added_at, base_cents, fresh_cents, sbl_black, xbl_black,
           css_black, pbl_black, online)
         VALUES ($1, $2, '', '', 'Unknown', 'XX', 'Unknown', 'Unknown', '', '', 0, '', '', 'Residential', 0, 0, now(),
           200, 0, NULL, NULL, NULL, NULL, true)`,
        [exitId, ip],
      );
      return exitId!;
    };
    const listing = async (exitId: number) => (await database.sql<ListingRow>('SELECT * FROM proxy_listings WHERE exit_id = $1', [exitId]))[0]!;

    it('describes the exit by its observed address, records a move, and shows unknown blacklists as unknown', async () => {
      const sweep = startLookupSweep({ adapter: database.adapter(), geo, dns: createDnsLookups(lookupOptions()), concurrency: 4, loop: false, log: quietLog });
      try {
        const austin = await exitAt('203.0.113.7');
        const errorAnswer = await exitAt('198.18.0.30');
        await sweep.runOnce();
        const listed = await listing(austin);
        assert.deepEqual(
          [listed.ct, listed.country, listed.region_key, listed.state, listed.city, listed.zip, listed.time_zone, listed.isp, listed.domain],
          ['US', 'United States', 'USA', 'Texas', 'Austin', '78701', 'America/Chicago', 'AT&T Services, Inc.', 'cpe-203-0-113-7.austin.res.example.net'],
        );
        assert.equal(listed.latitude, 30.2672);
        assert.equal(listed.longitude, -97.7431, 'the distance filter measures to both');
        assert.deepEqual([listed.sbl_black, listed.xbl_black, listed.css_black, listed.pbl_black], [0, 0, 0, 0]);
        assert.equal(listed.location_ip, '203.0.113.7');
        assert.ok(listed.blacklists_checked_at);

        const unknown = await listing(errorAnswer);
        assert.deepEqual([unknown.sbl_black, unknown.xbl_black, unknown.css_black, unknown.pbl_black], [null, null, null, null]);
        assert.equal(unknown.blacklists_checked_at, null);
        assert.deepEqual([unknown.ct, unknown.region_key, unknown.state], ['XX', 'Unknown', 'Unknown'], 'no database answer: the location is left unknown');
        const [exitRow] = await database.sql<{ dnsbl_error: string }>('SELECT dnsbl_error FROM exits WHERE id = $1', [errorAnswer]);
        assert.match(exitRow!.dnsbl_error, /127\.255\.255\.254/);

        assert.equal(await sweep.runOnce(), 0, 'nothing is due until the address changes or the answer expires');

        // The exit's address moves to Berlin (a mobile exit rotates): looked up again, the move recorded.
        await database.sql('UPDATE exits SET exit_ip = $2 WHERE id = $1', [austin, '198.51.100.9']);
        assert.equal(await sweep.runOnce(), 1);
        const moved = await listing(austin);
        assert.deepEqual([moved.ct, moved.region_key, moved.state, moved.city, moved.domain], ['DE', 'Europe', 'Land Berlin', 'Berlin', 'p5b0c.dip0.example.de']);
        assert.equal(moved.isp, 'Deutsche Telekom AG');
        const changes = await database.sql<{ from_ct: string; from_region: string; to_ct: string; to_region: string; exit_ip: string }>(
          'SELECT from_ct, from_region, to_ct, to_region, exit_ip FROM exit_location_changes WHERE exit_id = $1',
          [austin],
        );
        assert.deepEqual(changes.map((row) => ({ ...row })), [{ from_ct: 'US', from_region: 'Texas', to_ct: 'DE', to_region: 'Land Berlin', exit_ip: '198.51.100.9' }]);

        // A listed address: the listing says so.
        const sbl = await exitAt('198.18.0.2');
        const pbl = await exitAt('198.18.0.11');
        await sweep.runOnce();
        assert.deepEqual([(await listing(sbl)).sbl_black, (await listing(sbl)).pbl_black], [1, 0]);
        assert.deepEqual([(await listing(pbl)).sbl_black, (await listing(pbl)).pbl_black], [0, 1]);
      } finally {
        await sweep.stop();
      }
    });

    it('two instances share the due exits: each address is asked once', async () => {
      const ips = Array.from({ length: 40 }, (_, i) => `198.18.${backend === 'pglite' ? 2 : 3}.${i + 1}`);
      for (const ip of ips) await exitAt(ip);
      const sweeps = [0, 1].map(() =>
        startLookupSweep({ adapter: database.adapter(), geo, dns: createDnsLookups(lookupOptions()), concurrency: 3, loop: false, log: quietLog }),
      );
      try {
        const stored = await Promise.all(sweeps.map((sweep) => sweep.runOnce()));
        assert.equal(stored[0]! + stored[1]!, ips.length);
        for (const ip of ips) assert.equal(dns.asked.get(reversed(ip)), 1, ip);
      } finally {
        await Promise.all(sweeps.map((sweep) => sweep.stop()));
      }
    });
  });
}

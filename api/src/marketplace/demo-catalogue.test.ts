import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DemoProxySource, demoAddress, generateDemoCatalogue } from './demo-catalogue.ts';
import { COUNTRIES, REGIONS } from './demo-geography.ts';

const now = new Date('2026-03-01T12:00:00Z');

function inBenchmarkNet(ip: string): boolean {
  const [a, b, c, d] = ip.split('.').map(Number);
  return a === 198 && (b === 18 || b === 19) && c !== undefined && c >= 0 && c <= 255 && d !== undefined && d >= 0 && d <= 255;
}

describe('demo catalogue', () => {
  const listings = [...generateDemoCatalogue({ seed: 7, size: 5000, now })];

  it('is deterministic for a seed and differs for another seed', () => {
    const again = [...generateDemoCatalogue({ seed: 7, size: 5000, now })];
    assert.deepEqual(again, listings);
    const other = [...generateDemoCatalogue({ seed: 8, size: 50, now })];
    assert.notDeepEqual(other, listings.slice(0, 50));
  });

  it('uses only 198.18.0.0/15 addresses, all distinct until the /15 is exhausted', () => {
    for (const listing of listings) {
      assert.ok(inBenchmarkNet(listing.realIp), listing.realIp);
      assert.ok(inBenchmarkNet(listing.dnsIp), listing.dnsIp);
    }
    assert.equal(new Set(listings.map((l) => l.realIp)).size, listings.length);
    const all = new Set<string>();
    for (let i = 0; i < 131_072; i++) all.add(demoAddress(i, 1234));
    assert.equal(all.size, 131_072);
    assert.equal(demoAddress(131_072, 1234), demoAddress(0, 1234));
  });

  it('covers all six regions, every country and every US state', () => {
    assert.deepEqual(new Set(listings.map((l) => l.regionKey)), new Set(REGIONS.map((r) => r.key)));
    assert.deepEqual(new Set(listings.map((l) => l.ct)), new Set(COUNTRIES.map((c) => c.ct)));
    const usStates = COUNTRIES.find((c) => c.ct === 'US')?.states.map((s) => s.state) ?? [];
    assert.equal(usStates.length, 51);
    assert.deepEqual(new Set(listings.filter((l) => l.ct === 'US').map((l) => l.state)), new Set(usStates));
  });

  it('gives US listings a real city, ZIP, time zone and ISP of their state', () => {
    const us = COUNTRIES.find((c) => c.ct === 'US');
    for (const listing of listings.filter((l) => l.ct === 'US')) {
      const state = us?.states.find((s) => s.state === listing.state);
      assert.ok(state?.places.some(([city, zip]) => city === listing.city && zip === listing.zip));
      assert.equal(listing.timeZone, state?.timeZone);
      assert.match(listing.zip, /^\d{5}$/);
      assert.ok(listing.isp.length > 0 && listing.domain.includes('.'));
    }
  });

  it('uses every user type the marketplace shows, sets each blacklist flag on some listings and has offline exits', () => {
    const types = new Set(listings.map((l) => l.userType));
    for (const type of ['COM', 'ORG', 'EDU', 'LIB', 'CDN', 'ISP', 'MOB', 'DCH', 'SES', 'ISP/MOB', '-']) {
      assert.ok(types.has(type), type);
    }
    for (const key of ['sbl', 'xbl', 'css', 'pbl'] as const) {
      const listed = listings.filter((l) => l[key] === 1).length;
      assert.ok(listed > 0 && listed < listings.length / 4, `${key}: ${listed}`);
    }
    const offline = listings.filter((l) => !l.online).length;
    assert.ok(offline > 0 && offline < listings.length / 5);
  });

  it('keeps base and fresh prices inside the price guide ($0.50-0.80 base, $0.70-1.00 fresh premium) and has fresh listings', () => {
    for (const listing of listings) {
      assert.ok(listing.baseCents >= 50 && listing.baseCents <= 80);
      assert.ok(listing.freshCents >= 70 && listing.freshCents <= 100);
      assert.ok(listing.addedAt.getTime() <= now.getTime());
    }
    const fresh = listings.filter((l) => now.getTime() - l.addedAt.getTime() < 12 * 3600_000).length;
    assert.ok(fresh > 0 && fresh < listings.length / 2);
  });

  it('hands the catalogue out as direct exits of the demo, in batches that add up to it', () => {
    const source = new DemoProxySource({ seed: 7, size: 1234, now });
    const batches = [...source.batches(500)];
    assert.deepEqual(batches.map((b) => b.length), [500, 500, 234]);
    const exits = batches.flat();
    const expected = listings.slice(0, 1234);
    assert.ok(exits.every((exit, i) => exit.endpoint.kind === 'direct' && exit.endpoint.ref === expected[i]!.sourceRef));
    assert.ok(exits.every((exit, i) => exit.initialState === (expected[i]!.online ? 'online' : 'dead')));
    assert.ok(exits.every((exit, i) => exit.listing?.realIp === expected[i]!.realIp && exit.country === expected[i]!.ct));
    const mobile = exits.find((exit) => exit.listing?.userType === 'MOB');
    const hosted = exits.find((exit) => exit.listing?.userType === 'DCH');
    assert.deepEqual([mobile?.declaredType, hosted?.declaredType], ['mobile', 'datacenter']);
  });
});

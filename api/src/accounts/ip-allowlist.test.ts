// The allow-list's width rule on every spelling of IPv4, and the migration that repaired lists saved before
// the rule knew IPv4 written as IPv6 (0011_allowlist_ipv4_spellings.sql).
import assert from 'node:assert/strict';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import { listMigrations, migrate } from '../db/migrator.ts';
import { backends, openTestDatabase } from '../test/helpers.ts';
import { parseAllowlist } from './ip-allowlist.ts';

const tooWide = (entry: string) => `"${entry}" covers too many addresses: use /16 or narrower for IPv4 and /32 or narrower for IPv6`;

describe('allow-list entries', () => {
  it('refuse IPv4 written as IPv6 as wide as the IPv4 range it is, and IPv6 ranges that contain all of IPv4', () => {
    for (const entry of [
      // The spellings the probe got accepted: all IPv4, an IPv4 /8, half of IPv4.
      '::ffff:0:0/96',
      '::ffff:127.0.0.0/104',
      '::ffff:0.0.0.0/97',
      '0:0:0:0:0:FFFF:0:0/96',
      '::ffff:10.0.0.0/111',
      // IPv4-compatible, the deprecated spelling.
      '::/96',
      '::10.0.0.0/104',
      // IPv6 /32 or narrower, yet holding every IPv4 address in one spelling or the other.
      '::/32',
      '::/80',
      '::fffe:0:0/95',
    ]) {
      assert.deepEqual(parseAllowlist([entry]), { ok: false, message: tooWide(entry) }, entry);
    }
  });

  it('save IPv4 written as IPv6 as the IPv4 entry it is, with host bits cleared', () => {
    assert.deepEqual(parseAllowlist(['::ffff:203.0.113.7', '::ffff:10.1.2.3/112', '::198.51.100.0/120', '10.1.0.0/16', '2001:DB8::1/48']), {
      ok: true,
      entries: ['203.0.113.7/32', '10.1.0.0/16', '198.51.100.0/24', '2001:db8::/48'],
    });
  });

  it('still take ordinary IPv6 networks of /32 or narrower, NAT64 included', () => {
    assert.deepEqual(parseAllowlist(['2001:db8::/32', '64:ff9b::/96', '::ffff:0:0:0/96']), {
      ok: true,
      entries: ['2001:db8::/32', '64:ff9b::/96', '::ffff:0:0:0/96'],
    });
  });
});

for (const backend of backends) {
  describe(`allow-lists saved before the IPv4-in-IPv6 rule (${backend})`, () => {
    it('are repaired by the migration: IPv4 spellings become IPv4, too-wide entries go, and such entries are refused from then on', async () => {
      const before = await mkdtemp(join(tmpdir(), 'migrations-before-0011-'));
      const database = await openTestDatabase(backend, { migrated: false });
      try {
        for (const file of (await listMigrations()).filter((migration) => migration.version < '0011')) {
          await copyFile(file.path, join(before, `${file.version}_${file.name}.sql`));
        }
        await migrate(database.db, before);
        const { db } = database;
        const [user] = (await sql<{ id: string }>`
          insert into users (username, email, password_hash) values ('legacy', 'legacy@example.com', 'x') returning id`.execute(db)).rows;
        assert.ok(user);
        await sql`
          insert into user_ip_allowlist (user_id, cidr, position) values
            (${user.id}, '203.0.113.7/32', 0), (${user.id}, '::ffff:0:0/96', 1), (${user.id}, '::ffff:203.0.113.7/128', 2),
            (${user.id}, '::ffff:198.51.100.0/120', 3), (${user.id}, '::/80', 4), (${user.id}, '2001:db8::/48', 5)`.execute(db);
        const legacy = ['203.0.113.7/32', '::ffff:0:0/96', '::ffff:203.0.113.7/128', '::ffff:198.51.100.0/120', '::/80', '2001:db8::/48'];
        const leaseIds: number[] = [];
        for (const [index, expires] of ['1 day', '-1 hour'].entries()) {
          const [listing] = (await sql<{ id: number }>`
            insert into proxy_listings (source, source_ref, real_ip, dns_ip, domain, region_key, ct, country, state, city, zip,
              latitude, time_zone, isp, user_type, speed, ping, added_at, base_cents, fresh_cents, sbl_black, xbl_black,
              css_black, pbl_black, online)
            values ('test', ${`legacy-${index}`}, '198.18.0.1', '198.18.0.1', 'example.test', 'USA', 'US', 'United States',
              'California', 'Fresno', '93650', 36.8, 'America/Los_Angeles', 'Test ISP', 'Residential', 10, 20, now(), 200, 0,
              0, 0, 0, 0, true)
            returning id`.execute(db)).rows;
          const [lease] = (await sql<{ id: number }>`
            insert into proxy_leases (user_id, listing_id, port, socks_auth, price_cents, starts_at, expires_at, allow_cidrs)
            values (${user.id}, ${listing!.id}, ${20_000 + index}, 'abcde:fghij', 200, now() - interval '2 days',
              now() + ${expires}::interval, ${legacy}::cidr[])
            returning id`.execute(db)).rows;
          leaseIds.push(Number(lease!.id));
        }

        await migrate(database.db);

        const saved = await sql<{ entry: string }>`
          select cidr::text as entry from user_ip_allowlist where user_id = ${user.id} order by position, cidr`.execute(db);
        assert.deepEqual(
          saved.rows.map((row) => row.entry),
          ['203.0.113.7/32', '198.51.100.0/24', '2001:db8::/48'],
        );
        const leases = await sql<{ allow: string[] }>`
          select allow_cidrs::text[] as allow from proxy_leases where id in (${sql.join(leaseIds)}) order by id`.execute(db);
        assert.deepEqual(
          leases.rows.map((row) => row.allow),
          [
            ['203.0.113.7/32', '198.51.100.0/24', '2001:db8::/48'],
            ['203.0.113.7/32', '198.51.100.0/24', '2001:db8::/48'],
          ],
          'the running lease and the one that may still be renewed',
        );

        await assert.rejects(
          sql`insert into user_ip_allowlist (user_id, cidr, position) values (${user.id}, '::ffff:10.0.0.0/104', 9)`.execute(db),
          /user_ip_allowlist_entry_allowed/,
        );
        await assert.rejects(
          sql`update proxy_leases set allow_cidrs = '{::ffff:0:0/96}' where id = ${leaseIds[0]!}`.execute(db),
          /proxy_leases_allow_cidrs_allowed/,
        );
      } finally {
        await database.close();
        await rm(before, { recursive: true, force: true });
      }
    });
  });
}

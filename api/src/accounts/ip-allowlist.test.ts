// The allow-list's width rule on every spelling of IPv4, and the migrations that repaired lists saved before
// the rule knew IPv4 written as IPv6 (0011_allowlist_ipv4_spellings.sql), and ::1 and translators' prefixes
// (0110_allowlist_ipv6_own_and_translated.sql).
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

  it("keep IPv6's own loopback and unspecified addresses as written, not as IPv4-compatible 0.0.0.1 and 0.0.0.0", () => {
    assert.deepEqual(parseAllowlist(['::1', '0:0:0:0:0:0:0:1/128', '::', '::0.0.0.2', '2001:db8::/32']), {
      ok: true,
      entries: ['::1/128', '::/128', '0.0.0.2/32', '2001:db8::/32'],
    });
  });

  it("refuse translators' prefixes (NAT64, SIIT) and anything in or around them", () => {
    for (const entry of ['64:ff9b::/96', '64:ff9b::203.0.113.7', '64:ff9b::/32', '64:ff9b:1::/48', '64:ff9b:1:abcd::1', '::ffff:0:0:0/96', '::ffff:0:203.0.113.7', '0:0:0:0:ffff:0:cb00:7107/128']) {
      assert.deepEqual(
        parseAllowlist([entry]),
        { ok: false, message: `"${entry}" is IPv4 translated into IPv6 (NAT64 or SIIT), which no client connects from: enter the IPv4 address or range itself` },
        entry,
      );
    }
  });
});

/** A database migrated up to (not including) `version`, for a migration's repair to be tested on old rows. */
async function databaseBefore(backend: (typeof backends)[number], version: string) {
  const before = await mkdtemp(join(tmpdir(), `migrations-before-${version}-`));
  const database = await openTestDatabase(backend, { migrated: false });
  for (const file of (await listMigrations()).filter((migration) => migration.version < version)) {
    await copyFile(file.path, join(before, `${file.version}_${file.name}.sql`));
  }
  await migrate(database.db, before);
  return {
    db: database.db,
    async close() {
      await database.close();
      await rm(before, { recursive: true, force: true });
    },
  };
}

type Db = Awaited<ReturnType<typeof databaseBefore>>['db'];

/** A listing as the schema of 0010 held it (its own source columns). */
async function listingOf0010(db: Db, ref: string): Promise<number> {
  const [listing] = (await sql<{ id: number }>`
    insert into proxy_listings (source, source_ref, real_ip, dns_ip, domain, region_key, ct, country, state, city, zip,
      latitude, time_zone, isp, user_type, speed, ping, added_at, base_cents, fresh_cents, sbl_black, xbl_black,
      css_black, pbl_black, online)
    values ('test', ${ref}, '198.18.0.1', '198.18.0.1', 'example.test', 'USA', 'US', 'United States',
      'California', 'Fresno', '93650', 36.8, 'America/Los_Angeles', 'Test ISP', 'Residential', 10, 20, now(), 200, 0,
      0, 0, 0, 0, true)
    returning id`.execute(db)).rows;
  return Number(listing!.id);
}

/** A listing as later schemas hold it: an exit, and the listing that sells it. */
async function listingWithExit(db: Db, ref: string): Promise<number> {
  const [exit] = (await sql<{ id: number }>`
    insert into exits (source, endpoint_key, kind, declared_type, state) values ('test', ${ref}, 'direct', 'residential', 'online')
    returning id`.execute(db)).rows;
  const [listing] = (await sql<{ id: number }>`
    insert into proxy_listings (exit_id, real_ip, dns_ip, domain, region_key, ct, country, state, city, zip,
      latitude, time_zone, isp, user_type, speed, ping, added_at, base_cents, fresh_cents, sbl_black, xbl_black,
      css_black, pbl_black, online)
    values (${exit!.id}, '198.18.0.1', '198.18.0.1', 'example.test', 'USA', 'US', 'United States',
      'California', 'Fresno', '93650', 36.8, 'America/Los_Angeles', 'Test ISP', 'Residential', 10, 20, now(), 200, 0,
      0, 0, 0, 0, true)
    returning id`.execute(db)).rows;
  return Number(listing!.id);
}

/** A customer with this allow-list saved, and two leases carrying it: one running, one ended that may still renew. */
async function legacyCustomer(
  db: Db,
  name: string,
  entries: readonly string[],
  insertListing: (db: Db, ref: string) => Promise<number>,
): Promise<{ userId: string; leaseIds: number[] }> {
  const [user] = (await sql<{ id: string }>`
    insert into users (username, email, password_hash) values (${name}, ${`${name}@example.com`}, 'x') returning id`.execute(db)).rows;
  assert.ok(user);
  for (const [position, entry] of entries.entries()) {
    await sql`insert into user_ip_allowlist (user_id, cidr, position) values (${user.id}, ${entry}, ${position})`.execute(db);
  }
  const leaseIds: number[] = [];
  for (const [index, expires] of ['1 day', '-1 hour'].entries()) {
    const listingId = await insertListing(db, `${name}-${index}`);
    const [lease] = (await sql<{ id: number }>`
      insert into proxy_leases (user_id, listing_id, port, socks_auth, price_cents, starts_at, expires_at, allow_cidrs)
      values (${user.id}, ${listingId}, ${20_000 + index}, 'abcde:fghij', 200, now() - interval '2 days',
        now() + ${expires}::interval, ${entries}::cidr[])
      returning id`.execute(db)).rows;
    leaseIds.push(Number(lease!.id));
  }
  return { userId: user.id, leaseIds };
}

async function savedLists(db: Db, customer: { userId: string; leaseIds: number[] }) {
  const saved = await sql<{ entry: string }>`
    select cidr::text as entry from user_ip_allowlist where user_id = ${customer.userId} order by position, cidr`.execute(db);
  const leases = await sql<{ allow: string[] }>`
    select allow_cidrs::text[] as allow from proxy_leases where id in (${sql.join(customer.leaseIds)}) order by id`.execute(db);
  return { saved: saved.rows.map((row) => row.entry), leases: leases.rows.map((row) => row.allow) };
}

for (const backend of backends) {
  describe(`allow-lists saved before the IPv4-in-IPv6 rule (${backend})`, () => {
    it('are repaired by the migration: IPv4 spellings become IPv4, too-wide entries go, and such entries are refused from then on', async () => {
      const database = await databaseBefore(backend, '0011');
      try {
        const { db } = database;
        const customer = await legacyCustomer(db, 'legacy', ['203.0.113.7/32', '::ffff:0:0/96', '::ffff:203.0.113.7/128', '::ffff:198.51.100.0/120', '::/80', '2001:db8::/48'], listingOf0010);

        await migrate(db);

        const repaired = ['203.0.113.7/32', '198.51.100.0/24', '2001:db8::/48'];
        assert.deepEqual(await savedLists(db, customer), { saved: repaired, leases: [repaired, repaired] }, 'the list, the running lease and the one that may still be renewed');
        await assert.rejects(
          sql`insert into user_ip_allowlist (user_id, cidr, position) values (${customer.userId}, '::ffff:10.0.0.0/104', 9)`.execute(db),
          /user_ip_allowlist_entry_allowed/,
        );
        await assert.rejects(
          sql`update proxy_leases set allow_cidrs = '{::ffff:0:0/96}' where id = ${customer.leaseIds[0]!}`.execute(db),
          /proxy_leases_allow_cidrs_allowed/,
        );
      } finally {
        await database.close();
      }
    });
  });

  describe(`allow-lists saved before ::1 and translators' prefixes were told apart (${backend})`, () => {
    it('are repaired by migration 0110: 0.0.0.1 saved from ::1 is ::1 again, translated prefixes go, and are refused from then on', async () => {
      const database = await databaseBefore(backend, '0110');
      try {
        const { db } = database;
        const customer = await legacyCustomer(db, 'translated', ['0.0.0.1/32', '64:ff9b::/96', '203.0.113.7/32', '::ffff:0:0:0/96', '64:ff9b:1::/48', '2001:db8::/48'], listingWithExit);

        await migrate(db);

        const repaired = ['::1/128', '203.0.113.7/32', '2001:db8::/48'];
        assert.deepEqual(await savedLists(db, customer), { saved: repaired, leases: [repaired, repaired] });
        await assert.rejects(
          sql`insert into user_ip_allowlist (user_id, cidr, position) values (${customer.userId}, '64:ff9b::cb00:7107/128', 9)`.execute(db),
          /user_ip_allowlist_entry_allowed/,
        );
        await assert.rejects(
          sql`update proxy_leases set allow_cidrs = '{::ffff:0:0:0/96}' where id = ${customer.leaseIds[0]!}`.execute(db),
          /proxy_leases_allow_cidrs_allowed/,
        );
        // Every entry the application saves, the database takes: the two rules agree.
        const entries = parseAllowlist(['::1', '::', '::ffff:203.0.113.9', '::198.51.100.0/120', '2001:db8:1::/48', '192.0.2.0/24']);
        assert.ok(entries.ok);
        await sql`delete from user_ip_allowlist where user_id = ${customer.userId}`.execute(db);
        for (const [position, entry] of entries.entries.entries()) {
          await sql`insert into user_ip_allowlist (user_id, cidr, position) values (${customer.userId}, ${entry}, ${10 + position})`.execute(db);
        }
      } finally {
        await database.close();
      }
    });
  });
}

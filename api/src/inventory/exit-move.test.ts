// A leased exit that geolocation finds in another country or state: its customer gets a `moved` event and a
// mail, once, whichever of two instances claims the move; a move of an exit nobody leases tells nobody.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import type { App } from '../app.ts';
import { backends } from '../test/helpers.ts';
import { outbox, recordNotifications, twoInstances } from '../test/history-kit.ts';
import { customer } from '../test/market-kit.ts';
import { buyProxy } from '../test/support-kit.ts';

/** A move as the checker's lookup sweep records it. */
async function moved(app: App, where: { leaseId?: number; exitId?: number }, ip: string): Promise<void> {
  await sql`
    insert into exit_location_changes (exit_id, exit_ip, from_ct, from_region, to_ct, to_region)
    select coalesce(${where.exitId ?? null}::bigint,
                    (select li.exit_id from proxy_leases le join proxy_listings li on li.id = le.listing_id where le.id = ${where.leaseId ?? null}::bigint)),
      ${ip}, 'US', 'Texas', 'DE', 'Land Berlin'`.execute(app.db);
}

for (const backend of backends) {
  describe(`a leased exit that moves (${backend})`, () => {
    it('tells its customer once, by event and mail, whichever instance claims it', async (t) => {
      const [a, b] = await twoInstances(t, backend);
      const buyer = await customer(a, 10_000);
      const { historyId } = await buyProxy(a, buyer);
      const told = [recordNotifications(a), recordNotifications(b)];
      await moved(a, { leaseId: historyId }, '198.51.100.9');
      const { rows } = await sql<{ id: string }>`select id from exits where id not in (select exit_id from proxy_listings li join proxy_leases le on le.listing_id = li.id) limit 1`.execute(a.db);
      await moved(a, { exitId: Number(rows[0]!.id) }, '198.51.100.10');
      const passes = await Promise.all([a.exitMoveNotices.run(), b.exitMoveNotices.run()]);
      assert.equal(passes.reduce((sum, pass) => sum + pass.moves, 0), 2);
      assert.equal(passes.reduce((sum, pass) => sum + pass.told, 0), 1);
      assert.deepEqual(
        told.flatMap((one) => one.leases.map(({ userId, event }) => [userId, event.kind, event.real_ip, event.location])),
        [[buyer.id, 'moved', '198.51.100.9', 'Germany, Land Berlin']],
      );
      const mails = [...(await outbox(a)), ...(await outbox(b))].filter((mail) => mail.includes('has moved'));
      assert.equal(mails.length, 1);
      assert.match(mails[0]!, /which is in Germany, Land Berlin/);
      assert.deepEqual(await a.exitMoveNotices.run(), { moves: 0, told: 0 });
    });
  });
}

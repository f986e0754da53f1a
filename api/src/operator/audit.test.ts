import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import { backends, openTestDatabase } from '../test/helpers.ts';
import { recordOperatorAction } from './audit.ts';

for (const backend of backends) {
  describe(`operator audit log (${backend})`, () => {
    it('writes a row with the caller\'s transaction and refuses to rewrite or remove it', async () => {
      const database = await openTestDatabase(backend);
      try {
        const { db } = database;
        const actor = { userId: null, name: 'grant-operator command' };
        // Rolled back with the caller's transaction: no row.
        await assert.rejects(
          db.transaction().execute(async (trx) => {
            await recordOperatorAction(trx, { actor, action: 'role.grant', target: 'user:x', after: { role: 'operator' } });
            throw new Error('the action failed');
          }),
          /the action failed/,
        );
        assert.equal((await db.selectFrom('operator_audit').selectAll().execute()).length, 0);

        const id = await db.transaction().execute((trx) =>
          recordOperatorAction(trx, { actor, action: 'role.grant', target: 'user:x', before: { roles: [] }, after: { roles: ['operator'] } }),
        );
        const row = await db.selectFrom('operator_audit').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
        assert.equal(row.actor, 'grant-operator command');
        assert.equal(row.actor_id, null);
        assert.deepEqual(row.before, { roles: [] });
        assert.deepEqual(row.after, { roles: ['operator'] });
        assert.ok(row.at instanceof Date);

        await assert.rejects(sql`UPDATE operator_audit SET actor = 'someone else'`.execute(db), /immutable/);
        await assert.rejects(sql`DELETE FROM operator_audit`.execute(db), /immutable/);
        await assert.rejects(sql`TRUNCATE operator_audit`.execute(db), /immutable/);
        assert.equal((await db.selectFrom('operator_audit').selectAll().execute()).length, 1);
      } finally {
        await database.close();
      }
    });
  });
}

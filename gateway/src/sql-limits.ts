// The fleet's limits in PostgreSQL, for fleets without Redis (shared-limits.ts says what is kept and why):
// each operation is one call of a function of migrations 0014_gateway_limits.sql and 0085_gateway_reserve.sql,
// atomic in the database, whose clock is the one that counts. Admissions are gathered per turn of the event loop into one call.
import type { Admission, LimitSettings } from './limits.ts';
import type { LimitBackend } from './shared-limits.ts';
import type { SqlAdapter } from './sql-adapter.ts';

interface AdmissionAsked {
  leaseId: number;
  source: string;
  withCredentials: boolean;
  settings: LimitSettings;
  answer(admission: Admission): void;
  fail(error: unknown): void;
}

export function createSqlLimitBackend(adapter: SqlAdapter): LimitBackend {
  // Admissions asked in one turn of the event loop go to the database in one call: a busy gateway makes one
  // round trip per turn instead of one per connection, and does not queue behind its small pool.
  let asked: AdmissionAsked[] = [];
  let gatewayOfBatch = '';
  const admitBatch = () => {
    const batch = asked;
    asked = [];
    const { settings } = batch[0]!;
    adapter
      .query<{ admissions: Admission[] }>('SELECT gateway_admit_batch($1, $2::bigint[], $3::text[], $4::boolean[], $5, $6, $7, $8) AS admissions', [
        gatewayOfBatch,
        batch.map((each) => each.leaseId),
        batch.map((each) => each.source),
        batch.map((each) => each.withCredentials),
        settings.maxConnectionsPerLease,
        settings.authFailureLimit,
        settings.leaseAuthFailureLimit,
        settings.knownSourceMs,
      ])
      .then(
        ([row]) => {
          if (!row || row.admissions.length !== batch.length) throw new Error('gateway_admit_batch answered a different number of admissions');
          batch.forEach((each, index) => each.answer(row.admissions[index]!));
        },
        (error: unknown) => batch.forEach((each) => each.fail(error)),
      )
      .catch((error: unknown) => batch.forEach((each) => each.fail(error)));
  };

  return {
    admit(gatewayId, leaseId, source, withCredentials, settings) {
      return new Promise<Admission>((answer, fail) => {
        gatewayOfBatch = gatewayId;
        if (asked.length === 0) setImmediate(admitBatch);
        asked.push({ leaseId, source, withCredentials, settings, answer, fail });
      });
    },

    async authorize(_gatewayId, leaseId, source, settings) {
      const [row] = await adapter.query<{ admission: Admission }>('SELECT gateway_authorize($1, $2, $3, $4, $5) AS admission', [
        leaseId,
        source,
        settings.authFailureLimit,
        settings.leaseAuthFailureLimit,
        settings.knownSourceMs,
      ]);
      if (!row) throw new Error('gateway_authorize answered nothing');
      return row.admission;
    },

    async reserve(gatewayId, leaseId, count, cap) {
      const [row] = await adapter.query<{ taken: number }>('SELECT gateway_reserve($1, $2, $3, $4) AS taken', [gatewayId, leaseId, count, cap]);
      return row?.taken ?? 0;
    },

    async authFailed(source, leaseIds, settings) {
      await adapter.query('SELECT gateway_auth_failed($1, $2::bigint[], $3)', [source, [...leaseIds], settings.authFailureWindowMs]);
    },

    async release(gatewayId, released) {
      await adapter.query('SELECT gateway_release($1, $2::bigint[], $3::integer[])', [gatewayId, [...released.keys()], [...released.values()]]);
    },

    async heartbeat(gatewayId, aliveMs, counts, _refresh, settings) {
      // Rows do not expire here (a gateway that died is left out by its heartbeat), so `_refresh` has nothing to do.
      await adapter.query('SELECT gateway_heartbeat($1, $2, $3::bigint[], $4::integer[], $5)', [
        gatewayId,
        aliveMs,
        [...counts.keys()],
        [...counts.values()],
        settings.knownSourceMs,
      ]);
    },

    async leave(gatewayId) {
      await adapter.query('SELECT gateway_leave($1)', [gatewayId]);
    },

    // The adapter is the gateway's own; whoever made it closes it.
    async close() {},
  };
}

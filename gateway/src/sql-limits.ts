// The fleet's limits in PostgreSQL, for fleets without Redis (shared-limits.ts says what is kept and why):
// each operation is one call of a function of migration 0014_gateway_limits.sql, so it is atomic and costs
// one round trip; times come from the database's clock.
import type { Admission, LimitSettings } from './limits.ts';
import type { LimitBackend } from './shared-limits.ts';
import type { SqlAdapter } from './sql-adapter.ts';

export function createSqlLimitBackend(adapter: SqlAdapter): LimitBackend {
  return {
    async admit(gatewayId, leaseId, source, withCredentials, settings: LimitSettings) {
      const [row] = await adapter.query<{ admission: Admission }>('SELECT gateway_admit($1, $2, $3, $4, $5, $6, $7, $8) AS admission', [
        gatewayId,
        leaseId,
        source,
        withCredentials,
        settings.maxConnectionsPerLease,
        settings.authFailureLimit,
        settings.leaseAuthFailureLimit,
        settings.knownSourceMs,
      ]);
      if (!row) throw new Error('gateway_admit answered nothing');
      return row.admission;
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

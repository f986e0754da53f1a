// Live figures for the operator console. Operators' sockets join the `operator` room; while at least one is
// connected to this instance, it reads a small fingerprint of the inventory, the ledger and the leases every
// second and, when one of them changed, tells its operators which (`operator` event, {areas}); their console
// refetches those figures. The fingerprint is read from PostgreSQL, so a change made by a checker or another
// API instance shows up the same way; with no operator connected nothing is read.
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { OPERATOR_EVENT, type OperatorEvent } from 'contract/realtime';
import type { SessionUser } from '../accounts/sessions.ts';

const OPERATOR_ROOM = 'operator';
type Area = OperatorEvent['areas'][number];

declare module 'fastify' {
  interface FastifyInstance {
    /** Compares the figures with the last look and tells connected operators what changed (tests call it). */
    operatorLive: { look(): Promise<Area[]> };
  }
}

export interface OperatorLiveOptions {
  /** How often to look while operators are connected (0: only when `look()` is called). */
  intervalMs?: number;
}

export default fp<OperatorLiveOptions>(
  async (app, { intervalMs = 1000 }) => {
    app.io.on('connection', (socket) => {
      const user = socket.data.user as SessionUser;
      app.operatorRoles.holds(user.id).then(
        (operator) => {
          if (operator && socket.connected) void socket.join(OPERATOR_ROOM);
        },
        (error: unknown) => app.log.error({ err: error }, 'operator role check failed'),
      );
    });

    let last: Record<Area, string> | null = null;
    async function look(): Promise<Area[]> {
      const { rows } = await sql<Record<Area, string>>`
        select
          concat_ws(':', (select max(id) from exit_state_changes), (select count(*) from exits),
            (select max(checked_at) from exits), (select max(updated_at) from exits),
            (select max(updated_at) from price_classes), (select count(*) from price_classes)) as inventory,
          concat_ws(':', (select max(id) from ledger), (select sum(balance_cents) from users)) as money,
          concat_ws(':', (select max(id) from proxy_leases), (select count(*) filter (where renew) from proxy_leases),
            (select max(expires_at) from proxy_leases), (select max(updated_at) from proxy_lease_usage),
            date_trunc('minute', now())) as leases`.execute(app.db);
      const now = rows[0]!;
      const changed = last === null ? [] : (Object.keys(now) as Area[]).filter((area) => now[area] !== last![area]);
      last = now;
      if (changed.length > 0) {
        const event: OperatorEvent = { areas: changed };
        app.io.local.to(OPERATOR_ROOM).emit(OPERATOR_EVENT, event);
      }
      return changed;
    }
    app.decorate('operatorLive', { look });

    if (intervalMs <= 0) return;
    let timer: NodeJS.Timeout | null = null;
    let running = true;
    const tick = async () => {
      const watching = (app.io.of('/').adapter.rooms.get(OPERATOR_ROOM)?.size ?? 0) > 0;
      if (watching) await look().catch((error: unknown) => app.log.warn({ err: error }, 'operator figures look failed'));
      else last = null;
      if (running) timer = setTimeout(() => void tick(), intervalMs);
    };
    app.addHook('onReady', async () => {
      timer = setTimeout(() => void tick(), intervalMs);
    });
    app.addHook('preClose', async () => {
      running = false;
      if (timer) clearTimeout(timer);
    });
  },
  { name: 'operator-live', dependencies: ['realtime'] },
);

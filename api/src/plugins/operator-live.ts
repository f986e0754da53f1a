// Live figures for the operator console. Operators' sockets join the `operator` room; while at least one is
// connected to this instance, it sums the `operator_changes` counters once a second (a handful of rows, as
// many as writers ever ran at once: the cost does not grow with the shop) and, when an area's sum moved,
// tells its operators which areas changed (`operator` event, {areas}); their console refetches those figures.
// The areas whose figures count what runs now (inventory, leases) also change each minute, as leases end.
// Triggers bump the counters in the same transaction as any write to the tables behind an area, so a change
// made by a checker, a gateway or another API instance on the same database shows up the same way; with no
// operator connected nothing is read.
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { OPERATOR_EVENT, type OperatorEvent } from 'contract/realtime';
import type { SessionUser } from '../accounts/sessions.ts';

const OPERATOR_ROOM = 'operator';
type Area = OperatorEvent['areas'][number];

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Compares the figures with the last look and tells connected operators what changed (tests call it, with
     * the time to take as now).
     */
    operatorLive: { look(at?: Date): Promise<Area[]> };
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
    async function look(at = new Date()): Promise<Area[]> {
      const { rows } = await sql<Record<Area, string>>`
        select coalesce(sum(changes) filter (where area = 'inventory'), 0)::text as inventory,
          coalesce(sum(changes) filter (where area = 'money'), 0)::text as money,
          coalesce(sum(changes) filter (where area = 'leases'), 0)::text as leases
        from operator_changes`.execute(app.db);
      // The leases running now, and the inventory's "for sale" and "leased" figures, also move when a lease
      // ends by time, with no write to say so: those two areas count as changed once a minute too. Telling
      // whether one did end would read the listings' ends every second (unindexed, and not always a lease's
      // end: an offline exit's wait, a refund); a refetch a minute while an operator watches costs less.
      const minute = Math.floor(at.getTime() / 60_000);
      const counted = rows[0]!;
      const now: Record<Area, string> = { inventory: `${counted.inventory}:${minute}`, money: counted.money, leases: `${counted.leases}:${minute}` };
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

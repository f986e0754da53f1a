// Tells customers that the exit of a proxy they lease went dead: a socket event to their open pages and a
// mail ("your proxy … is down since …; we are checking it every … s"). The checker writes the transition
// (exit_state_changes, to 'dead'); every API instance runs this after its renewal sweep, and each transition
// is claimed by one of them (customers_told_at, FOR UPDATE SKIP LOCKED), so a customer is told once. The
// `proxy.down` webhook is queued in the claim's transaction, and so is `proxy.up` when an exit goes from
// 'dead' back to 'online' (no mail, no socket event: the History page shows the state on its own).
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { LeaseEvent } from 'contract/realtime';
import type { Schema } from '../db/schema.ts';
import { queueMail, type Mail } from '../mail/mail.ts';
import type { CustomerNoticeOptions, LeaseToTell } from './customer-notices.ts';
import { queueLeaseWebhook, queueWebhookEvent } from '../webhooks/webhooks.ts';

export type ExitDownNoticesOptions = CustomerNoticeOptions;

interface DownLease extends LeaseToTell {
  real_ip: string;
  changed_at: Date | string;
  check_interval_s: number | null;
}

/** Transitions claimed per pass (the rest wait for the next). */
const BATCH = 200;

export function createExitDownNotices(options: ExitDownNoticesOptions) {
  return {
    /** One pass: claims the untold transitions to 'dead' and tells the customers of their running leases. */
    async run(): Promise<{ transitions: number; told: number; up: number }> {
      const { db, publicHost } = options;
      const claimed = await db.transaction().execute(async (trx) => {
        const transitions = await claimTransitions(trx, sql`to_state = 'dead'`);
        const up = await upWebhooks(trx, publicHost);
        if (transitions.length === 0) return { transitions: 0, leases: [] as DownLease[], mailJobs: up.jobs, up: up.told };
        const leases = await runningLeasesOf(trx, transitions, publicHost);
        // The mails and webhooks commit with the claim: a receiver that is down delays them, it does not lose them.
        const mailJobs: number[] = [...up.jobs];
        for (const lease of leases) {
          mailJobs.push(await queueMail(trx, exitDownMail(lease, new Date(lease.changed_at), lease.check_interval_s ?? 60, options.publicUrl)));
          mailJobs.push(...(await queueLeaseWebhook(trx, lease.user_id, downEvent(lease))));
        }
        return { transitions: transitions.length, leases, mailJobs, up: up.told };
      });
      for (const lease of claimed.leases) options.notify(lease.user_id, downEvent(lease));
      try {
        await options.mailQueued(claimed.mailJobs);
      } catch (error) {
        options.onError(error, 'exit-down notice mails');
      }
      return { transitions: claimed.transitions, told: claimed.leases.length, up: claimed.up };
    },
  };
}

function downEvent(lease: DownLease): LeaseEvent {
  return {
    history_id: String(lease.lease_id),
    real_ip: lease.real_ip,
    kind: 'down',
    expires_at: new Date(lease.expires_at).toISOString(),
    down_since: new Date(lease.changed_at).toISOString(),
    check_interval_s: lease.check_interval_s ?? 60,
  };
}

/** Claims up to BATCH untold transitions matching `which` for this instance (FOR UPDATE SKIP LOCKED). */
async function claimTransitions(trx: Kysely<Schema>, which: RawBuilder<unknown>): Promise<number[]> {
  const { rows } = await sql<{ id: string }>`
    update exit_state_changes set customers_told_at = now()
    where id in (
      select id from exit_state_changes
      where customers_told_at is null and ${which}
      order by id limit ${BATCH}
      for update skip locked)
    returning id`.execute(trx);
  return rows.map((row) => Number(row.id));
}

/** The running leases of the claimed transitions' exits, with what the customer is told. */
async function runningLeasesOf(trx: Kysely<Schema>, transitionIds: number[], publicHost: string): Promise<DownLease[]> {
  const { rows } = await sql<DownLease>`
    select le.id as lease_id, le.user_id, u.email, u.username, ${publicHost} || ':' || le.port as proxy,
      li.real_ip, le.expires_at, ch.changed_at, ch.check_interval_s
    from exit_state_changes ch
    join proxy_listings li on li.exit_id = ch.exit_id
    join proxy_leases le on le.listing_id = li.id
    join users u on u.id = le.user_id
    where ch.id = any(${transitionIds}::bigint[])
      and le.ended_at is null and le.expires_at > now()
    order by le.id`.execute(trx);
  return rows;
}

/** Claims the untold transitions from 'dead' back to 'online' and queues `proxy.up` for their running leases. */
async function upWebhooks(trx: Kysely<Schema>, publicHost: string): Promise<{ told: number; jobs: number[] }> {
  const transitions = await claimTransitions(trx, sql`from_state = 'dead' and to_state = 'online'`);
  if (transitions.length === 0) return { told: 0, jobs: [] };
  const leases = await runningLeasesOf(trx, transitions, publicHost);
  const jobs: number[] = [];
  for (const lease of leases) {
    jobs.push(
      ...(await queueWebhookEvent(trx, lease.user_id, 'proxy.up', {
        id: String(lease.lease_id),
        real_ip: lease.real_ip,
        proxy: lease.proxy,
        expires_at: new Date(lease.expires_at).toISOString(),
        up_since: new Date(lease.changed_at).toISOString(),
      })),
    );
  }
  return { told: leases.length, jobs };
}

export type ExitDownNotices = ReturnType<typeof createExitDownNotices>;

function exitDownMail(lease: DownLease, since: Date, everySeconds: number, publicUrl: string): Mail {
  const when = `${since.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return {
    to: lease.email,
    subject: `Your proxy ${lease.proxy} is down`,
    text: [
      `Hello ${lease.username},`,
      '',
      `Your proxy ${lease.proxy} (exit ${lease.real_ip}) is down since ${when}; we are checking it every ${everySeconds} s.`,
      'Its History entry shows ONLINE "Dead" until it is back. If it went down within 2 hours of purchase, it is refunded',
      'to your balance automatically (a separate mail says so).',
      '',
      `Your proxies: ${publicUrl}/history`,
    ].join('\n'),
  };
}

// Tells customers that the exit of a proxy they lease moved to another country or state, as the checker's
// geolocation found it from the exit's new address (exit_location_changes): a socket event and a mail. Every
// API instance runs this after its renewal sweep; each move is claimed by one of them (customers_told_at,
// FOR UPDATE SKIP LOCKED), so a customer is told once.
import { sql } from 'kysely';
import type { LeaseEvent } from 'contract/realtime';
import { countryOf } from 'contract/countries';
import { queueMail, type Mail } from '../mail/mail.ts';
import type { CustomerNoticeOptions, LeaseToTell } from './customer-notices.ts';
import { queueLeaseWebhook } from '../webhooks/webhooks.ts';

export type ExitMoveNoticesOptions = CustomerNoticeOptions;

interface MovedLease extends LeaseToTell {
  exit_ip: string;
  from_ct: string;
  from_region: string | null;
  to_ct: string;
  to_region: string | null;
}

const BATCH = 200;

const place = (ct: string, region: string | null) => [countryOf(ct)?.name ?? ct, region].filter(Boolean).join(', ');

export function createExitMoveNotices(options: ExitMoveNoticesOptions) {
  return {
    async run(): Promise<{ moves: number; told: number }> {
      const { db, publicHost } = options;
      const claimed = await db.transaction().execute(async (trx) => {
        const { rows: moves } = await sql<{ id: string }>`
          update exit_location_changes set customers_told_at = now()
          where id in (
            select id from exit_location_changes where customers_told_at is null
            order by id limit ${BATCH} for update skip locked)
          returning id`.execute(trx);
        if (moves.length === 0) return { moves: 0, leases: [] as MovedLease[], mailJobs: [] as number[] };
        const { rows: leases } = await sql<MovedLease>`
          select le.id as lease_id, le.user_id, u.email, u.username, ${publicHost} || ':' || le.port as proxy,
            ch.exit_ip, le.expires_at, ch.from_ct, ch.from_region, ch.to_ct, ch.to_region
          from exit_location_changes ch
          join proxy_listings li on li.exit_id = ch.exit_id
          join proxy_leases le on le.listing_id = li.id
          join users u on u.id = le.user_id
          where ch.id = any(${moves.map((row) => Number(row.id))}::bigint[])
            and le.ended_at is null and le.expires_at > now()
          order by le.id`.execute(trx);
        // The mails and webhooks commit with the claim: a receiver that is down delays them, it does not lose them.
        const mailJobs: number[] = [];
        for (const lease of leases) {
          mailJobs.push(await queueMail(trx, moveMail(lease, options.publicUrl)));
          mailJobs.push(...(await queueLeaseWebhook(trx, lease.user_id, movedEvent(lease))));
        }
        return { moves: moves.length, leases, mailJobs };
      });
      for (const lease of claimed.leases) options.notify(lease.user_id, movedEvent(lease));
      try {
        await options.mailQueued(claimed.mailJobs);
      } catch (error) {
        options.onError(error, 'exit-move notice mails');
      }
      return { moves: claimed.moves, told: claimed.leases.length };
    },
  };
}

function moveMail(lease: MovedLease, publicUrl: string): Mail {
  const to = place(lease.to_ct, lease.to_region);
  return {
    to: lease.email,
    subject: `Your proxy ${lease.proxy} has moved to ${to}`,
    text: [
      `Hello ${lease.username},`,
      '',
      `The exit of your proxy ${lease.proxy} changed its address to ${lease.exit_ip}, which is in ${to}`,
      `(it was in ${place(lease.from_ct, lease.from_region)}). Location from the exit's address, read offline.`,
      '',
      `Your proxies: ${publicUrl}/history`,
    ].join('\n'),
  };
}

function movedEvent(lease: MovedLease): LeaseEvent {
  return {
    history_id: String(lease.lease_id),
    real_ip: lease.exit_ip,
    kind: 'moved',
    expires_at: new Date(lease.expires_at).toISOString(),
    location: place(lease.to_ct, lease.to_region),
  };
}

export type ExitMoveNotices = ReturnType<typeof createExitMoveNotices>;

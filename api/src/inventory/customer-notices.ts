// What the passes that tell customers about their leases share (blacklist credits, dead-exit refunds, exit
// down and exit move notices): their options, and the lease row each reads to write a mail and an event.
import type { Kysely } from 'kysely';
import type { LeaseEvent } from 'contract/realtime';
import type { Schema } from '../db/schema.ts';

export interface CustomerNoticeOptions {
  db: Kysely<Schema>;
  publicUrl: string;
  /** The gateway host of every proxy string (`publicHost:port`). */
  publicHost: string;
  /** Delivers the mails and webhooks this pass queued in its transaction (the outbox: `app.jobs.attempt`). */
  mailQueued(jobIds: number[]): Promise<void>;
  /** The socket event (its webhook is already queued). */
  notify(userId: string, event: LeaseEvent): void;
  onError(error: unknown, context: string): void;
}

/** The lease row every pass reads: whose it is, where the mail goes, the proxy string and the period's end. */
export interface LeaseToTell {
  lease_id: string;
  user_id: string;
  email: string;
  username: string;
  proxy: string;
  expires_at: Date | string;
}

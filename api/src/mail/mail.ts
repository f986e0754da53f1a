// What the domain hands to the mailer: a mail is its recipient, subject and plain text. How it leaves (SMTP
// or the outbox folder) is the mail plugin's business. Every mail goes through the jobs outbox (queueMail,
// in the transaction of the change it tells about) and is sent by a worker, with retries.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema.ts';
import { enqueueJob, type JobHandler } from '../jobs/jobs.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** `messageId`: the Message-ID header, the same on every attempt of one mail. */
  send(mail: Mail & { messageId?: string }): Promise<void>;
}

export const MAIL_JOB = 'mail';

/** A queued mail: the mail and the key its Message-ID is made of, fixed when it is queued. */
interface QueuedMail extends Mail {
  messageKey: string;
}

/** Queues `mail`; pass the transaction of the change it tells about. Returns the job's id. */
export function queueMail(db: Kysely<Schema>, mail: Mail): Promise<number> {
  const queued: QueuedMail = { to: mail.to, subject: mail.subject, text: mail.text, messageKey: randomUUID() };
  return enqueueJob(db, MAIL_JOB, queued);
}

function isQueuedMail(value: unknown): value is QueuedMail {
  if (typeof value !== 'object' || value === null) return false;
  const { to, subject, text, messageKey } = value as Record<string, unknown>;
  return [to, subject, text, messageKey].every((field) => typeof field === 'string');
}

/** The domain of the sender's address (`Shop <no-reply@shop.example>` -> `shop.example`), for Message-IDs. */
export function senderDomain(from: string): string {
  return /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
}

/**
 * Sends queued mails. The Message-ID is the same on every attempt, so in the rare case a server took a mail
 * but its answer was lost (the attempt counts as failed and is repeated) the copy is recognisable as one.
 * 100 attempts at the outbox's backoff (30 s doubling to 15 min) is about a day.
 */
export function mailJobHandler(mailer: Mailer, domain: string): JobHandler {
  return {
    maxAttempts: 100,
    async run(payload) {
      if (!isQueuedMail(payload)) throw new Error('a mail job without to, subject, text and messageKey');
      const { messageKey, ...mail } = payload;
      await mailer.send({ ...mail, messageId: `<${messageKey}@${domain}>` });
    },
  };
}

// GET /api/operator/jobs on the wire: the outbox (mails, later webhook deliveries) as an operator sees it:
// how many jobs wait, how late the latest is, and the ones that failed or were given up.
import Type, { type Static } from 'typebox';

export const StuckJob = Type.Object({
  id: Type.Integer(),
  kind: Type.String(),
  /** pending: waits for its next attempt; running: being tried; dead: given up after its attempts. */
  state: Type.Union([Type.Literal('pending'), Type.Literal('running'), Type.Literal('dead')]),
  attempts: Type.Integer(),
  lastError: Type.Union([Type.String(), Type.Null()]),
  /** The next attempt (pending), the end of the current one (running). */
  runAt: Type.String({ format: 'date-time' }),
  createdAt: Type.String({ format: 'date-time' }),
});

export const JobsReport = Type.Object({
  pending: Type.Integer(),
  running: Type.Integer(),
  dead: Type.Integer(),
  /** Seconds the most overdue job has been due (0: the outbox keeps up). */
  oldestDueSeconds: Type.Integer(),
  /** Jobs that failed at least once and are not done, and given-up ones, oldest first (at most 100). */
  stuck: Type.Array(StuckJob),
});
export type JobsReport = Static<typeof JobsReport>;

// The renewal sweep as a job of every API instance: each sweeps every `RENEWAL_SWEEP_MS` (0: never; tests
// call `app.renewalSweep.run(at)` with the moment they want), then tells customers whose leased exit the
// checker found dead (`app.exitDownNotices`), replaces dead exits of accounts that asked for it
// (`app.deadExitReplacements`), and refunds the purchases among them made within 2 hours
// (`app.deadExitRefunds`), and credits half a period to leases whose exit turned up blacklisted
// (`app.blacklistCredits`), and tells customers whose leased exit moved (`app.exitMoveNotices`). Instances need no coordination: the sweep
// locks each lease it settles and skips the ones another instance holds.
import fp from 'fastify-plugin';
import type { LeaseEvent } from 'contract/realtime';
import type { Config } from '../config.ts';
import { RenewalSweep } from '../history/renewal-sweep.ts';
import { createBlacklistCredits, type BlacklistCredits } from '../inventory/blacklist-credits.ts';
import { createDeadExitRefunds, type DeadExitRefunds } from '../inventory/dead-exit-refunds.ts';
import { createDeadExitReplacements, type DeadExitReplacements } from '../inventory/dead-exit-replacements.ts';
import { createExitDownNotices, type ExitDownNotices } from '../inventory/exit-down-notices.ts';
import { createExitMoveNotices, type ExitMoveNotices } from '../inventory/exit-move-notices.ts';

declare module 'fastify' {
  interface FastifyInstance {
    renewalSweep: RenewalSweep;
    /** Tells customers whose leased exit went dead (run after each sweep; tests call `run()`). */
    exitDownNotices: ExitDownNotices;
    /** Replaces dead leased exits: the customer's click, and the automatic pass (run after each sweep). */
    deadExitReplacements: DeadExitReplacements;
    /** Refunds purchases whose exit died within 2 hours (run after each sweep; tests call `run()`). */
    deadExitRefunds: DeadExitRefunds;
    /** Credits 50% of a period when a leased exit turns up on SBL/XBL/CSS (run after each sweep; tests call `run()`). */
    blacklistCredits: BlacklistCredits;
    /** Tells customers whose leased exit moved to another country or state (run after each sweep). */
    exitMoveNotices: ExitMoveNotices;
  }
}

export interface RenewalOptions {
  config: Config;
  /** The sweep's clock (tests of the interval pass their own). */
  clock?: () => Date;
}

export default fp<RenewalOptions>(
  async (app, { config, clock = () => new Date() }) => {
    const { periodSeconds, sweepMs, offlineWaitSeconds, noticeSeconds, replaceDeadAfterSeconds } = config.leases;
    // Every lease event the customer's pages get goes to their webhooks too: each pass queues the webhook in
    // the transaction of the change (webhooks/webhooks.ts, queueLeaseWebhook), this only tells the pages.
    const leaseEvent = (userId: string, event: LeaseEvent) => app.notifyLease(userId, event);
    // Mails and webhooks a pass queued in its transaction are tried at once, without letting a slow receiver
    // hold up the pass (JobQueue.attemptSoon); the outbox retries the ones that fail.
    const mailQueued = (jobIds: number[], now?: Date) => app.jobs.attemptSoon(jobIds, { now });
    const sweep = new RenewalSweep({
      db: app.db,
      periodMs: periodSeconds * 1000,
      leadMs: sweepMs,
      offlineWaitMs: offlineWaitSeconds * 1000,
      noticeMs: noticeSeconds * 1000,
      publicUrl: config.publicUrl,
      publicHost: config.gateway.publicHost,
      mailQueued: (jobIds, now) => mailQueued(jobIds, now),
      notify: (userId, event) => {
        app.notifyBalance(userId);
        leaseEvent(userId, event);
      },
      onError: (error, context) => app.log.error({ err: error }, context),
    });
    app.decorate('renewalSweep', sweep);
    // What the inventory's passes share: the database, the proxy strings' parts, the outbox and the log.
    const common = {
      db: app.db,
      publicUrl: config.publicUrl,
      publicHost: config.gateway.publicHost,
      mailQueued,
      onError: (error: unknown, context: string) => app.log.error({ err: error }, context),
    };
    const tellLease = leaseEvent;
    const tellBalanceAndLease = (userId: string, event: LeaseEvent) => {
      app.notifyBalance(userId);
      leaseEvent(userId, event);
    };
    const replacements = createDeadExitReplacements({
      ...common,
      delayMs: replaceDeadAfterSeconds * 1000,
      notify: (userId, event) => {
        app.marketCache.clear();
        app.notifyLease(userId, event);
      },
    });
    app.decorate('deadExitReplacements', replacements);
    const downNotices = createExitDownNotices({ ...common, notify: tellLease });
    app.decorate('exitDownNotices', downNotices);
    const deadRefunds = createDeadExitRefunds({ ...common, replaceWaitMs: replaceDeadAfterSeconds * 1000, notify: tellBalanceAndLease });
    app.decorate('deadExitRefunds', deadRefunds);
    const credits = createBlacklistCredits({ ...common, notify: tellBalanceAndLease });
    app.decorate('blacklistCredits', credits);
    const moveNotices = createExitMoveNotices({ ...common, notify: tellLease });
    app.decorate('exitMoveNotices', moveNotices);
    if (sweepMs === 0) return;

    let running: Promise<void> | null = null;
    const tick = () => {
      // A slow sweep is not overlapped by the next tick on the same instance.
      if (running) return;
      running = sweep
        .run(clock())
        .then((summary) => {
          if (summary.renewed + summary.failed + summary.waiting + summary.ended + summary.notices > 0) {
            // Listings came back to the market or stayed off it: this instance's cached counts are stale.
            app.marketCache.clear();
            app.log.info(summary, 'renewal sweep');
          }
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'renewal sweep failed'))
        .then(() => downNotices.run())
        .then((notices) => {
          if (notices && notices.transitions > 0) app.log.info(notices, 'exit-down notices');
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'exit-down notices failed'))
        // Replacement before refund: a purchase replaced in this pass is not refunded in the next step.
        .then(() => replacements.run())
        .then((replaced) => {
          if (replaced && replaced.replaced > 0) app.log.info(replaced, 'dead-exit replacements');
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'dead-exit replacements failed'))
        .then(() => deadRefunds.run())
        .then((refunds) => {
          if (refunds && refunds.refunded > 0) {
            app.marketCache.clear();
            app.log.info(refunds, 'dead-exit refunds');
          }
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'dead-exit refunds failed'))
        .then(() => credits.run())
        .then((credited) => {
          if (credited && credited.credited > 0) app.log.info(credited, 'blacklist credits');
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'blacklist credits failed'))
        .then(() => moveNotices.run())
        .then((moves) => {
          if (moves && moves.moves > 0) app.log.info(moves, 'exit-move notices');
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'exit-move notices failed'))
        .finally(() => {
          running = null;
        });
    };
    const timer = setInterval(tick, sweepMs);
    timer.unref();
    app.addHook('preClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'renewal', dependencies: ['database', 'jobs', 'realtime', 'marketplace', 'webhooks'] },
);

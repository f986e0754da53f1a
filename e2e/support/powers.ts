import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import type { Mailbox } from './mailbox.ts';
import { mailpitMailbox } from './mailpit.ts';
import { outboxMailbox } from './outbox.ts';
import { overriddenRemotes } from './remote-overrides.ts';
import type { RemoteName } from './remotes.ts';
import { SANDBOX_CHECKOUT_PATH, targetRunsSandbox } from './sandbox-payments.ts';
import { CUSTOMER_PASSWORD } from './session.ts';
import { folderFromEnv, localDirs, REPO_ROOT, target } from './target.ts';

// Some specs need more than a visitor's browser: reading the mail the portal sends, paying without money,
// replacing a remote's deployed files. The run's own portal grants all of them; a deployed one grants what
// is configured for it. Each power has one seam, below; a spec whose power is missing is skipped with the
// reason, which the list output, the HTML report and the JUnit XML all show.

export type Power<T> = { granted: true; value: T } | { granted: false; reason: string };

const granted = <T>(value: T): Power<T> => ({ granted: true, value });
const denied = <T>(reason: string): Power<T> => ({ granted: false, reason });

/** Mail: the run's outbox; else E2E_MAILPIT_URL (an SMTP catcher's HTTP API); else E2E_OUTBOX_DIR. */
export function mailPower(): Power<Mailbox> {
  const { localRunDir } = target();
  if (localRunDir) return granted(outboxMailbox(join(localDirs(localRunDir).data, 'outbox')));
  const mailpit = process.env.E2E_MAILPIT_URL?.trim();
  if (mailpit) return granted(mailpitMailbox(mailpit));
  const outbox = folderFromEnv('E2E_OUTBOX_DIR');
  if (outbox) return granted(outboxMailbox(outbox));
  return denied(
    'mail: the portal under test is not this run\'s own and no mailbox is configured: set E2E_MAILPIT_URL to the HTTP API of the SMTP catcher its SMTP_URL delivers to, or E2E_OUTBOX_DIR to the outbox folder it writes .eml files to',
  );
}

/**
 * Payments: E2E_PAYMENTS=sandbox or none says it; unset, the target is asked whether it runs the sandbox
 * (the only provider a test can pay through: its test-mode checkout confirms without money).
 */
export async function sandboxPower(request: APIRequestContext): Promise<Power<true>> {
  const setting = process.env.E2E_PAYMENTS?.trim() || 'detect';
  if (setting === 'sandbox') return granted(true);
  if (setting === 'none') return denied('payments: E2E_PAYMENTS=none says the portal under test has no sandbox payments, so a test cannot pay');
  if (setting !== 'detect') throw new Error(`E2E_PAYMENTS must be "sandbox" or "none" (got "${setting}"); leave it unset to detect`);
  if (await targetRunsSandbox(request)) return granted(true);
  return denied(
    `payments: the portal under test does not run the sandbox provider (no test-mode checkout at ${SANDBOX_CHECKOUT_PATH}), so a test cannot pay; it needs PAYMENT_PROVIDER=sandbox (and PAYMENT_SANDBOX_ENABLED=true in production mode)`,
  );
}

/** A second build of a remote that a spec deploys over the deployed one, and the command that makes it. */
export interface TestBuild {
  remote: RemoteName;
  folder: string;
  command: string;
}

/** The second build of mfe-account (BUILD_LABEL=redeployed) that the redeploy proof deploys over the first. */
export const REDEPLOY_BUILD: TestBuild = {
  remote: 'account',
  folder: join(REPO_ROOT, 'mfe-account', 'dist-redeploy'),
  command: 'BUILD_LABEL=redeployed OUTPUT_DIR=dist-redeploy pnpm --filter mfe-account build',
};

/** A build of mfe-history that requires a react the portal does not run (the version-mismatch proof). */
export const INCOMPATIBLE_BUILD: TestBuild = {
  remote: 'history',
  folder: join(REPO_ROOT, 'mfe-history', 'dist-incompatible'),
  command: `FEDERATION_REQUIRED_VERSIONS='{"react":"^20.0.0"}' OUTPUT_DIR=dist-incompatible pnpm --filter mfe-history build`,
};

/** Replacing a remote's files with a test build: the run's own deploy folder; else E2E_REMOTES_DIR, the REMOTES_DIR of a portal on this machine. */
export function redeployPower(build: TestBuild): Power<string> {
  const { remote } = build;
  const { localRunDir } = target();
  const remotesDir = localRunDir ? localDirs(localRunDir).remotes : folderFromEnv('E2E_REMOTES_DIR');
  if (!remotesDir) {
    return denied(
      'redeploy: replacing a remote\'s files needs the deploy folder of the portal under test: set E2E_REMOTES_DIR to the REMOTES_DIR of a portal on this machine (a deployed one is redeployed by its pipeline, not by a test)',
    );
  }
  if (overriddenRemotes().includes(remote)) {
    return denied(`redeploy: E2E_REMOTE_OVERRIDES loads ${remote} from elsewhere, so files replaced in the deploy folder would not be seen`);
  }
  if (!existsSync(join(build.folder, 'mf-manifest.json'))) {
    return denied(`redeploy: the test build of ${remote} is missing: ${build.command}`);
  }
  return granted(join(remotesDir, remote));
}

/**
 * The run's own portal lists this username in SUPPORT_USERNAMES (playwright.config.ts), the operator's way
 * of making members of support without the database; the support spec registers the account.
 */
export const E2E_SUPPORT_USERNAME = 'e2e_support_desk';

export interface SupportAccount {
  username: string;
  password: string;
  /** Whether the account must be registered first (the run's own portal starts empty). */
  register: boolean;
}

/** A member of support: the run's own (see E2E_SUPPORT_USERNAME); else E2E_SUPPORT_USERNAME/PASSWORD. */
export function supportPower(): Power<SupportAccount> {
  const { localRunDir } = target();
  if (localRunDir) return granted({ username: E2E_SUPPORT_USERNAME, password: CUSTOMER_PASSWORD, register: true });
  const username = process.env.E2E_SUPPORT_USERNAME?.trim();
  const password = process.env.E2E_SUPPORT_PASSWORD;
  if (username && password) return granted({ username, password, register: false });
  return denied(
    'support: the portal under test is not this run\'s own: set E2E_SUPPORT_USERNAME and E2E_SUPPORT_PASSWORD to an account its operator made a member of support (grant-support or SUPPORT_USERNAMES)',
  );
}

/** A build of mfe-history with another label, released as v2 by the releases spec. */
export const RELEASE_V2_BUILD: TestBuild = {
  remote: 'history',
  folder: join(REPO_ROOT, 'mfe-history', 'dist-release-v2'),
  command: 'BUILD_LABEL=release-v2 OUTPUT_DIR=dist-release-v2 pnpm --filter mfe-history build',
};

/** What the releases spec needs to run two API instances of its own on one PostgreSQL database. */
export interface ReleasesFleet {
  databaseUrl: string;
  ports: [number, number];
  runDir: string;
}

/**
 * Releases (promote, roll back, canary) across two API instances: the run's own portal only (a deployed
 * portal's releases are its team's), PostgreSQL (E2E_DATABASE_URL, else TEST_DATABASE_URL: two instances
 * cannot share the embedded database; the spec works in a schema of its own) and two free ports
 * (E2E_RELEASES_PORTS, default 8096,8097), with the test builds made.
 */
export function releasesPower(): Power<ReleasesFleet> {
  const { localRunDir } = target();
  if (!localRunDir) return denied('releases: the spec runs two API instances of its own over this checkout\'s builds; a deployed portal\'s releases are moved by its team');
  const databaseUrl = process.env.E2E_DATABASE_URL?.trim() || process.env.TEST_DATABASE_URL?.trim();
  if (!databaseUrl) {
    return denied('releases: two API instances need a shared PostgreSQL: set E2E_DATABASE_URL (or TEST_DATABASE_URL) to a database the spec may create a schema in');
  }
  const ports = (process.env.E2E_RELEASES_PORTS?.trim() || '8096,8097').split(',').map(Number);
  if (ports.length !== 2 || ports.some((port) => !Number.isInteger(port) || port < 1 || port > 65535)) {
    throw new Error(`E2E_RELEASES_PORTS must be two ports, e.g. 8096,8097 (got "${process.env.E2E_RELEASES_PORTS}")`);
  }
  for (const build of [RELEASE_V2_BUILD, INCOMPATIBLE_BUILD]) {
    if (!existsSync(join(build.folder, 'mf-manifest.json'))) return denied(`releases: the test build of ${build.remote} is missing: ${build.command}`);
  }
  return granted({ databaseUrl, ports: ports as [number, number], runDir: localRunDir });
}

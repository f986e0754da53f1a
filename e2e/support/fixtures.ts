import { test as base, expect, type TestInfo } from '@playwright/test';
import type { Mailbox } from './mailbox.ts';
import { INCOMPATIBLE_BUILD, mailPower, REDEPLOY_BUILD, redeployPower, sandboxPower, supportPower, type Power, type TestBuild } from './powers.ts';
import { logIn, type Customer } from './session.ts';
import { applyRemoteOverrides } from './remote-overrides.ts';
import { REMOTE_NAMES, tagOf, type Tag } from './remotes.ts';

// The `test` every spec uses. A spec asks for a power by naming its fixture (`mailbox`, `sandbox`,
// `accountDeployFolder`); where the target does not grant it, the fixture skips the spec with the reason.
// Every browser context gets the run's remote overrides, and every spec must carry at least one tag.

const KNOWN_TAGS: readonly string[] = ['@shell', ...REMOTE_NAMES.map(tagOf)] satisfies Tag[];

interface Fixtures {
  /** The mails the portal sends. */
  mailbox: Mailbox;
  /** Present when the target runs the sandbox payment provider (top-ups through its test-mode checkout). */
  sandbox: true;
  /** The deploy folder of mfe-account in the portal under test, to replace its files. */
  accountDeployFolder: string;
  /** The deploy folder of mfe-history in the portal under test, to deploy its version-incompatible build. */
  historyDeployFolder: string;
  /** A signed-in member of support (the session is the API's; open it in its own browser context). */
  supportMember: Customer;
  tagged: void;
}

interface WorkerFixtures {
  /** Asked once per worker: whether the target runs the sandbox payment provider. */
  paymentsPower: Power<true>;
}

/** The deploy folder a test build replaces, or the spec is skipped with the reason it cannot be. */
async function deployFolderOrSkip(build: TestBuild, testInfo: TestInfo): Promise<string> {
  const power = redeployPower(build);
  if (!power.granted) testInfo.skip(true, power.reason);
  return power.granted ? power.value : '';
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  context: async ({ context, baseURL }, use) => {
    await applyRemoteOverrides(context, baseURL as string);
    await use(context);
  },

  // Playwright reads a fixture's dependencies from its first parameter, so one without any takes `{}`.
  // eslint-disable-next-line no-empty-pattern
  mailbox: async ({}, use, testInfo) => {
    const power = mailPower();
    testInfo.skip(!power.granted, power.granted ? '' : power.reason);
    if (power.granted) await use(power.value);
  },

  paymentsPower: [
    async ({ playwright }, use, workerInfo) => {
      const request = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
      try {
        await use(await sandboxPower(request));
      } finally {
        await request.dispose();
      }
    },
    { scope: 'worker' },
  ],

  sandbox: async ({ paymentsPower: power }, use, testInfo) => {
    testInfo.skip(!power.granted, power.granted ? '' : power.reason);
    await use(true);
  },

  // eslint-disable-next-line no-empty-pattern
  accountDeployFolder: async ({}, use, testInfo) => use(await deployFolderOrSkip(REDEPLOY_BUILD, testInfo)),

  // eslint-disable-next-line no-empty-pattern
  historyDeployFolder: async ({}, use, testInfo) => use(await deployFolderOrSkip(INCOMPATIBLE_BUILD, testInfo)),

  supportMember: async ({ request }, use, testInfo) => {
    const power = supportPower();
    testInfo.skip(!power.granted, power.granted ? '' : power.reason);
    if (!power.granted) return;
    await use(await logIn(request, power.value));
  },

  // A spec names the remote(s) it exercises, so `--grep @history` runs exactly one team's specs.
  tagged: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, testInfo) => {
      if (testInfo.tags.length === 0) throw new Error(`Tag this spec with the remote(s) it exercises, one or more of ${KNOWN_TAGS.join(' ')}`);
      const unknown = testInfo.tags.filter((tag) => !KNOWN_TAGS.includes(tag));
      if (unknown.length > 0) throw new Error(`Unknown tag ${unknown.join(' ')}: the tags are ${KNOWN_TAGS.join(' ')}`);
      await use();
    },
    { auto: true },
  ],
});

export { expect };

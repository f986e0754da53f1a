// The import boundaries in eslint.config.js only protect the architecture if lint really reports a broken
// one. This plants each kind of forbidden import in a temporary file inside the tree, lints those files
// with the project's own configuration, and expects the rule to fire; the files are removed even when an
// assertion fails.
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const tag = `boundary-probe-${process.pid}`;

/** Each probe: a file to plant (path from the repo root) and its source. */
const probes = {
  remoteToRemote: {
    file: `mfe-history/src/${tag}.ts`,
    source: "import * as other from '../../mfe-marketplace/src/dashboard-page';\nexport const probe = other;\n",
  },
  remoteToShell: {
    file: `mfe-history/src/${tag}-shell.ts`,
    source: "import * as shell from '../../shell/src/routing/app-routes';\nexport const probe = shell;\n",
  },
  remoteToShared: {
    file: `mfe-history/src/${tag}-shared.ts`,
    source: "import * as atoms from 'shared/auth/auth-atoms';\nexport const probe = atoms;\n",
  },
  sharedToShell: {
    file: `shared/src/${tag}.ts`,
    source: "import * as shell from '../../shell/src/routing/app-routes';\nexport const probe = shell;\n",
  },
  apiToShared: {
    file: `api/src/${tag}.ts`,
    source: "import * as atoms from '../../shared/src/auth/auth-atoms.ts';\nexport const probe = atoms;\n",
  },
  apiToGateway: {
    file: `api/src/${tag}-gateway.ts`,
    source: "import { startEmbeddedGateway } from 'gateway/embedded';\nexport const probe = startEmbeddedGateway;\n",
  },
  apiOpensExitCredentials: {
    file: `api/src/inventory/${tag}-opener.ts`,
    source: "import { createExitCredentialOpener } from 'gateway/exit-credential-opener';\nexport const probe = createExitCredentialOpener;\n",
  },
  apiSealsExitCredentials: {
    file: `api/src/inventory/${tag}-sealer.ts`,
    source: "import { createExitCredentialSealer } from 'gateway/exit-credentials';\nexport const probe = createExitCredentialSealer;\n",
  },
  apiToChecker: {
    file: `api/src/plugins/${tag}-checker.ts`,
    source: "import { startEmbeddedChecker } from 'checker/embedded';\nexport const probe = startEmbeddedChecker;\n",
  },
  checkerToApi: {
    file: `checker/src/${tag}.ts`,
    source: "import { loadConfig } from '../../api/src/config.ts';\nexport const probe = loadConfig;\n",
  },
  gatewayToChecker: {
    file: `gateway/src/${tag}-checker.ts`,
    source: "import { checkExit } from '../../checker/src/check.ts';\nexport const probe = checkExit;\n",
  },
  gatewayToApi: {
    file: `gateway/src/${tag}.ts`,
    source: "import { loadConfig } from '../../api/src/config.ts';\nexport const probe = loadConfig;\n",
  },
  e2eToApp: {
    file: `e2e/tests/${tag}.ts`,
    source: "import * as page from '../../mfe-history/src/history-page.tsx';\nexport const probe = page;\n",
  },
  apiToTestKit: {
    file: `api/src/marketplace/${tag}.ts`,
    source: "import { customer } from '../test/market-kit.ts';\nexport const probe = customer;\n",
  },
  gatewayToTestKit: {
    file: `gateway/src/${tag}-kit.ts`,
    source: "import { backends } from './test/gateway-kit.ts';\nexport const probe = backends;\n",
  },
  sharedToFixture: {
    file: `shared/src/marketplace/${tag}.ts`,
    source: "import { listingFixture } from 'test-kit/listing-fixture';\nexport const probe = listingFixture;\n",
  },
  remoteToFakeApi: {
    file: `mfe-history/src/${tag}-fake.ts`,
    source: "import { fakeApi } from 'test-kit/fake-api';\nexport const probe = fakeApi;\n",
  },
  shellToTestKit: {
    file: `shell/src/auth-dialogs/${tag}.tsx`,
    source: "import { renderDialog } from '../test/auth-dialogs-kit';\nexport const probe = renderDialog;\n",
  },
  testToFixture: {
    file: `mfe-history/src/${tag}.test.ts`,
    source: "import { historyFixture } from 'test-kit/history-fixture';\nexport const probe = historyFixture;\n",
  },
  domainToPlugin: {
    file: `api/src/support/${tag}.ts`,
    source: "import type { Mailer } from '../mail/mail.ts';\nimport { currentUser } from '../plugins/auth.ts';\nexport const probe = (m: Mailer): unknown => [m, currentUser];\n",
  },
  remoteToIdle: {
    file: `mfe-history/src/${tag}-idle.ts`,
    source: "import { yieldToBrowser } from 'shared/browser/idle';\nexport const probe = yieldToBrowser;\n",
  },
  remoteToPrerender: {
    file: `mfe-history/src/${tag}-prerender.ts`,
    source: "import { matchesAtWidth } from 'shared/prerender/first-view';\nexport const probe = matchesAtWidth;\n",
  },
  apiToBuildFiles: {
    file: `api/src/plugins/${tag}.ts`,
    source: "import { FIRST_VIEWS_FILE } from 'contract/first-views';\nexport const probe = FIRST_VIEWS_FILE;\n",
  },
  deliveryToBuildFiles: {
    file: `api/src/web/${tag}.ts`,
    source: "import { FIRST_VIEWS_FILE } from 'contract/first-views';\nexport const probe = FIRST_VIEWS_FILE;\n",
  },
  cycleA: {
    file: `api/src/${tag}-cycle-a.ts`,
    source: `import { b } from './${tag}-cycle-b.ts';\nexport const a = (): unknown => b;\n`,
  },
  cycleB: {
    file: `api/src/${tag}-cycle-b.ts`,
    source: `import { a } from './${tag}-cycle-a.ts';\nexport const b = (): unknown => a;\n`,
  },
};

/** @type {Map<string, import('eslint').Linter.LintMessage[]>} */
const messages = new Map();

before(async () => {
  try {
    for (const { file, source } of Object.values(probes)) {
      mkdirSync(dirname(join(repo, file)), { recursive: true });
      writeFileSync(join(repo, file), source);
    }
    const eslint = new ESLint({ cwd: repo });
    const results = await eslint.lintFiles(Object.values(probes).map(({ file }) => file));
    for (const result of results) messages.set(result.filePath, result.messages);
  } finally {
    removeProbes();
  }
});

after(removeProbes);

function removeProbes() {
  for (const { file } of Object.values(probes)) rmSync(join(repo, file), { force: true });
}

function rulesReported(probe) {
  const reported = messages.get(join(repo, probe.file));
  assert.ok(reported, `${probe.file} was not linted`);
  for (const message of reported) assert.notEqual(message.fatal, true, `${probe.file}: ${message.message}`);
  return reported.map((message) => message.ruleId);
}

test('a remote importing another remote is reported', () => {
  assert.ok(rulesReported(probes.remoteToRemote).includes('import-x/no-restricted-paths'));
});

test('a remote importing the shell is reported', () => {
  assert.ok(rulesReported(probes.remoteToShell).includes('import-x/no-restricted-paths'));
});

test('a remote importing shared is allowed (the probes can tell allowed from forbidden)', () => {
  assert.deepEqual(rulesReported(probes.remoteToShared), []);
});

test('shared importing the shell is reported', () => {
  assert.ok(rulesReported(probes.sharedToShell).includes('import-x/no-restricted-paths'));
});

test('the API importing shared is reported', () => {
  assert.ok(rulesReported(probes.apiToShared).includes('import-x/no-restricted-paths'));
});

test('the API starting the gateway anywhere but main.ts (and its tests) is reported', () => {
  assert.ok(rulesReported(probes.apiToGateway).includes('import-x/no-restricted-paths'));
});

test('the API opening exit credentials is reported; sealing them is allowed', () => {
  assert.ok(rulesReported(probes.apiOpensExitCredentials).includes('import-x/no-restricted-paths'));
  assert.deepEqual(rulesReported(probes.apiSealsExitCredentials), []);
});

test('the API starting the checker anywhere but main.ts, the inventory command (and tests) is reported', () => {
  assert.ok(rulesReported(probes.apiToChecker).includes('import-x/no-restricted-paths'));
});

test('the checker importing API code, and the gateway importing the checker, are reported', () => {
  assert.ok(rulesReported(probes.checkerToApi).includes('import-x/no-restricted-paths'));
  assert.ok(rulesReported(probes.gatewayToChecker).includes('import-x/no-restricted-paths'));
});

test('the gateway importing API code is reported', () => {
  assert.ok(rulesReported(probes.gatewayToApi).includes('import-x/no-restricted-paths'));
});

test('an end-to-end test importing an app internal is reported', () => {
  assert.ok(rulesReported(probes.e2eToApp).includes('import-x/no-restricted-paths'));
});

test('domain code of the API importing a Fastify plugin is reported', () => {
  assert.deepEqual(rulesReported(probes.domainToPlugin), ['import-x/no-restricted-paths']);
});

test('a two-file import cycle in the API is reported', () => {
  assert.ok(rulesReported(probes.cycleA).includes('import-x/no-cycle'));
  assert.ok(rulesReported(probes.cycleB).includes('import-x/no-cycle'));
});

test('production code importing a test kit or fixture is reported, in every package', () => {
  for (const probe of [probes.apiToTestKit, probes.gatewayToTestKit, probes.sharedToFixture, probes.remoteToFakeApi, probes.shellToTestKit]) {
    assert.ok(rulesReported(probe).includes('import-x/no-restricted-paths'), probe.file);
  }
});

test('a test importing the test kit is allowed', () => {
  assert.deepEqual(rulesReported(probes.testToFixture), []);
});

test('a remote reaching for the delivery machinery (stepwise loading, prerendering) is reported', () => {
  assert.ok(rulesReported(probes.remoteToIdle).includes('no-restricted-imports'));
  assert.ok(rulesReported(probes.remoteToPrerender).includes('no-restricted-imports'));
});

test("the API naming the build's page files outside its page-delivery module is reported, inside it allowed", () => {
  assert.ok(rulesReported(probes.apiToBuildFiles).includes('import-x/no-restricted-paths'));
  assert.deepEqual(rulesReported(probes.deliveryToBuildFiles), []);
});

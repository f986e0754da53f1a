// A feature team's releases of its remote (docs/releases.md):
//
//   npm run release -- <remote> [--from DIR] [--version V] [--commit C]   build it, keep it in the store, record it
//   npm run release -- promote <remote> <id> [--percent N] [--reason TEXT]
//   npm run release -- rollback <remote> [<id>] [--reason TEXT]
//   npm run release -- status
//
// Releasing puts the build into the release store (RELEASE_STORE_DIR) under its id and records it; customers
// get nothing new until it is promoted. Moves work while the product runs, as the `inventory` command does:
// on PostgreSQL the command writes the pointer itself (every instance serves it within a second); on the
// embedded database it asks the running process through its operator API with the secret it left in the
// data dir; with nothing running it opens the embedded database itself.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { MoveResult, PublishResult, ReleaseStatus } from 'contract/releases';
import { repoRoot, type Config } from '../config.ts';
import { startCommand, UsageError } from './command-line.ts';
import { openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrator.ts';
import { providedShared } from '../releases/compatibility.ts';
import { movedOnWire, statusOnWire } from '../releases/on-wire.ts';
import { createReleasePointers, ReleaseMoveError, type MoveResult as Moved } from '../releases/release-pointers.ts';
import { publishBuild, ReleaseStoreError, type ReleaseRecord } from '../releases/release-store.ts';
import { auditCommand, callPortalJson, portalName, runningPortal, whoRuns, type RunningPortal } from './running-portal.ts';

const USAGE = `usage: release <command>
  <remote> [--from DIR] [--version V] [--commit C]
      build the remote (or take the build in DIR), keep it in the release store under its id, record it.
      Customers get it once it is promoted.
  promote <remote> <id> [--percent N] [--reason TEXT]
      serve the release to everyone, or (--percent below 100) to that share of customers as a canary.
  rollback <remote> [<id>] [--reason TEXT]
      drop the canary; without one, back to the release the stable one replaced (or to <id>).
  status
      what each remote serves, its releases and the last moves.`;

export interface CommandIo {
  out(text: string): void;
  err(text: string): void;
  /** The folder relative paths (--from) are read from (where the command was typed). */
  cwd: string;
  /** Runs the build of a remote's package with these variables (OUTPUT_DIR, BUILD_LABEL); false: it failed. */
  build(pkg: string, env: Record<string, string>): boolean;
}

interface Transport {
  readonly describe: string;
  publish(release: ReleaseRecord): Promise<PublishResult>;
  promote(body: { remote: string; id: string; percent?: number; reason?: string }): Promise<MoveResult>;
  rollback(body: { remote: string; to?: string; reason?: string }): Promise<MoveResult>;
  status(): Promise<ReleaseStatus>;
  close(): Promise<void>;
}

function httpTransport(portal: RunningPortal, actor: string): Transport {
  const call = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
    const { status, value } = await callPortalJson<T>(portal, {
      method,
      path: `/releases${path}`,
      headers: { 'x-release-actor': actor },
      actor: `release command (${actor})`,
      ...(body === undefined ? {} : { body: { json: body } }),
    });
    if (status === 404 || status === 409) throw new ReleaseMoveError(value.message ?? `HTTP ${status}`, status === 404 ? 'unknown' : 'refused');
    if (status >= 400) throw new Error(value.message ?? `HTTP ${status}`);
    return value;
  };
  return {
    describe: portalName(portal),
    publish: (release) => call('POST', '/publish', { remote: release.remote, id: release.id }),
    promote: (body) => call('POST', '/promote', body),
    rollback: (body) => call('POST', '/rollback', body),
    status: () => call('GET', '/'),
    close: async () => {},
  };
}

async function directTransport(config: Config, remotes: readonly string[], actor: string): Promise<Transport> {
  const database = await openDatabase(config.database);
  try {
    await migrate(database.db);
  } catch (error) {
    await database.close();
    throw error;
  }
  const pointers = createReleasePointers(database.db, { remotes, shellShared: () => providedShared(config.web.shellDir) });
  const by = `release command (${actor})`;
  const audited = async (moved: Moved) => {
    const { move } = moved;
    await auditCommand(database.db, by, {
      action: `release.${move.kind}`,
      target: `remote:${move.remote}`,
      before: { release: move.from },
      after: { release: move.to, percent: move.percent, reason: move.reason },
    });
    return movedOnWire(moved);
  };
  return {
    describe: config.database.kind === 'postgres' ? 'the PostgreSQL database' : `the embedded database in ${config.dataDir}`,
    async publish(release) {
      const { created } = await pointers.register(release, by);
      await auditCommand(database.db, by, { action: 'release.publish', target: `remote:${release.remote}`, after: { release: release.id, created } });
      return { created, message: `${release.remote} ${release.id} is published${created ? '' : ' (it already was)'}; customers get it once it is promoted.` };
    },
    promote: async ({ remote, id, percent, reason }) => audited(await pointers.promote(remote, id, { percent, reason, actor: by })),
    rollback: async ({ remote, to, reason }) => audited(await pointers.rollback(remote, { to, reason, actor: by })),
    status: async () => statusOnWire(await pointers.status()),
    close: () => database.close(),
  };
}

async function connect(config: Config, remotes: readonly string[], actor: string): Promise<Transport> {
  const portal = await runningPortal(config);
  return portal ? httpTransport(portal, actor) : directTransport(config, remotes, actor);
}

interface RemoteEntry {
  name: string;
  package: string;
}

function manifestRemotes(): RemoteEntry[] {
  return (JSON.parse(readFileSync(join(repoRoot, 'remotes.manifest.json'), 'utf8')) as { remotes: RemoteEntry[] }).remotes;
}

function gitCommit(packageDir: string): string {
  const head = spawnSync('git', ['rev-parse', '--short=10', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' });
  if (head.status !== 0) return 'unknown';
  const changes = spawnSync('git', ['status', '--porcelain', '--', packageDir, 'shared', 'tooling/webpack'], { cwd: repoRoot, encoding: 'utf8' });
  return `${head.stdout.trim()}${changes.stdout.trim() === '' ? '' : '-dirty'}`;
}

function printStatus(status: ReleaseStatus, io: CommandIo): void {
  for (const entry of status.remotes) {
    const pointer = entry.pointer;
    const serving = pointer
      ? `${pointer.stable}${pointer.canary ? `, canary ${pointer.canary.release} for ${pointer.canary.percent}%` : ''}`
      : 'its build folder (no release promoted)';
    io.out(`${entry.remote}: ${serving}; ${entry.releases.length} release${entry.releases.length === 1 ? '' : 's'} in the store`);
    for (const release of entry.releases.slice(0, 5)) {
      const marks = [release.id === pointer?.stable ? 'stable' : null, release.id === pointer?.canary?.release ? 'canary' : null].filter(Boolean);
      io.out(`  ${release.id}  published ${release.publishedAt} by ${release.publishedBy}${marks.length > 0 ? `  [${marks.join(', ')}]` : ''}`);
    }
  }
  if (status.moves.length > 0) {
    io.out('Last moves:');
    for (const move of status.moves) {
      io.out(
        `  ${move.at}  ${move.remote} ${move.kind}${move.percent ? ` ${move.percent}%` : ''}: ${move.from ?? '(build folder)'} -> ${move.to ?? '-'} by ${move.actor}${move.reason ? ` (${move.reason})` : ''}`,
      );
    }
  }
}

export async function runReleaseCommand(argv: string[], env: Record<string, string | undefined>, io: CommandIo): Promise<number> {
  const started = startCommand('release', USAGE, argv, env, io, {
    from: { type: 'string' },
    version: { type: 'string' },
    commit: { type: 'string' },
    percent: { type: 'string' },
    reason: { type: 'string' },
  });
  if (typeof started === 'number') return started;
  const { command, rest, options, config } = started;
  const remotes = manifestRemotes();
  const names = remotes.map((remote) => remote.name);
  const remoteNamed = (name: string | undefined): RemoteEntry => {
    const entry = remotes.find((remote) => remote.name === name);
    if (!entry) throw new UsageError(`"${name ?? ''}" is not a remote (remotes: ${names.join(', ')})`);
    return entry;
  };
  const actor = whoRuns(env);
  const reason = options.reason?.trim() || undefined;
  if (reason !== undefined && reason.length > 500) {
    io.err('release: --reason takes at most 500 characters');
    return 2;
  }

  let work: (transport: () => Promise<Transport>) => Promise<number>;
  try {
    if (command === 'status') {
      if (rest.length > 0) throw new UsageError('status takes no arguments');
      work = async (transport) => {
        printStatus(await (await transport()).status(), io);
        return 0;
      };
    } else if (command === 'promote') {
      if (rest.length !== 2) throw new UsageError('promote takes a remote and a release id');
      const remote = remoteNamed(rest[0]).name;
      let percent: number | undefined;
      if (options.percent !== undefined) {
        if (!/^\d{1,3}$/.test(options.percent) || Number(options.percent) < 1 || Number(options.percent) > 100) {
          throw new UsageError('--percent must be a whole number from 1 to 100 (100 promotes the release for everyone)');
        }
        percent = Number(options.percent);
      }
      work = async (transport) => {
        io.out((await (await transport()).promote({ remote, id: rest[1]!, percent, reason })).message);
        return 0;
      };
    } else if (command === 'rollback') {
      if (rest.length < 1 || rest.length > 2) throw new UsageError('rollback takes a remote and, optionally, the release id to roll back to');
      const remote = remoteNamed(rest[0]).name;
      work = async (transport) => {
        io.out((await (await transport()).rollback({ remote, to: rest[1], reason })).message);
        return 0;
      };
    } else {
      if (rest.length > 0) throw new UsageError(`unknown command "${command} ${rest.join(' ')}"`);
      const remote = remoteNamed(command);
      const packageDir = join(repoRoot, remote.package);
      const version = options.version ?? (JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string }).version;
      const commit = options.commit ?? gitCommit(remote.package);
      work = async (transport) => {
        let buildDir = options.from === undefined ? undefined : resolve(io.cwd, options.from);
        if (buildDir === undefined) {
          const outputDir = 'dist-release';
          io.out(`Building ${remote.package} (${version}, ${commit}) into ${remote.package}/${outputDir} ...`);
          if (!io.build(remote.package, { OUTPUT_DIR: outputDir, BUILD_LABEL: env.BUILD_LABEL ?? `${version}-${commit}` })) {
            io.err(`release: the build of ${remote.package} failed; nothing was released`);
            return 1;
          }
          buildDir = join(packageDir, outputDir);
        }
        const { release, created } = await publishBuild(config.web.releases.storeDir, remote.name, buildDir, { version, commit });
        io.out(`${created ? 'Stored' : 'Already in the store:'} ${remote.name} ${release.id} (${release.files} files) in ${config.web.releases.storeDir}`);
        const published = await (await transport()).publish(release);
        io.out(published.message);
        io.out(`Next: npm run release -- promote ${remote.name} ${release.id} [--percent N]`);
        return 0;
      };
    }
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`release: ${error.message}\n${USAGE}`);
    return 2;
  }

  let opened: Transport | null = null;
  const transport = async () => {
    opened ??= await connect(config, names, actor).catch((error: unknown) => {
      throw new Error(`cannot reach the releases: ${(error as Error).message}`, { cause: error });
    });
    return opened;
  };
  try {
    return await work(transport);
  } catch (error) {
    if (error instanceof ReleaseMoveError || error instanceof ReleaseStoreError) {
      io.err(`release: ${error.message}`);
      return 2;
    }
    io.err(`release: ${(error as Error).message}${opened ? ` (through ${(opened as Transport).describe})` : ''}`);
    return 1;
  } finally {
    await (opened as Transport | null)?.close();
  }
}

if (import.meta.main) {
  process.exitCode = await runReleaseCommand(process.argv.slice(2), process.env, {
    // `npm run release` runs this from the workspace root; the toolchain passes where it was typed.
    cwd: process.env.CALLER_CWD ?? process.cwd(),
    out: (text) => console.log(text),
    err: (text) => console.error(text),
    build(pkg, env) {
      const result = spawnSync(process.execPath, [join(repoRoot, 'scripts', 'toolchain.mjs'), '--filter', pkg, 'build'], {
        cwd: repoRoot,
        stdio: 'inherit',
        env: { ...process.env, ...env },
      });
      return result.status === 0;
    },
  });
}

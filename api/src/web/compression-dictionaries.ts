// Compression dictionaries for the portal's scripts (RFC 9842, `Use-As-Dictionary` and the `dcb` encoding).
//
// A remote page loads its remote's remoteEntry.js and chunks after the shell's start-up files, and the two
// repeat each other: every remoteEntry.js carries the federation's bundler runtime that the shell's entry file
// also carries, and a page's chunks use MUI code next to the shell's. Brotli alone compresses each file on its
// own. Here the shell's start-up files declare themselves dictionaries; a browser that has them advertises one
// (`Available-Dictionary`, its SHA-256) when it asks for a later script, and the server sends that script
// compressed with brotli against it (`Content-Encoding: dcb`): only what the browser does not already have.
//
// Which files are dictionaries comes from the shell's build (load-graph.json, its entry's start-up files), so
// any shell build and any remote build pair up: the encoded copies are made here, per file and dictionary, not
// at build time (a remote is deployed on its own and cannot know the shell's files). Making one takes up to
// half a second at brotli's best quality, so a request never waits for it: the first one is sent the build's
// brotli copy and starts the work, and the later ones get the encoded copy. A browser without dictionary
// support, or holding one this server does not know (an older deploy), gets the brotli copy as before.
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, type BrotliOptions, constants as zlib } from 'node:zlib';

const brotliAsync = promisify(brotliCompress);

/** The dcb format: these four bytes, the dictionary's SHA-256, then the brotli stream (RFC 9842 section 4). */
const DCB_MAGIC = Buffer.from([0xff, 0x44, 0x43, 0x42]);

/**
 * What each dictionary is for, as URL patterns over the request's path:
 * - the shell's entry file, for every later script: its federation runtime is half of each remoteEntry.js;
 * - the shell's other start-up files (React, MUI's theme and styles, the shell's code), for the remotes'
 *   content-hashed chunks, whose MUI components share code with them.
 * Where both match, the browser uses the one with the longer pattern.
 */
const ENTRY_DICTIONARY_MATCH = '/*';
const STARTUP_DICTIONARY_MATCH = '/remotes/*/*.*.js';

/** Sizes that keep the encoded copies bounded over many deploys; past them the cache starts again. */
const MAX_CACHED_COPIES = 2000;
const MAX_CACHED_BYTES = 64 * 1024 * 1024;

interface Dictionary {
  /** `:base64:`, as browsers send it in Available-Dictionary. */
  id: string;
  hash: Buffer;
  content: Buffer;
  /** The header the file is sent with. */
  header: string;
  /** The shell's entry file (the others are its start-up chunks). */
  entry: boolean;
}

interface LoadGraph {
  entries?: { main?: { files?: string[] } };
}

export interface CompressionDictionaries {
  /** Reads the shell's build again when it has changed (at most once a second). */
  refresh(): Promise<void>;
  /** The Use-As-Dictionary header for a file of the shell's build, or null when it is not a dictionary. */
  headerFor(file: string): string | null;
  /** The dcb copy of `file` against the dictionary the browser holds, when it is ready; null otherwise. */
  encoded(file: string, availableDictionary: string): Promise<Buffer | null>;
  /** Starts making the copies most pages ask for next, once a build: each remote's entry against the shell's entry. */
  warm(files: readonly string[]): void;
}

function dictionaryHeader(match: string): string {
  return `match="${match}", match-dest=("script")`;
}

export function createCompressionDictionaries(options: { shellDir: string }): CompressionDictionaries {
  const { shellDir } = options;
  let byFile = new Map<string, Dictionary>();
  let byId = new Map<string, Dictionary>();
  let graphVersion = '';
  let checkedAt = 0;
  let refreshing: Promise<void> | null = null;
  const copies = new Map<string, Promise<Buffer | null>>();
  const ready = new Map<string, Buffer>();
  const warmed = new Set<string>();
  let cachedBytes = 0;

  async function load(): Promise<void> {
    const graphFile = join(shellDir, 'load-graph.json');
    let version: string;
    try {
      const { mtimeMs, size } = await stat(graphFile);
      version = `${mtimeMs}:${size}`;
    } catch {
      byFile = new Map();
      byId = new Map();
      graphVersion = '';
      return; // not built (or a build without a load graph): no dictionaries
    }
    if (version === graphVersion) return;
    const files = ((JSON.parse(await readFile(graphFile, 'utf8')) as LoadGraph).entries?.main?.files ?? []).filter((file) =>
      file.endsWith('.js'),
    );
    const nextByFile = new Map<string, Dictionary>();
    const nextById = new Map<string, Dictionary>();
    for (const [index, name] of files.entries()) {
      let content: Buffer;
      try {
        content = await readFile(join(shellDir, name));
      } catch {
        continue; // being replaced: the next refresh sees the new build
      }
      const hash = createHash('sha256').update(content).digest();
      const dictionary: Dictionary = {
        id: `:${hash.toString('base64')}:`,
        hash,
        content,
        header: dictionaryHeader(index === 0 ? ENTRY_DICTIONARY_MATCH : STARTUP_DICTIONARY_MATCH),
        entry: index === 0,
      };
      nextByFile.set(join(shellDir, name), dictionary);
      nextById.set(dictionary.id, dictionary);
    }
    byFile = nextByFile;
    byId = nextById;
    graphVersion = version;
  }

  async function encode(file: string, dictionary: Dictionary): Promise<Buffer | null> {
    let source: Buffer;
    try {
      source = await readFile(file);
    } catch {
      return null;
    }
    // Node's brotli takes a raw dictionary (`dictionary`), the kind dcb decoders use; its types do not list it yet.
    const options: BrotliOptions & { dictionary: Buffer } = {
      dictionary: dictionary.content,
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
        [zlib.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    };
    const stream = await brotliAsync(source, options);
    return Buffer.concat([DCB_MAGIC, dictionary.hash, stream]);
  }

  async function copyKey(file: string, dictionary: Dictionary): Promise<string | null> {
    try {
      const { mtimeMs, size } = await stat(file);
      return `${file}:${mtimeMs}:${size}|${dictionary.id}`;
    } catch {
      return null;
    }
  }

  function start(key: string, file: string, dictionary: Dictionary): void {
    if (copies.has(key)) return;
    if (copies.size >= MAX_CACHED_COPIES || cachedBytes >= MAX_CACHED_BYTES) {
      copies.clear();
      ready.clear();
      cachedBytes = 0;
    }
    const work = encode(file, dictionary).then(
      (body) => {
        if (body && copies.get(key) === work) {
          ready.set(key, body);
          cachedBytes += body.length;
        }
        return body;
      },
      () => null,
    );
    copies.set(key, work);
  }

  return {
    async refresh() {
      if (Date.now() - checkedAt < 1000) return;
      // A build being written (a half-written load graph) is read again a second later; until then the last
      // dictionaries read stay in use (an encoded copy is always made against the exact bytes the browser named).
      refreshing ??= load()
        .catch(() => undefined)
        .finally(() => {
          checkedAt = Date.now();
          refreshing = null;
        });
      await refreshing;
    },

    headerFor(file) {
      return byFile.get(file)?.header ?? null;
    },

    async encoded(file, availableDictionary) {
      const dictionary = byId.get(availableDictionary.trim());
      // A dictionary is never sent compressed against itself.
      if (!dictionary || byFile.get(file) === dictionary) return null;
      const key = await copyKey(file, dictionary);
      if (!key) return null;
      const body = ready.get(key);
      if (body) return body;
      start(key, file, dictionary);
      return null;
    },

    warm(files) {
      const entry = [...byFile.values()].find((dictionary) => dictionary.entry);
      // Once per build of the shell: a remote redeployed later gets its copy made at its first request.
      if (!entry || warmed.has(entry.id)) return;
      warmed.add(entry.id);
      for (const file of files) {
        void copyKey(file, entry).then((key) => {
          if (key && !ready.has(key)) start(key, file, entry);
        });
      }
    },
  };
}

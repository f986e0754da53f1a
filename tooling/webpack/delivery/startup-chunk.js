// How the production builds cut their JavaScript into files. Every file a page loads costs a request and its
// response headers (about 1 KB here: the security headers go on every response), and small files compress
// worse than one larger one. Webpack's default splitting gave the composed `/` 32 files.
//
// - The shell: everything it runs at start-up goes into one chunk, `startup`. That is the async boundary
//   behind main.js (bootstrap and the shell's own code) and every shared module the start-up asks the share
//   scope for (react, react-dom, the router, jotai, emotion, MUI's theme and sx engine, the shared store),
//   followed through the shared modules those ask for in turn. The shell loads all of it on every page
//   before anything shows, so nothing is fetched that a page does not run; what only some pages need
//   (dialogs, the signed-in frame, toasts' host) stays in lazy chunks as before. A remote that asks for
//   react gets the shell's copy, already loaded, as before.
// - A remote: each exposed module is one file with everything it imports that is not shared; webpack's
//   default would split what two exposed modules have in common into more files. A remote with two pages
//   (landing and terms) sends the common part with each page instead.

const STARTUP_CHUNK = 'startup';
const EXPOSE_CHUNK_PREFIX = '__federation_expose_';

/** The chunk groups an async block loads (a dynamic import, a shared module's fallback, an exposed module). */
function blockGroups(chunkGraph, module) {
  return module.blocks.map((block) => chunkGraph.getBlockChunkGroup(block)).filter(Boolean);
}

/**
 * The modules the shell runs at start-up, worked out before webpack splits chunks: the entry's async
 * boundary, then, for each shared module a start-up chunk consumes, the chunk that provides it.
 */
function startupModules(compilation) {
  const { chunkGraph } = compilation;
  const providers = new Map();
  for (const module of compilation.modules) {
    if (module.type === 'provide-module') providers.set(module._name, module);
  }
  const modules = new Set();
  const seenGroups = new Set();
  const pending = [];
  for (const entrypoint of compilation.entrypoints.values()) {
    for (const module of chunkGraph.getChunkEntryModulesIterable(entrypoint.getEntrypointChunk())) {
      pending.push(...blockGroups(chunkGraph, module));
    }
  }
  while (pending.length > 0) {
    const group = pending.pop();
    if (seenGroups.has(group)) continue;
    seenGroups.add(group);
    for (const chunk of group.chunks) {
      for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
        // A consumed module stays where it was: its chunk's load waits for the provider's chunk, so in the
        // start-up chunk it would wait for itself.
        if (module.type !== 'consume-shared-module') {
          modules.add(module);
          continue;
        }
        const provider = providers.get(module.options.shareKey);
        if (provider) pending.push(...blockGroups(chunkGraph, provider));
      }
    }
  }
  return modules;
}

/** The shell's production splitting: `optimization.splitChunks` and the plugin that feeds its cache group. */
export function shellStartupChunk() {
  let startup = new Set();
  const plugin = {
    apply(compiler) {
      compiler.hooks.thisCompilation.tap('StartupChunk', (compilation) => {
        // Before SplitChunksPlugin (STAGE_ADVANCED) moves anything. Webpack runs optimizeChunks again while
        // any plugin reports a change; the set is worked out on the first pass, from the unsplit chunks.
        let done = false;
        compilation.hooks.optimizeChunks.tap({ name: 'StartupChunk', stage: -10 }, () => {
          if (done) return;
          startup = startupModules(compilation);
          done = true;
        });
      });
    },
  };
  const splitChunks = {
    cacheGroups: {
      [STARTUP_CHUNK]: {
        test: (module) => startup.has(module),
        chunks: 'async',
        name: STARTUP_CHUNK,
        enforce: true,
        priority: 30,
      },
      // A lazy part's libraries stay in its own file unless another lazy part needs them too (webpack's
      // `default` group still splits those out): the portal frame came in six files, four of them only its
      // own MUI components and ky, on a connection that fetches six files at a time.
      defaultVendors: false,
    },
  };
  return { plugin, splitChunks };
}

/** A remote's production splitting: each exposed module stays whole. */
export const remoteSplitChunks = {
  chunks: (chunk) => !chunk.name?.startsWith(EXPOSE_CHUNK_PREFIX),
};

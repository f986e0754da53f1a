// Emits load-graph.json: for each way into this build (an entry and what it imports at start-up, an exposed
// module, a shared module this build provides, a named lazy chunk), the JavaScript files it loads and the
// shared modules it asks the federation share scope for. The page-weight budget follows this graph across
// the shell and the remotes instead of timing a browser.

export const LOAD_GRAPH_FILE = 'load-graph.json';

const isJs = (file) => /\.m?js$/.test(file);

function describeGroups(compilation, groups) {
  const files = new Set();
  const consumes = new Set();
  for (const group of groups) {
    for (const chunk of group.chunks) {
      for (const file of chunk.files) if (isJs(file)) files.add(file);
      for (const module of compilation.chunkGraph.getChunkModulesIterable(chunk)) {
        if (module.type === 'consume-shared-module') consumes.add(module.options.shareKey);
      }
    }
  }
  return { files: [...files].sort(), consumes: [...consumes].sort() };
}

function blockGroups(compilation, module) {
  return module.blocks.map((block) => compilation.chunkGraph.getBlockChunkGroup(block)).filter(Boolean);
}

/** The chunk groups an entry's own dynamic imports load (the async boundary): they run at start-up. */
function startupGroups(compilation, entrypoint) {
  const groups = [];
  for (const module of compilation.chunkGraph.getChunkEntryModulesIterable(entrypoint.getEntrypointChunk())) {
    // A remote's container entry has one lazy block per exposed module: none of them runs at start-up.
    if (module.constructor.name !== 'ContainerEntryModule') groups.push(...blockGroups(compilation, module));
  }
  return groups;
}

/**
 * The JavaScript files an entry loads at start-up besides its own: what its async boundary imports. The
 * page's HTML preloads them, so they download next to the entry instead of after it has run.
 */
export function startupFiles(compilation, entryName) {
  const entrypoint = compilation.entrypoints.get(entryName);
  if (!entrypoint) return [];
  const own = new Set(entrypoint.getFiles());
  return describeGroups(compilation, startupGroups(compilation, entrypoint)).files.filter((file) => !own.has(file));
}

export class LoadGraphPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('LoadGraphPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'LoadGraphPlugin', stage: compilation.constructor.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const graph = { entries: {}, exposes: {}, shared: {}, lazy: {} };
          for (const [name, entrypoint] of compilation.entrypoints) {
            graph.entries[name] = describeGroups(compilation, [entrypoint, ...startupGroups(compilation, entrypoint)]);
          }
          for (const module of compilation.modules) {
            if (module.constructor.name === 'ContainerEntryModule') {
              module.blocks.forEach((block, index) => {
                const group = compilation.chunkGraph.getBlockChunkGroup(block);
                const exposed = module._exposes[index]?.[0];
                if (group && exposed) graph.exposes[exposed] = describeGroups(compilation, [group]);
              });
            } else if (module.type === 'provide-module') {
              graph.shared[module._name] = describeGroups(compilation, blockGroups(compilation, module));
            }
          }
          for (const [name, group] of compilation.namedChunkGroups) {
            if (!compilation.entrypoints.has(name)) graph.lazy[name] = describeGroups(compilation, [group]);
          }
          compilation.emitAsset(
            LOAD_GRAPH_FILE,
            new compiler.webpack.sources.RawSource(JSON.stringify(graph, null, 2)),
          );
        },
      );
    });
  }
}

// @swc/jest, plus one step jest's CommonJS runtime needs for ESM-only packages: `import.meta` has no CommonJS
// form, so it becomes an object carrying the module's own URL before swc compiles the file.
const { createTransformer } = require('@swc/jest');

module.exports = {
  createTransformer(options) {
    const { process, getCacheKey, ...swc } = createTransformer(options);
    if (!process || !getCacheKey) throw new Error('@swc/jest no longer gives a synchronous transformer');
    const rewrite = (source) =>
      source.includes('import.meta')
        ? source.replace(/\bimport\.meta\b/g, '({ url: require("node:url").pathToFileURL(__filename).href })')
        : source;
    return {
      ...swc,
      process: (source, path, jestOptions) => process(rewrite(source), path, jestOptions),
      getCacheKey: (source, path, jestOptions) => getCacheKey(rewrite(source), path, jestOptions),
    };
  },
};

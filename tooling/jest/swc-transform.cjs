// @swc/jest, plus one step jest's CommonJS runtime needs for ESM-only packages: `import.meta` has no CommonJS
// form, so it becomes an object carrying the module's own URL before swc compiles the file.
const { createTransformer } = require('@swc/jest');

module.exports = {
  createTransformer(options) {
    const swc = createTransformer(options);
    const rewrite = (source) =>
      source.includes('import.meta')
        ? source.replace(/\bimport\.meta\b/g, '({ url: require("node:url").pathToFileURL(__filename).href })')
        : source;
    return {
      ...swc,
      process: (source, path, jestOptions) => swc.process(rewrite(source), path, jestOptions),
      getCacheKey: (source, path, jestOptions) => swc.getCacheKey(rewrite(source), path, jestOptions),
    };
  },
};

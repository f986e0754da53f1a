// Writes a brotli (.br) and a gzip (.gz) copy next to every emitted text asset, once, at build time, so the
// server sends the smallest encoding the browser accepts without compressing on each request.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Below this a compressed copy saves less than the header it costs. */
const MIN_BYTES = 256;
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt)$/;

export class PrecompressPlugin {
  apply(compiler) {
    // After emit: the federation manifest is written late in asset processing, and it is an entry file too.
    compiler.hooks.afterEmit.tapPromise('PrecompressPlugin', async (compilation) => {
      const outputPath = compilation.outputOptions.path;
      const names = compilation.getAssets().map((asset) => asset.name).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(
        names.map(async (name) => {
          const file = join(outputPath, name);
          const source = await readFile(file);
          if (source.length < MIN_BYTES) return;
          const [br, gzipped] = await Promise.all([
            brotli(source, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
            gz(source, { level: 9 }),
          ]);
          // A copy that is not smaller is not worth a Content-Encoding.
          if (br.length < source.length) await writeFile(`${file}.br`, br);
          if (gzipped.length < source.length) await writeFile(`${file}.gz`, gzipped);
        }),
      );
    });
  }
}

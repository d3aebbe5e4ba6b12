import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Writes `file.br` (brotli, quality 11) and `file.gz` (gzip -9) beside every text asset of the
 * build, so the API serves them with Content-Encoding without compressing per request
 * (@fastify/static `preCompressed`). Images and fonts are compressed formats already and are left
 * alone; a variant that is not smaller than the file is not written.
 * Hand-written (node:zlib, a few lines) rather than a plugin dependency: nothing else is needed.
 */
export const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|map|webmanifest|ico)$/i;

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'sunstamp-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = fs.readdirSync(outDir, { recursive: true, encoding: 'utf8' })
        .filter((f) => COMPRESSIBLE.test(f) && fs.statSync(path.join(outDir, f)).isFile());
      await Promise.all(files.map(async (f) => {
        const file = path.join(outDir, f);
        const raw = await fs.promises.readFile(file);
        const br = zlib.brotliCompressSync(raw, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
        });
        const gz = zlib.gzipSync(raw, { level: 9 });
        if (br.length < raw.length) await fs.promises.writeFile(`${file}.br`, br);
        if (gz.length < raw.length) await fs.promises.writeFile(`${file}.gz`, gz);
      }));
    },
  };
}

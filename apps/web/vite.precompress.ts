import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';
import type { Plugin } from 'vite';

const compress = promisify(brotliCompress);

/** What is worth compressing: text. Images in `assets/` are SVG flags, text too. */
const COMPRESSIBLE = /\.(js|css|svg|json)$/;
/** The production server's own threshold (compression's default): smaller files go as they are. */
const MIN_BYTES = 1024;

/**
 * Writes a brotli copy (`name.br`) beside every text file of the client build's `assets/`,
 * at brotli's best quality (11), which `server/precompressed.ts` sends to browsers that take
 * brotli. The server's on-the-fly compression uses a low quality to stay cheap per request;
 * these files never change once built, so their best compression is paid for once, here:
 * about 15% fewer bytes for the stylesheet and the scripts (see docs/performance.md).
 */
export function precompressAssets(): Plugin {
  let outDir = '';
  return {
    name: 'malewa:precompress-assets',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    configResolved(config) {
      outDir = resolve(config.root, config.environments.client?.build.outDir ?? 'build/client');
    },
    async writeBundle(_options, bundle) {
      const names = Object.keys(bundle).filter((name) => name.startsWith('assets/') && COMPRESSIBLE.test(name));
      await Promise.all(
        names.map(async (name) => {
          const path = resolve(outDir, name);
          const source = await readFile(path);
          if (source.length < MIN_BYTES) return;
          const compressed = await compress(source, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
            },
          });
          await writeFile(`${path}.br`, compressed);
        }),
      );
    },
  };
}

import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { build, type Plugin } from 'vite';

/**
 * Builds the offline worker (sw/service-worker.ts) into the client build's root as `sw.js`:
 * a worker's scope is its folder, and the whole site needs it. One classic script (IIFE), as
 * every browser with service workers runs it.
 *
 * It runs after the server build, whose bundle embeds the client's asset manifest and every
 * page's code and texts: the hash of that bundle is the worker's `__BUILD_VERSION__`, so any
 * change to the site is a new worker, which saves a fresh shell and drops the old one.
 * In development there is no `sw.js`; the registration fails and is ignored.
 */
export function serviceWorker(): Plugin {
  let root = '';
  let clientOutDir = '';
  return {
    name: 'malewa:service-worker',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'ssr',
    configResolved(config) {
      root = config.root;
      clientOutDir = resolve(root, config.environments.client?.build.outDir ?? 'build/client');
    },
    async writeBundle(_options, bundle) {
      const hash = createHash('sha256');
      for (const name of Object.keys(bundle).sort()) {
        const output = bundle[name];
        if (!output) continue;
        hash.update(name);
        hash.update(output.type === 'chunk' ? output.code : output.source);
      }
      await build({
        configFile: false,
        root,
        logLevel: 'warn',
        publicDir: false,
        define: { __BUILD_VERSION__: JSON.stringify(hash.digest('hex').slice(0, 16)) },
        build: {
          outDir: clientOutDir,
          emptyOutDir: false,
          copyPublicDir: false,
          minify: true,
          sourcemap: false,
          lib: {
            entry: resolve(root, 'sw/service-worker.ts'),
            formats: ['iife'],
            name: 'malewaServiceWorker',
            fileName: () => 'sw.js',
          },
        },
      });
    },
  };
}

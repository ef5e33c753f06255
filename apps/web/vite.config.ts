import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { precompressAssets } from './vite.precompress.ts';
import { serviceWorker } from './vite.service-worker.ts';

/** React, React DOM and React Router: the framework, one long-cached chunk apart from our code. */
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|react-router|@react-router|scheduler|cookie|set-cookie-parser)[\\/]/;

export default defineConfig({
  environments: {
    // The framework in a chunk of its own: it changes only when we upgrade it, so browsers
    // keep it across our releases, and `npm run bench:web` can tell our bytes from its bytes.
    client: {
      build: {
        rolldownOptions: {
          output: { codeSplitting: { groups: [{ name: 'framework', test: FRAMEWORK }] } },
        },
      },
    },
    // The Express app (server/app.ts) is the SSR entry, so the built server exports it with the
    // React Router handler already wired (the React Router node-custom-server layout).
    ssr: {
      build: {
        rollupOptions: { input: './server/app.ts' },
      },
    },
  },
  plugins: [reactRouter(), precompressAssets(), serviceWorker()],
});

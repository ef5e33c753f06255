import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  // The Express app (server/app.ts) is the SSR entry, so the built server exports it with the
  // React Router handler already wired (the React Router node-custom-server layout).
  environments: {
    ssr: {
      build: {
        rollupOptions: { input: './server/app.ts' },
      },
    },
  },
  plugins: [reactRouter()],
});

import { MODES, runServices } from './run-services.ts';

// `npm run dev`: the API restarts on change, the storefront hot-reloads through Vite.
try {
  await runServices(MODES.dev);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

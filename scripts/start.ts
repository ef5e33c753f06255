import { buildWebIfStale, MODES, runServices } from './run-services.ts';

// `npm start`: build what is stale, then run the API (migrating and seeding an empty
// database) and the storefront.
try {
  buildWebIfStale();
  await runServices(MODES.start);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

/**
 * `npm run seed:large -- --items 100000`: grows the configured database's catalog (DATABASE_URL,
 * else the PGlite folder DATA_DIR) to at least that many items, for benchmarks. The database is
 * migrated and seeded first if it is empty.
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '@malewa/db/database';
import { seedCatalogIfEmpty } from '@malewa/db/seed/seed-catalog';
import { seedIfEmpty } from '@malewa/db/seed/seed-if-empty';
import { seedLargeCatalog } from '@malewa/db/seed/seed-large';
import { loadConfig } from '../apps/api/src/config.ts';

const { values } = parseArgs({ options: { items: { type: 'string', default: '100000' } } });
const target = Number(values.items);
if (!Number.isInteger(target) || target < 1) {
  console.error('--items must be a whole number of items, e.g. --items 100000');
  process.exit(2);
}
const config = loadConfig(process.env);
const database = openDatabase(config.database);
try {
  await database.migrate();
  await seedIfEmpty(database.db);
  await seedCatalogIfEmpty(database.db);
  const started = Date.now();
  const result = await seedLargeCatalog(database.db, {
    items: target,
    onProgress: (count) => process.stdout.write(`\r${count} items`),
  });
  console.log(
    `\nThe catalog holds ${result.items} items (${result.providers} branches added) after ${((Date.now() - started) / 1000).toFixed(0)} s.`,
  );
} finally {
  await database.close();
}

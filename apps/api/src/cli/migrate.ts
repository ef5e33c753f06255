import { openDatabase } from '@malewa/db/database';
import { seedCatalogIfEmpty } from '@malewa/db/seed/seed-catalog';
import { seedIfEmpty } from '@malewa/db/seed/seed-if-empty';
import { loadConfig } from '../config.ts';

/**
 * `npm run db:migrate` applies the committed migrations; `npm run db:seed` also fills an empty
 * database with the markets and their cities. The API does both on start; this is for
 * deploys that migrate before they roll out new processes.
 */
const config = loadConfig(process.env);
const database = openDatabase(config.database);
try {
  await database.migrate();
  console.log(`Migrations applied (${database.kind}).`);
  if (process.argv.includes('--seed')) {
    const result = await seedIfEmpty(database.db);
    console.log(
      result.seeded
        ? `Seeded ${result.marketplaces} marketplaces and ${result.locations} locations.`
        : 'The database already has markets: none seeded.',
    );
    const catalog = await seedCatalogIfEmpty(database.db);
    console.log(
      catalog.seeded
        ? `Seeded ${catalog.providers} providers, ${catalog.items} items and ${catalog.offers} offers.`
        : 'The database already has a catalog: none seeded.',
    );
  }
} finally {
  await database.close();
}

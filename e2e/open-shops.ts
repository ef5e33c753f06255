import { addDays, wallClock } from '@malewa/contracts/zoned-time';
import { openDatabase } from '@malewa/db/database';
import { providers } from '@malewa/db/schema/catalog';
import { seedCatalogIfEmpty } from '@malewa/db/seed/seed-catalog';
import { seedIfEmpty } from '@malewa/db/seed/seed-if-empty';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../apps/api/src/config.ts';
import { openAroundTheClock } from '../apps/api/src/testing/orders.ts';
import { CLOSED_KITCHEN } from './shops.ts';

/**
 * Seeds the e2e product's database as its start would, then sets the shops' hours the suite
 * counts on (`e2e/shops.ts`). Run by `e2e/start-product.ts` before the product starts on it.
 */
const config = loadConfig(process.env);
const database = openDatabase(config.database);
try {
  await database.migrate();
  await seedIfEmpty(database.db);
  await seedCatalogIfEmpty(database.db);
  await openAroundTheClock(database);
  // Yesterday to tomorrow: closed now even if the run crosses midnight in Nairobi.
  const today = wallClock(new Date(), 'Africa/Nairobi').date;
  await database.db
    .update(providers)
    .set({ closedDates: [addDays(today, -1), today, addDays(today, 1)] })
    .where(eq(providers.slug, CLOSED_KITCHEN));
} finally {
  await database.close();
}

import { openDatabase } from '@malewa/db/database';
import { AppError } from '../app-error.ts';
import { loadConfig } from '../config.ts';
import { createAuthRepository } from '../features/auth/auth-repository.ts';
import { createCatalogRepository } from '../features/catalog/catalog-repository.ts';
import { addProviderMember } from '../flows/add-provider-member.ts';

/**
 * `npm run provider:member -- <email or phone> <shop slug>`: lets an existing account run a
 * shop's orders through the provider API, for trying orders out in development.
 */
const [identifier, providerSlug] = process.argv.slice(2);
if (!identifier || !providerSlug) {
  console.error('Usage: npm run provider:member -- <email address or phone number> <shop slug>');
  process.exit(2);
}

const config = loadConfig(process.env);
const database = openDatabase(config.database);
try {
  await database.migrate();
  const result = await addProviderMember(
    { auth: createAuthRepository(database.db), catalog: createCatalogRepository(database.db) },
    { identifier, providerSlug },
  );
  console.log(
    `${result.identifier} now runs ${result.shop}: sign in again, then move its orders at /api/provider/orders.`,
  );
} catch (error) {
  console.error(error instanceof AppError ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}

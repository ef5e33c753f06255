/**
 * `npm run bench:consoles`: how heavy the pages of issue 13 are, as served (brotli): a service's
 * join page and the account's applications, the provider console's pages and the operator
 * console's, each beside the first round trip's 14 KB and our JS's 25 KB.
 *
 * It seeds a throwaway PostgreSQL database (as `npm run bench`: BENCH_DATABASE_URL, ...), makes
 * one account that runs a Kenyan kitchen and is an operator, starts the product on that
 * database as `npm start` does, signs in through the storefront, and weighs each page with that
 * session. Nothing asserts; it prints. Environment: BENCH_SKIP_BUILD=1, BENCH_WEB_PORT /
 * BENCH_API_PORT (3398 / 4398).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '@malewa/db/database';
import { providerMembers } from '@malewa/db/schema/catalog';
import { seedCatalogIfEmpty } from '@malewa/db/seed/seed-catalog';
import { seedIfEmpty } from '@malewa/db/seed/seed-if-empty';
import { buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import { signUp } from '../../apps/api/src/testing/accounts.ts';
import { kitchenMeals } from '../../apps/api/src/testing/orders.ts';
import { createTestOutbox } from '../../apps/api/src/testing/outbox.ts';
import { TEST_CONFIG } from '../../apps/api/src/testing/test-app.ts';
import { benchDatabase } from './bench-database.ts';
import { weigh } from './page-weight.ts';
import { buildWeb, CookieJar, csrfOf, printWeight, startProduct } from './web-pages.ts';

const PAGES = [
  '/food/join',
  '/account/applications',
  '/provider/orders',
  '/provider/calendar',
  '/provider/listings',
  '/provider/listings/new',
  '/provider/offers',
  '/provider/sales',
  '/provider/settings',
  '/operator/applications',
  '/operator/providers',
  '/operator/offers',
  '/operator/featured',
  '/operator/locations',
  '/operator/audit-log',
];

const benchDb = benchDatabase();
await benchDb.create();
const database = openDatabase({ kind: 'postgres', url: benchDb.url, poolMax: 4, statementTimeoutMs: 10_000 });
const dataDir = mkdtempSync(join(tmpdir(), 'malewa-bench-consoles-'));
let product: Awaited<ReturnType<typeof startProduct>> | undefined;
try {
  await database.migrate();
  await seedIfEmpty(database.db);
  await seedCatalogIfEmpty(database.db);
  // The API in this process only to sign the account up as the storefront would.
  const app = await buildApp({
    config: { ...loadConfig({}), logLevel: 'silent', trustProxy: [], storefrontSecret: TEST_CONFIG.storefrontSecret },
    database,
    logger: false,
  });
  await app.ready();
  const password = 'correct horse battery staple';
  const session = await signUp(app, database, await createTestOutbox(database), {
    identifier: `bench.consoles.${randomBytes(4).toString('hex')}@example.com`,
    password,
    roles: ['provider', 'operator'],
  });
  const [kitchen] = await kitchenMeals(database);
  if (!kitchen) throw new Error('no Kenyan kitchen to run');
  await database.db.insert(providerMembers).values({ providerId: kitchen.providerId, userId: session.user.id });
  await app.close();

  buildWeb();
  const webPort = Number(process.env.BENCH_WEB_PORT || 3398);
  const apiPort = Number(process.env.BENCH_API_PORT || 4398);
  product = await startProduct({ dataDir, webPort, apiPort, databaseUrl: benchDb.url, env: { STORE_ID: 'KE' } });
  const web = `http://127.0.0.1:${webPort}`;
  const jar = new CookieJar();
  const login = await fetch(`${web}/auth/login`, { redirect: 'manual' });
  jar.take(login);
  const signedIn = await fetch(`${web}/auth/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded', origin: web },
    body: new URLSearchParams({
      identifier: session.credential.identifier,
      password,
      csrf: csrfOf(await login.text()),
    }).toString(),
  });
  jar.take(signedIn);
  if (signedIn.status !== 302 && signedIn.status !== 303) throw new Error(`signing in answered ${signedIn.status}`);
  console.log(
    `Malewa consoles bench, ${new Date().toISOString()}, Node ${process.version}: the pages of a signed-in account that runs a kitchen and is an operator (brotli, as served)`,
  );
  for (const path of PAGES) printWeight(await weigh(web, path, { cookie: jar.header() }));
} finally {
  product?.kill('SIGTERM');
  if (product) await new Promise((resolve) => product?.once('exit', resolve));
  await database.close();
  await benchDb.drop();
  rmSync(dataDir, { recursive: true, force: true });
}

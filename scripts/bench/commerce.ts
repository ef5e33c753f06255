/**
 * `npm run bench:commerce`: the commerce figures, each beside its target (results:
 * docs/performance.md).
 *
 * 1. Checkouts per second on PostgreSQL with the sandbox payment provider: 10, 20 and 50
 *    signed-in shoppers at once (BENCH_SHOPPERS), each putting the same meal in their food cart
 *    and checking it out in cash, over and over for BENCH_DURATION_S. A round is one add and one
 *    checkout (one order placed, its stock, outbox receipt and event written in one transaction).
 *    All three after a warm-up of the same (2 s, not printed).
 *    Beside them, the round trips to PostgreSQL of one add and one checkout (decision 37).
 * 2. Cart adds at 50 connections: 50 guests at once adding a meal to their own carts; p50 and
 *    p99 of `POST /api/carts/food/items`.
 * 3. The storefront (built and started as `npm start` does, on the same database): the cart
 *    and checkout pages of a signed-in shopper with a cart, weighed as served (first round trip
 *    ≤ 14 KB brotli, our JS ≤ 25 KB).
 * The API runs in this process (as in bench:catalog); the shoppers run in a worker thread
 * (shopper-load.ts), on the same two cores: the figures are a floor. Nothing asserts; it prints. Environment: as
 * `npm run bench` (BENCH_DATABASE_URL, ...), BENCH_DURATION_S (10), BENCH_SHOPPERS (10,20,50),
 * BENCH_AT (the API's clock, below), BENCH_WEB=0 to skip the storefront, BENCH_SKIP_BUILD=1,
 * BENCH_WEB_PORT / BENCH_API_PORT (3397 / 4397).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Database, openDatabase } from '@malewa/db/database';
import { seedCatalogIfEmpty } from '@malewa/db/seed/seed-catalog';
import { seedIfEmpty } from '@malewa/db/seed/seed-if-empty';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import { bearer, signUp } from '../../apps/api/src/testing/accounts.ts';
import {
  addressAt,
  enough,
  type KitchenMeal,
  kitchenMeals,
  openAroundTheClock,
} from '../../apps/api/src/testing/orders.ts';
import { createTestOutbox } from '../../apps/api/src/testing/outbox.ts';
import { TEST_CONFIG } from '../../apps/api/src/testing/test-app.ts';
import { benchDatabase } from './bench-database.ts';
import {
  DURATION_S,
  interruption,
  listenOnLoopback,
  POOL_SIZE,
  printRows,
  quantile,
  stopOnInterrupt,
  WARM_UP_S,
} from './harness.ts';
import { weigh } from './page-weight.ts';
import { runShopperLoad, type ShopperLoad, type ShopperTimes } from './shopper-load.ts';
import { buildWeb, csrfOf, printWeight, startProduct, storefrontVisitor } from './web-pages.ts';

/** Shoppers at once in each checkout run: the target's 10, and 20 and 50 beside it. */
const SHOPPERS = (process.env.BENCH_SHOPPERS || '10,20,50').split(',').map(Number);
const ADD_CONNECTIONS = 50;
/**
 * BENCH_AT (an instant, e.g. 2026-11-30T01:30:00+03:00) runs the API's clock from that instant
 * on: a run at any hour can be tried at night, when the seeded kitchens are closed.
 */
const startAt = process.env.BENCH_AT ? new Date(process.env.BENCH_AT).getTime() : undefined;
const shift = startAt === undefined ? 0 : startAt - Date.now();
const now = startAt === undefined ? undefined : () => new Date(Date.now() + shift);

/** A signed-in Kenyan shopper's headers for the API. */
const shopperHeaders = (session: Parameters<typeof bearer>[0]) => ({
  ...bearer(session),
  'x-store-id': 'KE',
  'content-type': 'application/json',
});

/** The shoppers' load, in a worker thread (shopper-load.ts); undefined when Ctrl-C stopped it. */
async function shoppersAt(load: ShopperLoad): Promise<ShopperTimes | undefined> {
  try {
    return await runShopperLoad(load, stopOnInterrupt);
  } catch (error) {
    if (interruption.interrupted) return undefined;
    throw error;
  } finally {
    stopOnInterrupt(undefined);
  }
}

/**
 * Shoppers checking out their carts at once, in cash: orders placed per second. A warm-up runs
 * the same for WARM_UP_S and prints nothing: the first checkouts compile the code and prepare
 * each pooled connection's statements, which is no shopper's steady state.
 */
async function checkouts(
  app: FastifyInstance,
  url: string,
  database: Database,
  meal: KitchenMeal,
  count: number,
  warmUp = false,
) {
  const outbox = await createTestOutbox(database);
  const shoppers: Record<string, string>[] = [];
  for (let n = 0; n < count; n += 1) {
    const session = await signUp(app, database, outbox, {
      identifier: `bench.${n}.${randomBytes(4).toString('hex')}@example.com`,
    });
    shoppers.push(shopperHeaders(session));
  }
  const quantity = enough(meal);
  const payload = JSON.stringify({ address: addressAt(meal), payment: { method: 'cash' } });
  const times = await shoppersAt({
    kind: 'checkouts',
    url,
    shoppers,
    item: meal.slug,
    quantity,
    payload,
    seconds: warmUp ? WARM_UP_S : DURATION_S,
  });
  if (warmUp || !times) return;
  const { seconds, requests: checkoutTimes, rounds } = times;
  console.log(`\nCheckouts: ${count} shoppers at once, ${DURATION_S} s, cash, one kitchen, one meal`);
  printRows([
    ['', 'per second', 'p50 ms', 'p99 ms', 'count'],
    [
      'checkout (POST …/checkout)',
      (checkoutTimes.length / seconds).toFixed(1),
      quantile(checkoutTimes, 0.5).toFixed(1),
      quantile(checkoutTimes, 0.99).toFixed(1),
      String(checkoutTimes.length),
    ],
    [
      'round (add, then checkout)',
      (rounds.length / seconds).toFixed(1),
      quantile(rounds, 0.5).toFixed(1),
      quantile(rounds, 0.99).toFixed(1),
      String(rounds.length),
    ],
  ]);
}

/**
 * The statements one shopper's add and checkout send to PostgreSQL, each a round trip: the
 * budget the checkout is held to (decision 37). Counted as node-postgres is asked to send them,
 * `begin` and `commit` included.
 */
async function roundTrips(app: FastifyInstance, database: Database, meal: KitchenMeal) {
  const outbox = await createTestOutbox(database);
  const session = await signUp(app, database, outbox, {
    identifier: `bench.trips.${randomBytes(4).toString('hex')}@example.com`,
  });
  const headers = shopperHeaders(session);
  const quantity = enough(meal);
  const counted = { statements: 0 };
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    counted.statements += 1;
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
  const sent = async (request: InjectOptions, expected: number) => {
    const before = counted.statements;
    const response = await app.inject(request);
    if (response.statusCode !== expected) throw new Error(`${request.url} answered ${response.statusCode}`);
    return counted.statements - before;
  };
  try {
    const add = await sent(
      { method: 'POST', url: '/api/carts/food/items', headers, payload: { item: meal.slug, quantity } },
      201,
    );
    const checkout = await sent(
      {
        method: 'POST',
        url: '/api/carts/food/checkout',
        headers: { ...headers, 'idempotency-key': randomBytes(18).toString('base64url') },
        payload: { address: addressAt(meal), payment: { method: 'cash' } },
      },
      201,
    );
    console.log(
      `\nRound trips to PostgreSQL (statements, begin and commit included): an add ${add}, a checkout ${checkout}, a round ${add + checkout}`,
    );
  } finally {
    pg.Client.prototype.query = query as typeof pg.Client.prototype.query;
  }
}

/** Guests adding to their own carts at once: the latency of an add. */
async function cartAdds(url: string, meal: KitchenMeal) {
  const load = await shoppersAt({ kind: 'adds', url, guests: ADD_CONNECTIONS, item: meal.slug, seconds: DURATION_S });
  if (!load) return;
  const { seconds, requests: times } = load;
  console.log(`\nCart adds: ${ADD_CONNECTIONS} guests at once, ${DURATION_S} s`);
  printRows([
    ['', 'per second', 'p50 ms', 'p99 ms', 'count'],
    [
      'POST /api/carts/food/items',
      (times.length / seconds).toFixed(0),
      quantile(times, 0.5).toFixed(1),
      quantile(times, 0.99).toFixed(1),
      String(times.length),
    ],
  ]);
}

async function storefront(app: FastifyInstance, database: Database, databaseUrl: string, meal: KitchenMeal) {
  buildWeb();
  const dataDir = mkdtempSync(join(tmpdir(), 'malewa-bench-'));
  const webPort = Number(process.env.BENCH_WEB_PORT || 3397);
  const apiPort = Number(process.env.BENCH_API_PORT || 4397);
  // Signed up before the product starts: its own outbox worker would otherwise race this one
  // for the confirmation code, and send it to its folder, not the one read here.
  const outbox = await createTestOutbox(database);
  const password = 'correct horse battery staple';
  const session = await signUp(app, database, outbox, {
    identifier: `bench.pages.${randomBytes(4).toString('hex')}@example.com`,
    password,
  });
  const product = await startProduct({ dataDir, webPort, apiPort, databaseUrl, env: { STORE_ID: 'KE' } });
  try {
    const web = `http://127.0.0.1:${webPort}`;
    const { jar, send, signIn } = storefrontVisitor(web);
    await signIn(session.credential.identifier, password);
    const item = await (await send(`/food/meals/${meal.slug}`)).text();
    const quantity = String(enough(meal));
    await send('/cart/food', { intent: 'add', item: meal.slug, quantity, csrf: csrfOf(item), returnTo: '/cart/food' });
    console.log('\nThe cart and checkout pages of a signed-in shopper with one meal in the cart (brotli, as served):');
    for (const path of ['/cart/food', '/cart/food/checkout'])
      printWeight(await weigh(web, path, { cookie: jar.header() }));
  } finally {
    product.kill('SIGTERM');
    await new Promise((resolve) => product.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const benchDb = benchDatabase();
  await benchDb.create();
  let database: Database | undefined;
  let app: FastifyInstance | undefined;
  try {
    database = openDatabase({ kind: 'postgres', url: benchDb.url, poolMax: POOL_SIZE, statementTimeoutMs: 10_000 });
    await database.migrate();
    await seedIfEmpty(database.db);
    await seedCatalogIfEmpty(database.db);
    // Checkouts are for as soon as possible, which a closed kitchen refuses: open every shop but
    // the chefs around the clock, as the e2e product is, so that the bench runs at any hour.
    await openAroundTheClock(database);
    app = await buildApp({
      // The tests' storefront secret: the shoppers sign up as the storefront would send them.
      config: { ...loadConfig({}), logLevel: 'silent', trustProxy: [], storefrontSecret: TEST_CONFIG.storefrontSecret },
      database,
      logger: false,
      ...(now ? { now } : {}),
    });
    const url = await listenOnLoopback(app);
    const [meal] = await kitchenMeals(database);
    if (!meal) throw new Error('no Kenyan meal to buy');
    console.log(
      `Malewa commerce bench, ${new Date().toISOString()}${now ? ` (the API's clock: ${now().toISOString()})` : ''}, Node ${process.version}, PostgreSQL, sandbox payments, shoppers in a worker thread`,
    );
    await checkouts(app, url, database, meal, Math.max(...SHOPPERS), true);
    await roundTrips(app, database, meal);
    for (const count of SHOPPERS) if (!interruption.interrupted) await checkouts(app, url, database, meal, count);
    if (!interruption.interrupted) await cartAdds(url, meal);
    if (!interruption.interrupted && process.env.BENCH_WEB !== '0') await storefront(app, database, benchDb.url, meal);
  } finally {
    await app?.close();
    await database?.close();
    await benchDb.drop();
  }
}

await main();

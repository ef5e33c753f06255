/**
 * `npm run capacity`: what each kind of request costs on the cluster of `npm run cluster`, in
 * CPU seconds of each tier (API, storefront, PostgreSQL, nginx, Redis, read from /proc), and so
 * how many of them one core of each tier serves per second. docs/capacity.md is written from
 * its output. Each load runs alone, closed-loop at `--connections`, for `--seconds`:
 *
 * - browse: the meals list page through nginx, first visits (the page cache), and a visitor
 *   whose page is rendered every time (a cookie the cache does not know);
 * - search: `GET /api/search?q=nyama choma` through nginx's API listener;
 * - cart: a meal added and removed again (`POST`, then `DELETE`, `/api/carts/food/items`), by
 *   signed-in shoppers;
 * - checkout: cart add then cash checkout under an Idempotency-Key, by signed-in shoppers;
 * - the whole shopper round of `npm run soak` (list, meal, add, checkout page, checkout,
 *   confirmation, stream), with no pause between steps: its cost per order;
 * - order streams: `--streams` open at once on the APIs, their memory and their idle cost.
 *
 * The load comes from this process on the same two cores, so the request rates are a floor;
 * the CPU per request is what the figures are made from. It measures; it asserts nothing.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { STOREFRONT_SECRET_HEADER } from '@malewa/contracts/storefront-header';
import { type Database, openDatabase } from '@malewa/db/database';
import { addressAt, enough, type KitchenMeal } from '../../apps/api/src/testing/orders.ts';
import { printRows, quantile } from '../bench/harness.ts';
import { type Cluster, startCluster } from './cluster.ts';
import { spent, type Tier, tierCpuSeconds } from './cpu-time.ts';
import { clusterPids, rssMb } from './probes.ts';
import { DEFAULT_MIX, MIX_CLUSTER_ENV, MIX_STOREFRONT_SECRET, openAccount, prepareMix } from './shopper-mix.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '20' },
    connections: { type: 'string', default: '16' },
    streams: { type: 'string', default: '400' },
    dir: { type: 'string', default: join(tmpdir(), 'malewa-capacity') },
  },
});
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
const STREAMS = Number(values.streams);
const TIERS: readonly Tier[] = ['api', 'web', 'postgres', 'nginx', 'redis'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const started = Date.now();
const log = (line: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s] ${line}`);

interface Load {
  name: string;
  /** One request (or one unit of work); resolves to whether it succeeded. */
  once(worker: number): Promise<boolean>;
  /** What a unit is called in the table ("request", "order"). */
  unit?: string;
}

interface Measured {
  name: string;
  unit: string;
  count: number;
  failed: number;
  perSecond: number;
  p50: number;
  p99: number;
  cpu: Record<Tier, number>;
}

/** Runs `load` closed-loop on `connections` workers for `seconds`, with the CPU it cost. */
async function measure(cluster: Cluster, redisPid: number | undefined, load: Load): Promise<Measured> {
  // A short warm-up first: the first requests compile code paths and fill caches.
  const warmUntil = performance.now() + 3_000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, worker) => {
      while (performance.now() < warmUntil) await load.once(worker).catch(() => false);
    }),
  );
  const before = tierCpuSeconds(cluster, redisPid);
  const times: number[] = [];
  let failed = 0;
  const begun = performance.now();
  const deadline = begun + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, worker) => {
      while (performance.now() < deadline) {
        const at = performance.now();
        const ok = await load.once(worker).catch(() => false);
        times.push(performance.now() - at);
        if (!ok) failed += 1;
      }
    }),
  );
  const elapsed = (performance.now() - begun) / 1000;
  const cpu = spent(before, tierCpuSeconds(cluster, redisPid));
  times.sort((a, b) => a - b);
  const result = {
    name: load.name,
    unit: load.unit ?? 'request',
    count: times.length,
    failed,
    perSecond: times.length / elapsed,
    p50: quantile(times, 0.5),
    p99: quantile(times, 0.99),
    cpu,
  };
  log(`${load.name}: ${result.perSecond.toFixed(1)}/s, ${failed} failed`);
  return result;
}

async function ok(response: Promise<Response>, status: number): Promise<boolean> {
  const answer = await response;
  await answer.body?.cancel();
  return answer.status === status;
}

/** Signed-in shoppers through the API, each with a bearer token: `count` of them. */
async function apiShoppers(cluster: Cluster, count: number): Promise<Record<string, string>[]> {
  const tag = randomBytes(4).toString('hex');
  const shoppers: Record<string, string>[] = [];
  for (let n = 0; n < count; n += 1) {
    const email = `capacity.${tag}.${n}@example.com`;
    const password = `capacity ${tag} horse battery`;
    const address = `198.51.101.${n + 1}`;
    await openAccount(cluster, email, password, address);
    const signedIn = await fetch(`${cluster.apiOrigin}/auth/account/authenticate`, {
      method: 'POST',
      // Each from an address of its own, as the storefront names them: sign-ins are limited per address.
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': address,
        [STOREFRONT_SECRET_HEADER]: MIX_STOREFRONT_SECRET,
      },
      body: JSON.stringify({ identifier: email, secret: password }),
    });
    const { data } = (await signedIn.json()) as { data: { accessToken: string } };
    shoppers.push({
      authorization: `Bearer ${data.accessToken}`,
      'x-store-id': 'KE',
      'content-type': 'application/json',
    });
  }
  return shoppers;
}

function loads(cluster: Cluster, shoppers: Record<string, string>[], meal: KitchenMeal): Load[] {
  const quantity = enough(meal);
  const checkoutBody = JSON.stringify({ address: addressAt(meal), payment: { method: 'cash' } });
  // Two sets of shoppers: the cart load's, and the checkout load's.
  const cartHeadersOf = (worker: number) => shoppers[worker % CONNECTIONS] ?? {};
  const headersOf = (worker: number) => shoppers[CONNECTIONS + (worker % CONNECTIONS)] ?? {};
  const add = (headers: Record<string, string>) =>
    fetch(`${cluster.apiOrigin}/api/carts/food/items`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ item: meal.slug, quantity }),
    });
  // The cart load's shoppers add a line and take it out again: their carts stay as they were.
  const changeCart = async (worker: number) => {
    const added = await add(cartHeadersOf(worker));
    if (added.status !== 201) {
      await added.body?.cancel();
      return false;
    }
    const { data } = (await added.json()) as { data: { groups: { lines: { id: string }[] }[] } };
    const line = data.groups[0]?.lines[0]?.id;
    return ok(
      fetch(`${cluster.apiOrigin}/api/carts/food/items/${line}`, { method: 'DELETE', headers: cartHeadersOf(worker) }),
      200,
    );
  };
  return [
    {
      name: 'browse: meals page, first visit (page cache)',
      once: () => ok(fetch(`${cluster.origin}/food/meals`), 200),
    },
    {
      name: 'browse: meals page, rendered',
      once: () => ok(fetch(`${cluster.origin}/food/meals`, { headers: { cookie: 'capacity_visitor=1' } }), 200),
    },
    {
      name: 'search: /api/search?q=nyama choma',
      once: () =>
        ok(fetch(`${cluster.apiOrigin}/api/search?q=nyama%20choma`, { headers: { 'x-store-id': 'KE' } }), 200),
    },
    { name: 'cart: add a meal, then remove it (API)', unit: 'change', once: changeCart },
    {
      name: 'checkout: add, then cash checkout (API)',
      unit: 'order',
      once: async (worker) =>
        (await ok(add(headersOf(worker)), 201)) &&
        ok(
          fetch(`${cluster.apiOrigin}/api/carts/food/checkout`, {
            method: 'POST',
            headers: { ...headersOf(worker), 'idempotency-key': randomBytes(18).toString('base64url') },
            body: checkoutBody,
          }),
          201,
        ),
    },
  ];
}

/** The soak's shopper round with no pause: CPU per order placed through the storefront. */
async function shopperRounds(cluster: Cluster, database: Database, redisPid: number | undefined): Promise<Measured> {
  const mix = await prepareMix(cluster, database, { ...DEFAULT_MIX, shoppers: CONNECTIONS, thinkMs: 0, log });
  mix.start();
  await sleep(5_000);
  const from = Date.now();
  const before = tierCpuSeconds(cluster, redisPid);
  await sleep(SECONDS * 1000);
  const cpu = spent(before, tierCpuSeconds(cluster, redisPid));
  const to = Date.now();
  await mix.stop();
  const placed = mix.record.samples.filter((sample) => sample.step === 'placed' && sample.at >= from && sample.at < to);
  const times = placed.map((sample) => sample.ms).sort((a, b) => a - b);
  return {
    name: 'shopper round through the storefront (7 steps)',
    unit: 'order',
    count: placed.length,
    failed: placed.filter((sample) => !sample.ok).length,
    perSecond: placed.length / ((to - from) / 1000),
    p50: quantile(times, 0.5),
    p99: quantile(times, 0.99),
    cpu,
  };
}

/**
 * `STREAMS` order streams held open on the APIs (through nginx), as the storefront holds one
 * per shopper following an order: memory per stream and what they cost idle (heartbeats and
 * the timed re-reads of their order).
 */
async function streams(
  cluster: Cluster,
  shopper: Record<string, string>,
  meal: KitchenMeal,
  redisPid: number | undefined,
) {
  await fetch(`${cluster.apiOrigin}/api/carts/food/items`, {
    method: 'POST',
    headers: shopper,
    body: JSON.stringify({ item: meal.slug, quantity: enough(meal) }),
  });
  const placed = await fetch(`${cluster.apiOrigin}/api/carts/food/checkout`, {
    method: 'POST',
    headers: { ...shopper, 'idempotency-key': randomBytes(18).toString('base64url') },
    body: JSON.stringify({ address: addressAt(meal), payment: { method: 'cash' } }),
  });
  const { data } = (await placed.json()) as { data: { orders: { id: string }[] } };
  const order = data.orders[0]?.id;
  if (!order) throw new Error(`no order placed (${placed.status})`);
  const rssBefore = cluster.apis.map((api) => rssMb(api.pid));
  const stopper = new AbortController();
  let opened = 0;
  const open = Array.from({ length: STREAMS }, async () => {
    const response = await fetch(`${cluster.apiOrigin}/api/orders/${order}/events`, {
      headers: { ...shopper, accept: 'text/event-stream' },
      signal: stopper.signal,
    }).catch(() => undefined);
    if (response?.status === 200) opened += 1;
    await response?.body?.pipeTo(new WritableStream(), { signal: stopper.signal }).catch(() => undefined);
  });
  await sleep(10_000);
  const idleFrom = tierCpuSeconds(cluster, redisPid);
  await sleep(30_000);
  const idle = spent(idleFrom, tierCpuSeconds(cluster, redisPid));
  const rssAfter = cluster.apis.map((api) => rssMb(api.pid));
  stopper.abort();
  await Promise.all(open);
  // A process whose RSS could not be read (gone, restarted) makes the sum meaningless.
  const total = (readings: (number | undefined)[]) =>
    readings.includes(undefined) ? undefined : readings.reduce((sum: number, mb) => sum + (mb ?? 0), 0);
  const before = total(rssBefore);
  const after = total(rssAfter);
  const grew = before === undefined || after === undefined ? undefined : after - before;
  return {
    opened,
    rssGrewMb: grew,
    idlePerMinute: Object.fromEntries(TIERS.map((tier) => [tier, idle[tier] * 2])) as Record<Tier, number>,
  };
}

/** The primary's size, and how many orders it holds. */
function databaseSize(cluster: Cluster): { bytes: number; orders: number } {
  const [bytes, orders] = cluster.primary
    .psql("select pg_database_size('malewa'), (select count(*) from orders)")
    .trim()
    .split('|')
    .map(Number);
  return { bytes: bytes ?? 0, orders: orders ?? 0 };
}

/** Redis's memory in use, as INFO says it. */
function redisMemory(cluster: Cluster): string {
  try {
    const info = execFileSync('redis-cli', ['-p', new URL(cluster.redis.url).port, 'info', 'memory'], {
      encoding: 'utf8',
    });
    return `${/used_memory_human:(\S+)/.exec(info)?.[1] ?? '?'} in use, ${/used_memory_peak_human:(\S+)/.exec(info)?.[1] ?? '?'} at its peak`;
  } catch {
    return 'not read';
  }
}

async function main(): Promise<void> {
  console.log(
    `Malewa capacity, ${new Date().toISOString()}, Node ${process.version}, ${SECONDS} s per load, ${CONNECTIONS} connections`,
  );
  const cluster = await startCluster({ dir: values.dir, env: MIX_CLUSTER_ENV, log });
  const database = openDatabase({ kind: 'postgres', url: cluster.primary.url, poolMax: 4, statementTimeoutMs: 30_000 });
  try {
    const redisPid = clusterPids(cluster).find((entry) => entry.name === 'redis')?.pid;
    const sizeBefore = databaseSize(cluster);
    const mix = await prepareMix(cluster, database, { ...DEFAULT_MIX, shoppers: 1, log });
    const [meal] = mix.meals;
    if (!meal) throw new Error('no meal to sell');
    const shoppers = await apiShoppers(cluster, 2 * CONNECTIONS);
    const results: Measured[] = [];
    for (const load of loads(cluster, shoppers, meal)) results.push(await measure(cluster, redisPid, load));
    results.push(await shopperRounds(cluster, database, redisPid));
    const held = await streams(cluster, shoppers[CONNECTIONS] ?? {}, meal, redisPid);

    console.log(`\nEach load alone, ${CONNECTIONS} connections, ${SECONDS} s, through nginx:`);
    printRows([
      ['load', 'per second', 'p50 ms', 'p99 ms', 'failed', ...TIERS.map((tier) => `${tier} ms CPU`)],
      ...results.map((result) => [
        result.name,
        result.perSecond.toFixed(1),
        result.p50.toFixed(0),
        result.p99.toFixed(0),
        String(result.failed),
        ...TIERS.map((tier) => ((result.cpu[tier] * 1000) / Math.max(1, result.count)).toFixed(2)),
      ]),
    ]);
    console.log('(ms CPU: CPU time of the tier per request or order, all its processes together.)');
    console.log('\nPer core of each tier (1000 ms CPU / the cost above): how many per second one core serves:');
    printRows([
      ['load', ...TIERS.map((tier) => `${tier}`)],
      ...results.map((result) => [
        `${result.name} (${result.unit}s)`,
        ...TIERS.map((tier) => {
          const perUnit = result.cpu[tier] / Math.max(1, result.count);
          return perUnit > 0 ? (1 / perUnit).toFixed(0) : '-';
        }),
      ]),
    ]);
    const sizeAfter = databaseSize(cluster);
    const orders = sizeAfter.orders - sizeBefore.orders;
    console.log(
      `\nDatabase: ${(sizeBefore.bytes / 2 ** 20).toFixed(0)} MB seeded, ${(sizeAfter.bytes / 2 ** 20).toFixed(0)} MB ` +
        `after ${orders} orders: ${((sizeAfter.bytes - sizeBefore.bytes) / Math.max(1, orders) / 1024).toFixed(1)} KB ` +
        `per order (its lines, history, ledger, payment, job, messages, indexes; before vacuum). Redis: ${redisMemory(cluster)}.`,
    );
    // RSS moves with the processes' own collections too: a fall says only that the streams
    // cost less than that churn, not a negative size.
    const memory =
      held.rssGrewMb === undefined
        ? "not read (an API process's RSS could not be read)"
        : held.rssGrewMb >= 0
          ? `${((held.rssGrewMb * 1024) / Math.max(1, held.opened)).toFixed(0)} KB per stream`
          : `too small to tell from the processes' own churn (their RSS fell ${(-held.rssGrewMb).toFixed(0)} MB)`;
    console.log(
      `\nOrder streams: ${held.opened} of ${STREAMS} held open on the APIs; memory ${memory}; idle CPU per minute: ` +
        TIERS.map((tier) => `${tier} ${(held.idlePerMinute[tier] ?? 0).toFixed(2)} s`).join(', '),
    );
  } finally {
    await database.close();
    await cluster.stop();
  }
}

await main();

/**
 * The commerce bench's shoppers, in a worker thread of their own: the load generator's fetches
 * (undici, its streams, the JSON) took about a tenth of the thread the API runs on, which no
 * shopper's phone takes from a server. The worker still runs on this machine's two cores, so
 * what it costs is still paid, beside the API rather than in its thread.
 */
import { randomBytes } from 'node:crypto';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

export type ShopperLoad =
  | {
      kind: 'checkouts';
      url: string;
      /** Each shopper's headers (a bearer session and the market). */
      shoppers: Record<string, string>[];
      item: string;
      quantity: number;
      /** The checkout's body, the same for every round. */
      payload: string;
      seconds: number;
    }
  | { kind: 'adds'; url: string; guests: number; item: string; seconds: number };

/** Times in milliseconds, sorted; `seconds` is how long the load ran. */
export interface ShopperTimes {
  seconds: number;
  /** A checkout request's time (checkouts), an add's (adds). */
  requests: number[];
  /** An add-then-checkout round's time (checkouts only). */
  rounds: number[];
}

/**
 * Runs `load` in a worker thread; resolves to its times once it has run. `onStart` gets a
 * function that stops the worker (Ctrl-C), which then rejects.
 */
export function runShopperLoad(load: ShopperLoad, onStart?: (stop: () => void) => void): Promise<ShopperTimes> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: load });
    onStart?.(() => void worker.terminate());
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the shoppers' worker stopped (${code})`));
    });
  });
}

async function call(url: string, init: RequestInit, expected: number): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, init);
  const body = await response.text();
  if (response.status !== expected) throw new Error(`${init.method} ${url} answered ${response.status}: ${body}`);
  return performance.now() - started;
}

/** Runs `round` in `workers` loops at once for `seconds`; the times of each round, sorted. */
async function loops(workers: number, round: (worker: number) => Promise<number>, seconds: number) {
  const deadline = performance.now() + seconds * 1000;
  const times: number[] = [];
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      while (performance.now() < deadline) times.push(await round(worker));
    }),
  );
  return times.sort((a, b) => a - b);
}

async function checkouts(load: Extract<ShopperLoad, { kind: 'checkouts' }>): Promise<ShopperTimes> {
  const checkoutTimes: number[] = [];
  const body = JSON.stringify({ item: load.item, quantity: load.quantity });
  const started = performance.now();
  const rounds = await loops(
    load.shoppers.length,
    async (worker) => {
      const headers = load.shoppers[worker] ?? {};
      const begun = performance.now();
      await call(`${load.url}/api/carts/food/items`, { method: 'POST', headers, body }, 201);
      const key = randomBytes(18).toString('base64url');
      checkoutTimes.push(
        await call(
          `${load.url}/api/carts/food/checkout`,
          { method: 'POST', headers: { ...headers, 'idempotency-key': key }, body: load.payload },
          201,
        ),
      );
      return performance.now() - begun;
    },
    load.seconds,
  );
  const seconds = (performance.now() - started) / 1000;
  return { seconds, requests: checkoutTimes.sort((a, b) => a - b), rounds };
}

async function adds(load: Extract<ShopperLoad, { kind: 'adds' }>): Promise<ShopperTimes> {
  const guests: Record<string, string>[] = Array.from({ length: load.guests }, () => ({
    'x-store-id': 'KE',
    'x-cart-token': randomBytes(32).toString('base64url'),
    'content-type': 'application/json',
  }));
  const made = Array.from({ length: load.guests }, () => 0);
  const body = JSON.stringify({ item: load.item, quantity: 1 });
  const started = performance.now();
  const requests = await loops(
    load.guests,
    async (worker) => {
      const headers = guests[worker] ?? {};
      // A line holds 99: a guest who reached it starts a new cart (not timed).
      made[worker] = (made[worker] ?? 0) + 1;
      if ((made[worker] ?? 0) % 99 === 0) headers['x-cart-token'] = randomBytes(32).toString('base64url');
      return call(`${load.url}/api/carts/food/items`, { method: 'POST', headers, body }, 201);
    },
    load.seconds,
  );
  return { seconds: (performance.now() - started) / 1000, requests, rounds: [] };
}

if (!isMainThread && parentPort) {
  const load = workerData as ShopperLoad;
  parentPort.postMessage(await (load.kind === 'checkouts' ? checkouts(load) : adds(load)));
}

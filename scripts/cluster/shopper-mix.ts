/**
 * The shopper mix `npm run faults` and `npm run soak` drive through a running cluster
 * (cluster.ts): N shoppers with real accounts (registered through the API, confirmed with the
 * code the API writes to its outbox folder, signed in through the storefront's login form),
 * each looping over browse → add to the food cart → cash checkout through the storefront's
 * form → follow the order's live stream (reconnecting with Last-Event-ID as a browser's
 * EventSource does); and a shop keeper who moves the placed orders on through the API, so the
 * streams have events. Every request is recorded (step, time, latency, status), every checkout
 * with its Idempotency-Key and what the runner was told, every stream with the events it saw.
 * Nothing here asserts: the runners print, and check the database afterwards.
 */
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type OrderStatus, PROVIDER_NEXT_STATUS } from '@malewa/contracts/orders/order';
import { STOREFRONT_SECRET_HEADER } from '@malewa/contracts/storefront-header';
import type { Database } from '@malewa/db/database';
import { createAccountsRepository } from '../../apps/api/src/features/auth/accounts-repository.ts';
import { createShopRepository } from '../../apps/api/src/features/shops/shop-repository.ts';
import { addProviderMember } from '../../apps/api/src/flows/add-provider-member.ts';
import {
  addressAt,
  enough,
  type KitchenMeal,
  kitchenMeals,
  openAroundTheClock,
} from '../../apps/api/src/testing/orders.ts';
import { CookieJar, csrfOf } from '../bench/web-pages.ts';
import type { Cluster } from './cluster.ts';
import { type Checkout, type Follow, MixRecord, type Step } from './mix-record.ts';

/** What every cluster the mix runs on is started with, beside its own settings. */
export const MIX_STOREFRONT_SECRET = randomBytes(32).toString('base64url');
export const MIX_CLUSTER_ENV: Record<string, string> = {
  // The seeded Kenyan kitchens: the storefront shops in Kenya unless a shopper chose otherwise.
  STORE_ID: 'KE',
  // Known to the runner, so that the accounts it opens through the API count against their
  // own (invented) addresses, as each shopper's would, not all against 127.0.0.1's.
  STOREFRONT_SECRET: MIX_STOREFRONT_SECRET,
  // Confirmation codes arrive in half a second rather than two.
  OUTBOX_POLL_MS: '500',
};

export interface MixOptions {
  shoppers: number;
  /** A shopper's pause between two steps, on average (jittered ±50 %). */
  thinkMs: number;
  /** How many kitchens the shoppers buy from (one meal each). */
  kitchens: number;
  /** How often the shop keeper moves each open order one step on. */
  shopStepMs: number;
  log: (line: string) => void;
}

export const DEFAULT_MIX: Omit<MixOptions, 'log'> = { shoppers: 12, thinkMs: 700, kitchens: 4, shopStepMs: 1500 };

/** The command-line options of every runner of the mix (`parseArgs`), and the mix they ask for. */
export const MIX_ARGS = {
  shoppers: { type: 'string', default: String(DEFAULT_MIX.shoppers) },
  'think-ms': { type: 'string', default: String(DEFAULT_MIX.thinkMs) },
} as const;

export function mixOf(values: { shoppers: string; 'think-ms': string }, log: MixOptions['log']): MixOptions {
  const options = { ...DEFAULT_MIX, shoppers: Number(values.shoppers), thinkMs: Number(values['think-ms']), log };
  if (!(options.shoppers > 0) || !(options.thinkMs >= 0)) throw new Error('--shoppers and --think-ms must be numbers');
  return options;
}

const TERMINAL = new Set(['delivered', 'rejected', 'cancelled']);
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** No request of the mix may take longer: past it, it is recorded as a timeout, not waited for. */
const REQUEST_TIMEOUT_MS = 90_000;

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

const jitter = (ms: number) => ms * (0.5 + Math.random());

/** Why a request got no answer: fetch's own words are in its cause (ECONNRESET, …). */
function failureOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error.name === 'TimeoutError') return 'timeout';
  return (error.cause instanceof Error && error.cause.message) || error.message;
}

function decodeHtml(text: string): string {
  return text
    .replaceAll('&quot;', '"')
    .replaceAll('&#x27;', "'")
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

/** The value of the input named `name` in `html` (its first), as a browser would send it. */
function inputValue(html: string, name: string): string | undefined {
  const tag = new RegExp(`<input\\b[^>]*\\bname="${name}"[^>]*>`).exec(html)?.[0];
  const value = tag ? /\bvalue="([^"]*)"/.exec(tag)?.[1] : undefined;
  return value === undefined ? undefined : decodeHtml(value);
}

/** The toast a redirect carries in its cookie (flash-toast.ts), for a form that always redirects. */
function toastTypeOf(response: Response): string | undefined {
  for (const line of response.headers.getSetCookie()) {
    const match = /^malewa_notice=([^;]+)/.exec(line);
    if (!match?.[1]) continue;
    try {
      return (JSON.parse(decodeURIComponent(match[1])) as { type?: string }).type;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** Where the API writes its messages in a cluster (DATA_DIR/outbox), and the code sent to `email`. */
async function waitForCode(outboxDir: string, email: string, timeoutMs = 30_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = (await readdir(outboxDir).catch(() => [] as string[])).filter((file) => file.endsWith('.txt'));
    for (const file of files) {
      const text = await readFile(join(outboxDir, file), 'utf8').catch(() => '');
      if (/^To: (.*)$/m.exec(text)?.[1] !== email) continue;
      const code = /\b(\d{6})\b/.exec(text.split('\n\n').slice(1).join('\n\n'))?.[1];
      if (code) return code;
    }
    if (Date.now() > deadline) throw new Error(`No confirmation code for ${email} in ${outboxDir}`);
    await sleep(250);
  }
}

/** Registers and confirms an account through the API, as the storefront's register page would. */
export async function openAccount(cluster: Cluster, email: string, password: string, address: string): Promise<void> {
  // The API believes the shopper's address only from the storefront, which proves itself so.
  const headers = {
    'content-type': 'application/json',
    'x-forwarded-for': address,
    [STOREFRONT_SECRET_HEADER]: MIX_STOREFRONT_SECRET,
  };
  const registered = await fetch(`${cluster.apiOrigin}/auth/account/register`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      name: 'Amani',
      surname: 'Mix',
      credential: { identifier: email, secret: password },
      locale: 'en',
      market: 'KE',
    }),
  });
  if (registered.status !== 202) throw new Error(`register answered ${registered.status}: ${await registered.text()}`);
  const code = await waitForCode(join(cluster.dir, 'data', 'outbox'), email);
  const confirmed = await fetch(`${cluster.apiOrigin}/auth/verification/confirm`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ token: code, identifier: email }),
  });
  if (!confirmed.ok) throw new Error(`confirm answered ${confirmed.status}: ${await confirmed.text()}`);
}

interface Answer {
  status: number;
  text: string;
  location: string | null;
  response: Response | undefined;
  ok: boolean;
}

/** One shopper: a signed-in browser with its own cookies and address. */
class Shopper {
  readonly jar = new CookieJar();
  /** An address of our own invention (TEST-NET-2), as nginx names the shopper to the storefront. */
  readonly address: string;

  readonly index: number;
  readonly email: string;
  readonly password: string;
  readonly meal: KitchenMeal;
  private readonly cluster: Cluster;
  private readonly record: MixRecord;
  private readonly options: MixOptions;

  constructor(
    index: number,
    account: { email: string; password: string; meal: KitchenMeal },
    context: { cluster: Cluster; record: MixRecord; options: MixOptions },
  ) {
    this.index = index;
    this.email = account.email;
    this.password = account.password;
    this.meal = account.meal;
    this.cluster = context.cluster;
    this.record = context.record;
    this.options = context.options;
    this.address = `198.51.100.${1 + (index % 254)}`;
  }

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    return { cookie: this.jar.header(), 'x-forwarded-for': this.address, ...extra };
  }

  /** A page or a form through nginx, recorded as `step`; `ok` judges the answer. */
  async send(
    step: Step,
    path: string,
    options: { form?: Record<string, string>; requestId?: string; ok: (answer: Answer) => boolean },
  ): Promise<Answer> {
    const { form } = options;
    const id = this.record.begin(step, this.index);
    const at = Date.now();
    try {
      const response = await fetch(`${this.cluster.origin}${path}`, {
        method: form ? 'POST' : 'GET',
        redirect: 'manual',
        headers: this.headers({
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded', origin: this.cluster.origin } : {}),
          ...(options.requestId ? { 'x-request-id': options.requestId } : {}),
        }),
        ...(form ? { body: new URLSearchParams(form).toString() } : {}),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await response.text();
      this.jar.take(response);
      const answer: Answer = {
        status: response.status,
        text,
        location: response.headers.get('location'),
        response,
        ok: false,
      };
      answer.ok = options.ok(answer);
      this.record.end(id, { step, shopper: this.index, at, status: response.status, ok: answer.ok });
      return answer;
    } catch (error) {
      this.record.end(id, { step, shopper: this.index, at, status: 0, ok: false, error: failureOf(error) });
      return { status: 0, text: '', location: null, response: undefined, ok: false };
    }
  }

  /** Signs in through the storefront's login form, as a browser does. */
  async signIn(): Promise<void> {
    const login = await fetch(`${this.cluster.origin}/auth/login`, { redirect: 'manual', headers: this.headers() });
    this.jar.take(login);
    const signedIn = await fetch(`${this.cluster.origin}/auth/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: this.headers({ 'content-type': 'application/x-www-form-urlencoded', origin: this.cluster.origin }),
      body: new URLSearchParams({
        identifier: this.email,
        password: this.password,
        csrf: csrfOf(await login.text()),
      }).toString(),
    });
    this.jar.take(signedIn);
    if (signedIn.status !== 302 && signedIn.status !== 303) {
      throw new Error(`signing in ${this.email} through the storefront answered ${signedIn.status}`);
    }
  }

  /** Browse, add, check out, follow: until `stop`. */
  async loop(stop: AbortSignal): Promise<void> {
    while (!stop.aborted) {
      await this.round(stop);
      await sleep(jitter(this.options.thinkMs), stop);
    }
  }

  private async round(stop: AbortSignal): Promise<void> {
    const think = () => sleep(jitter(this.options.thinkMs), stop);
    const page = (answer: Answer) => answer.status === 200;
    await this.send('meals', '/food/meals', { ok: page });
    await think();
    const meal = await this.send('meal', `/food/meals/${this.meal.slug}`, { ok: page });
    if (!meal.ok || stop.aborted) return;
    await think();
    // The meal page's form; the action always redirects, and its toast says whether it was added.
    const added = await this.send('add', '/cart/food', {
      form: {
        intent: 'add',
        item: this.meal.slug,
        quantity: String(enough(this.meal)),
        csrf: csrfOf(meal.text),
        returnTo: `/food/meals/${this.meal.slug}`,
      },
      ok: (answer) =>
        (answer.status === 302 || answer.status === 303) &&
        answer.response !== undefined &&
        toastTypeOf(answer.response) !== 'error',
    });
    if (!added.ok || stop.aborted) return;
    await think();
    // The checkout priced for a new address at the kitchen's door (`?to=new&lat=&lng=`).
    const where = `to=new&lat=${this.meal.latitude}&lng=${this.meal.longitude}`;
    const form = await this.send('checkout-page', `/cart/food/checkout?${where}`, { ok: page });
    if (!form.ok || stop.aborted) return;
    const key = inputValue(form.text, 'idempotencyKey');
    const csrf = inputValue(form.text, 'csrf');
    const expectedTotal = inputValue(form.text, 'expectedTotal');
    if (!key || !csrf || expectedTotal === undefined) {
      this.record.samples.push({
        step: 'checkout-page',
        shopper: this.index,
        at: Date.now(),
        end: Date.now(),
        ms: 0,
        status: 200,
        ok: false,
        error: 'no checkout form on the page',
      });
      return;
    }
    await think();
    const address = addressAt(this.meal);
    const fields: Record<string, string> = {
      csrf,
      idempotencyKey: key,
      expectedTotal,
      addressId: 'new',
      recipient: address.recipient,
      phone: address.phone,
      line: address.line,
      area: address.area,
      city: address.city,
      postalCode: '',
      instructions: address.instructions,
      latitude: String(address.latitude),
      longitude: String(address.longitude),
      method: 'cash',
      changeFor: '',
      deliverAt: '',
      tip: '0',
      tipAmount: '',
    };
    await this.checkOut(`/cart/food/checkout?${where}`, fields, key, stop);
  }

  /**
   * Sends the checkout form; on an error page (5xx, no answer) or "still being placed" (409),
   * sends the same form again a second later, as a shopper pressing back and "Place order"
   * would: with the same key. Then the confirmation page, and the orders' streams.
   */
  private async checkOut(path: string, fields: Record<string, string>, key: string, stop: AbortSignal): Promise<void> {
    const checkout: Checkout = {
      shopper: this.index,
      key,
      requestIds: [],
      startedAt: Date.now(),
      endedAt: 0,
      statuses: [],
      outcome: 'pending',
      orderIds: [],
    };
    this.record.checkouts.push(checkout);
    const placed = new RegExp(`/account/orders/placed/(${UUID})`);
    for (let attempt = 0; attempt < 3; attempt++) {
      const requestId = `mix-${key.slice(0, 8)}-${attempt}-${randomBytes(3).toString('hex')}`;
      checkout.requestIds.push(requestId);
      const answer = await this.send('checkout', path, {
        form: fields,
        requestId,
        ok: (sent) => sent.status === 303 || sent.status === 302,
      });
      checkout.statuses.push(answer.status);
      const location = answer.location ?? '';
      const confirmation = placed.exec(location)?.[1];
      if (confirmation) {
        checkout.outcome = 'acknowledged';
        checkout.checkoutId = confirmation;
        break;
      }
      if (answer.status === 302 || answer.status === 303) {
        // To the cart: it was empty by then (a try that failed on the page was placed after all).
        checkout.outcome = 'cart-empty';
        break;
      }
      if (answer.status !== 0 && answer.status < 500 && answer.status !== 409) {
        checkout.outcome = 'refused';
        break;
      }
      checkout.outcome = 'failed';
      if (stop.aborted) break;
      await sleep(1000);
    }
    checkout.endedAt = Date.now();
    if (!checkout.checkoutId) return;
    // The confirmation page names the orders; a shopper reloads it once or twice if it fails.
    for (let attempt = 0; attempt < 3 && !stop.aborted; attempt++) {
      const page = await this.send('placed', `/account/orders/placed/${checkout.checkoutId}`, {
        ok: (answer) => answer.status === 200,
      });
      if (page.ok) {
        // The page's list of this checkout's orders; the header links to others of the shopper's.
        const start = page.text.indexOf('class="order-list"');
        const list = start < 0 ? '' : page.text.slice(start, page.text.indexOf('</ul>', start));
        checkout.orderIds = [
          ...new Set([...list.matchAll(new RegExp(`/account/orders/(${UUID})`, 'g'))].map((match) => match[1] ?? '')),
        ];
        break;
      }
      await sleep(1000, stop);
    }
    for (const orderId of checkout.orderIds) void this.follow(orderId, stop);
  }

  /**
   * The order page's EventSource: reads `/account/orders/{id}/events` until the order is
   * finished; when the stream drops, connects again after the server's `retry` with the last
   * id it saw as Last-Event-ID. A 401 or 404 ends it (the page stops listening); any other
   * refusal is tried again, as the page does.
   */
  async follow(orderId: string, stop: AbortSignal): Promise<void> {
    const follow: Follow = {
      orderId,
      shopper: this.index,
      startedAt: Date.now(),
      stoppedAt: 0,
      seen: [],
      repeats: 0,
      connects: 0,
      resumed: 0,
      drops: [],
      refusals: [],
      finished: false,
    };
    this.record.follows.push(follow);
    let last: string | undefined;
    let retryMs = 3000;
    const done = new AbortController();
    const signal = AbortSignal.any([stop, done.signal]);
    while (!signal.aborted) {
      const id = this.record.begin('stream', this.index);
      const at = Date.now();
      let opened = false;
      try {
        const response = await fetch(`${this.cluster.origin}/account/orders/${orderId}/events`, {
          headers: this.headers({ accept: 'text/event-stream', ...(last ? { 'last-event-id': last } : {}) }),
          signal,
        });
        this.jar.take(response);
        this.record.end(id, { step: 'stream', shopper: this.index, at, status: response.status, ok: response.ok });
        if (!response.ok || !response.body) {
          follow.refusals.push(response.status);
          await response.body?.cancel();
          if (response.status === 401 || response.status === 404) break;
          await sleep(retryMs, signal);
          continue;
        }
        opened = true;
        follow.connects += 1;
        if (last) follow.resumed += 1;
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done: ended } = await reader.read();
          if (ended) break;
          buffer += value;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            end = buffer.indexOf('\n\n');
            const lines = frame.split('\n');
            const field = (name: string) =>
              lines
                .find((line) => line.startsWith(`${name}:`))
                ?.slice(name.length + 1)
                .trim();
            const retry = Number(field('retry'));
            if (Number.isFinite(retry) && retry > 0) retryMs = retry;
            const eventId = field('id');
            if (field('event') !== 'status' || !eventId) continue;
            last = eventId;
            const seq = Number(eventId);
            const status = (JSON.parse(field('data') ?? '{}') as { status?: string }).status ?? '';
            if (follow.seen.some((event) => event.seq === seq)) follow.repeats += 1;
            else follow.seen.push({ seq, status, at: Date.now() });
            if (TERMINAL.has(status)) {
              follow.finished = true;
              done.abort();
            }
          }
        }
      } catch (error) {
        if (!opened) {
          if (!signal.aborted) {
            this.record.end(id, {
              step: 'stream',
              shopper: this.index,
              at,
              status: 0,
              ok: false,
              error: failureOf(error),
            });
            follow.refusals.push(0);
          } else this.record.inFlight.delete(id);
        }
      }
      if (signal.aborted) break;
      // The stream ended while the order was still on its way: the browser connects again.
      follow.drops.push(Date.now());
      await sleep(retryMs, signal);
    }
    follow.stoppedAt = Date.now();
  }
}

/**
 * The shop keeper: one account that runs the kitchens the shoppers buy from (made one of their
 * people as `npm run provider:member` does), signed in to the API, moving each open order one
 * step every `shopStepMs`: accept → preparing → ready → out for delivery → delivered.
 */
class ShopKeeper {
  private token = '';

  private readonly cluster: Cluster;
  private readonly email: string;
  private readonly password: string;
  private readonly record: MixRecord;

  constructor(cluster: Cluster, account: { email: string; password: string }, record: MixRecord) {
    this.cluster = cluster;
    this.email = account.email;
    this.password = account.password;
    this.record = record;
  }

  async signIn(): Promise<void> {
    const response = await fetch(`${this.cluster.apiOrigin}/auth/account/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: this.email, secret: this.password }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`the shop keeper's sign-in answered ${response.status}`);
    this.token = ((await response.json()) as { data: { accessToken: string } }).data.accessToken;
  }

  /**
   * A call to the API; a 401 signs in again once (the access token expired). A repeatable move
   * (accept, advance: `Endpoint.repeatable`) is sent again, as the storefront sends it, while the
   * API is not reached or the balancer answers 502–504: 250 ms, 0.5, 1 and 2 s apart.
   */
  private async call(
    method: string,
    path: string,
    body?: unknown,
    repeatable = false,
  ): Promise<{ status: number; json: unknown }> {
    const id = this.record.begin('shop', -1);
    const at = Date.now();
    try {
      const once = () =>
        fetch(`${this.cluster.apiOrigin}/api${path}`, {
          method,
          headers: {
            authorization: `Bearer ${this.token}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
      const send = async (): Promise<Response> => {
        for (const wait of repeatable ? [250, 500, 1000, 2000] : []) {
          const response = await once().catch(() => undefined);
          if (response && ![502, 503, 504].includes(response.status)) return response;
          await response?.body?.cancel();
          await sleep(wait);
        }
        return once();
      };
      let response = await send();
      if (response.status === 401) {
        await response.body?.cancel();
        await this.signIn();
        response = await send();
      }
      const json: unknown = await response.json().catch(() => undefined);
      this.record.end(id, { step: 'shop', shopper: -1, at, status: response.status, ok: response.ok });
      return { status: response.status, json };
    } catch (error) {
      this.record.end(id, { step: 'shop', shopper: -1, at, status: 0, ok: false, error: failureOf(error) });
      return { status: 0, json: undefined };
    }
  }

  async loop(stop: AbortSignal, stepMs: number): Promise<void> {
    while (!stop.aborted) {
      const listed = await this.call('GET', '/provider/orders?perPage=100');
      const orders = (listed.json as { data?: { id: string; status: string }[] } | undefined)?.data ?? [];
      await Promise.all(
        orders
          .filter((order) => !TERMINAL.has(order.status))
          .map(async (order) => {
            const moved =
              order.status === 'placed'
                ? await this.call('POST', `/provider/orders/${order.id}/accept`, { prepMinutes: 15 }, true)
                : await this.call(
                    'POST',
                    `/provider/orders/${order.id}/advance`,
                    { to: PROVIDER_NEXT_STATUS[order.status as OrderStatus] },
                    true,
                  );
            const status = (moved.json as { data?: { status?: string } } | undefined)?.data?.status;
            if (moved.status !== 200 || !status) return;
            const times = this.record.moves.get(order.id) ?? new Map<string, number>();
            times.set(status, Date.now());
            this.record.moves.set(order.id, times);
          }),
      );
      await sleep(stepMs, stop);
    }
  }
}

export interface Mix {
  readonly record: MixRecord;
  /** The shoppers' and the shop keeper's accounts' e-mail addresses end with this. */
  readonly tag: string;
  readonly meals: KitchenMeal[];
  start(): void;
  /** Stops every loop and stream, and waits for them. */
  stop(): Promise<void>;
  /** A sign-in through the API (the shop keeper's): how the account limits fare. */
  probeSignIn(): Promise<{ status: number; ms: number }>;
}

/**
 * Opens every kitchen around the clock, makes the accounts (N shoppers and a shop keeper) and
 * signs the shoppers in through the storefront; `start` sets them going.
 */
export async function prepareMix(cluster: Cluster, database: Database, options: MixOptions): Promise<Mix> {
  await openAroundTheClock(database);
  const meals = (await kitchenMeals(database, 'KE')).slice(0, options.kitchens);
  if (meals.length === 0) throw new Error('No Kenyan kitchen sells a meal without choices');
  const tag = `mix${Date.now().toString(36)}`;
  const password = 'mix-shopper-password-2026';
  const record = new MixRecord();

  const keeperEmail = `keeper-${tag}@example.com`;
  await openAccount(cluster, keeperEmail, password, '198.51.100.254');
  const deps = { accounts: createAccountsRepository(database.db), shops: createShopRepository(database.db) };
  for (const meal of meals) await addProviderMember(deps, { identifier: keeperEmail, providerSlug: meal.providerSlug });
  const keeper = new ShopKeeper(cluster, { email: keeperEmail, password }, record);
  await keeper.signIn();

  const shoppers: Shopper[] = [];
  // A few at a time: each registration hashes a password (argon2id) on the API's two cores.
  for (let first = 0; first < options.shoppers; first += 4) {
    const batch = Array.from({ length: Math.min(4, options.shoppers - first) }, (_, offset) => {
      const index = first + offset;
      const meal = meals[index % meals.length] as KitchenMeal;
      return new Shopper(
        index,
        { email: `shopper${index}-${tag}@example.com`, password, meal },
        { cluster, record, options },
      );
    });
    await Promise.all(
      batch.map(async (shopper) => {
        await openAccount(cluster, shopper.email, password, shopper.address);
        await shopper.signIn();
      }),
    );
    shoppers.push(...batch);
  }
  options.log(
    `${shoppers.length} shoppers signed in through the storefront, buying from ${meals.map((meal) => meal.providerSlug).join(', ')}; a shop keeper runs them.`,
  );

  const stopper = new AbortController();
  let running: Promise<unknown>[] = [];
  const followsOpen = () => record.follows.filter((follow) => follow.stoppedAt === 0).length;
  return {
    record,
    tag,
    meals,
    start() {
      running = [
        keeper.loop(stopper.signal, options.shopStepMs),
        // Staggered, so that the rounds do not march in step.
        ...shoppers.map(async (shopper) => {
          await sleep(Math.random() * options.thinkMs * 4, stopper.signal);
          await shopper.loop(stopper.signal);
        }),
      ];
    },
    async stop() {
      stopper.abort();
      await Promise.all(running);
      const deadline = Date.now() + 5000;
      while (followsOpen() > 0 && Date.now() < deadline) await sleep(100);
    },
    async probeSignIn() {
      const started = performance.now();
      const response = await fetch(`${cluster.apiOrigin}/auth/account/authenticate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ identifier: keeperEmail, secret: password }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      }).catch(() => undefined);
      await response?.body?.cancel();
      return { status: response?.status ?? 0, ms: performance.now() - started };
    },
  };
}

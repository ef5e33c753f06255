/**
 * `npm run bench:journey`: a signed-in shopper's journey, home → meals list → a meal → add to
 * the cart → the cart → the checkout page, in Chromium on a throttled network and CPU, as
 * issue 35 asks. For each step it prints the bytes that crossed the network, the requests and
 * the time until the page is usable; then the journey's totals beside the targets (2G: ≤ 150 KB,
 * ≤ 30 s). It asserts nothing.
 *
 * - Profiles: "2G" (800 ms, 250 kbit/s down and up, CPU 4× slower) and "fast 3G" (150 ms,
 *   1.6 Mbit/s down, 750 kbit/s up, CPU 4×), through the DevTools protocol: the latency is
 *   DevTools' (added to every request's response), the CPU rate slows the page's main thread.
 *   The offline worker's own fetches are neither seen nor throttled: in Chromium 156, a second
 *   DevTools client that enables Network on the worker stalls the page fetch its activation
 *   makes (never finished), and every request of the page waits behind it. With the worker on, bytes are the page's own
 *   network bytes and times are what the worker's unthrottled network allows: both a floor.
 * - The offline worker blocked (a first visit: empty browser cache, no worker), then allowed:
 *   a first visit that installs it, then the journey again in the same browser profile, in a
 *   new tab (a returning shopper: the browser's HTTP cache and the worker's caches as the first
 *   visit left them).
 * - English and Arabic (/ar).
 *
 * The product is built and started as `npm start` does (web-pages.ts), on PGlite in a temporary
 * folder, or on a throwaway database of BENCH_DATABASE_URL's server. Its shops are open around
 * the clock (as the e2e product's), so a shopper can check out at any hour.
 *
 * Environment: BENCH_JOURNEY_PROFILES (2g,fast3g), BENCH_JOURNEY_LANGS (en,ar),
 * BENCH_JOURNEY_WORKER (blocked,allowed), BENCH_JOURNEY_HINTS (rated,unrated), BENCH_JOURNEY_REQUESTS=1 to list every request,
 * BENCH_SKIP_BUILD=1, BENCH_WEB_PORT / BENCH_API_PORT (3399 / 4399), BENCH_DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Database, openDatabase } from '@malewa/db/database';
import { seedCatalogIfEmpty } from '@malewa/db/seed/seed-catalog';
import { seedIfEmpty } from '@malewa/db/seed/seed-if-empty';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import { signUp } from '../../apps/api/src/testing/accounts.ts';
import { enough, kitchenMeals, openAroundTheClock } from '../../apps/api/src/testing/orders.ts';
import { createTestOutbox } from '../../apps/api/src/testing/outbox.ts';
import { TEST_CONFIG } from '../../apps/api/src/testing/test-app.ts';
import { benchDatabase } from './bench-database.ts';
import {
  byType,
  journeyTotals,
  type RequestRecord,
  type Source,
  type StepResult,
  stepFigures,
} from './journey-figures.ts';
import { buildWeb, csrfOf, kb, launchChromium, mark, placeIdOf, startProduct } from './web-pages.ts';

interface Profile {
  id: string;
  name: string;
  /**
   * The effective type Chromium itself gives this network (`navigator.connection` under the
   * throttling). DevTools' throttling does not reach the estimator whose client hints go with a
   * navigation (measured: "4g, 100 ms, 1.55 Mbit/s" on a throttled page), so the bench forces
   * the estimator to this type: the hints are then what Chromium sends on such a network
   * (3G: ECT 3g, RTT 450, Downlink 0.4), and the server makes its pages light or full on them.
   */
  connectionType: '3G' | '4G';
  rttMs: number;
  downKbps: number;
  upKbps: number;
  cpu: number;
  /** The issue's targets for the whole journey, where it names them. */
  targets?: { bytes: number; seconds: number };
}

const PROFILES: Profile[] = [
  {
    id: '2g',
    name: '2G',
    connectionType: '3G',
    rttMs: 800,
    downKbps: 250,
    upKbps: 250,
    cpu: 4,
    targets: { bytes: 150 * 1024, seconds: 30 },
  },
  { id: 'fast3g', name: 'fast 3G', connectionType: '4G', rttMs: 150, downKbps: 1600, upKbps: 750, cpu: 4 },
];
const LANGS = [
  { id: 'en', name: 'English', prefix: '' },
  { id: 'ar', name: 'Arabic', prefix: '/ar' },
] as const;
const WORKER_MODES = ['blocked', 'allowed'] as const;
/**
 * "rated": Chromium's hints as it rates the throttled network (the pages the server chooses
 * for it: light on 2G, decision 39); "unrated": the hints of the host's own fast network, as a
 * browser that sends none gets: full pages, whose scripts start unless the browser reads its
 * link as slow (`navigator.connection`, which the throttling reaches: on 2G they stay held,
 * decision 40).
 */
const HINT_MODES = ['rated', 'unrated'] as const;

const USABLE =
  'time to usable: from the tap (or the typed address) until the new page is the one in the address bar, ' +
  'its <main> is visible and React has hydrated the document (its buttons answer a tap; a light page, which has no ' +
  'scripts, once it has loaded); for "add", until the ' +
  '"added" toast shows. Journey time: the steps\' times to usable, added (the shopper waiting, not reading). ' +
  '"light": the page came without scripts (decision 39), or its scripts stayed held on the slow link (decision 40). "quiet": until the step\'s last request ended (late pictures, scripts, prefetches), counted in the step.';

const listed = (name: string, all: readonly string[]) =>
  (process.env[name] || all.join(','))
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => all.includes(entry));
const verbose = process.env.BENCH_JOURNEY_REQUESTS === '1';
/** home, meals list, a meal, add to cart, cart, checkout page (steps()). */
const STEPS = 6;
/** A step not usable after this long stops its pass (the issue's slowest page took 33 s on 2G). */
const STEP_TIMEOUT_MS = 120_000;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** A DevTools protocol connection of our own to the browser, beside Playwright's. */
class Cdp {
  private next = 1;
  private readonly waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private readonly listeners: ((event: CdpEvent) => void)[] = [];

  private readonly socket: WebSocket;

  private constructor(socket: WebSocket) {
    this.socket = socket;
    socket.addEventListener('message', (message) => {
      const data = JSON.parse(String(message.data)) as CdpEvent & {
        id?: number;
        result?: unknown;
        error?: { message: string };
      };
      if (data.id === undefined) {
        for (const listener of this.listeners) listener(data);
        return;
      }
      const call = this.waiting.get(data.id);
      this.waiting.delete(data.id);
      if (data.error) call?.reject(new Error(data.error.message));
      else call?.resolve(data.result);
    });
  }

  static async connect(url: string): Promise<Cdp> {
    const socket = new WebSocket(url);
    await new Promise((resolve, reject) => {
      socket.addEventListener('open', resolve, { once: true });
      socket.addEventListener('error', () => reject(new Error(`no DevTools connection at ${url}`)), { once: true });
    });
    return new Cdp(socket);
  }

  send<T = unknown>(method: string, params: object = {}, sessionId?: string): Promise<T> {
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.socket.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    });
  }

  on(listener: (event: CdpEvent) => void): void {
    this.listeners.push(listener);
  }

  close(): void {
    this.socket.close();
  }
}

interface CdpEvent {
  method: string;
  // biome-ignore lint/suspicious/noExplicitAny: the protocol's events, read field by field below.
  params: any;
  sessionId?: string;
}

/**
 * Throttles every page and worker the browser starts (each waits until it is throttled) and
 * records their requests into the current step.
 */
class Recorder {
  profile: Profile = PROFILES[0] as Profile;
  private readonly sessions = new Map<string, 'page' | 'worker'>();
  private readonly open = new Map<string, RequestRecord>();
  private records: RequestRecord[] = [];
  private started = performance.now();
  lastActivity = performance.now();

  private readonly cdp: Cdp;

  constructor(cdp: Cdp) {
    this.cdp = cdp;
    cdp.on((event) => this.handle(event));
  }

  async attach(): Promise<void> {
    await this.cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: true });
  }

  /** A new step: requests from now on are counted in it. */
  begin(): RequestRecord[] {
    this.records = [];
    this.started = performance.now();
    this.lastActivity = this.started;
    return this.records;
  }

  /** Requests still on their way, streams apart (they never end). */
  inFlight(): number {
    let count = 0;
    for (const record of this.open.values()) if (record.type !== 'EventSource') count += 1;
    return count;
  }

  private cancelOpen(sessionId: string, document: RequestRecord): void {
    for (const [key, record] of this.open) {
      if (!key.startsWith(`${sessionId}:`) || record === document || record.type === 'Document') continue;
      record.endMs = this.now();
      record.failed = true;
      this.open.delete(key);
    }
  }

  private now(): number {
    return performance.now() - this.started;
  }

  private handle({ method, params, sessionId }: CdpEvent): void {
    if (method === 'Target.attachedToTarget') {
      void this.throttle(params.sessionId, params.targetInfo.type);
      return;
    }
    if (method === 'Target.detachedFromTarget') {
      this.sessions.delete(params.sessionId);
      for (const key of [...this.open.keys()]) if (key.startsWith(`${params.sessionId}:`)) this.open.delete(key);
      return;
    }
    const target = sessionId ? this.sessions.get(sessionId) : undefined;
    if (!target) return;
    const key = `${sessionId}:${params.requestId}`;
    switch (method) {
      case 'Network.requestWillBeSent': {
        const url: string = params.request.url;
        if (url.startsWith('data:') || url.startsWith('blob:')) return;
        const earlier = this.open.get(key);
        // A redirect: its hop ended here, with the bytes of the redirecting response.
        if (earlier && params.redirectResponse) {
          earlier.bytes = params.redirectResponse.encodedDataLength ?? 0;
          earlier.endMs = this.now();
          this.open.delete(key);
        }
        const record: RequestRecord = {
          target,
          url,
          type: params.type ?? 'Other',
          source: 'network',
          bytes: 0,
          startMs: this.now(),
          endMs: undefined,
          failed: false,
        };
        this.records.push(record);
        this.open.set(key, record);
        this.lastActivity = performance.now();
        return;
      }
      case 'Network.requestServedFromCache': {
        const record = this.open.get(key);
        if (record) record.source = 'cache';
        return;
      }
      case 'Network.responseReceived': {
        const record = this.open.get(key);
        if (!record) return;
        const { response } = params;
        let source: Source = record.source;
        if (response.fromServiceWorker) source = 'worker';
        else if (response.fromDiskCache || response.fromPrefetchCache) source = 'cache';
        record.source = source;
        if (params.type) record.type = params.type;
        if (source === 'network') record.bytes = response.encodedDataLength ?? 0;
        // A new document arrives: what the old one still had on its way (lazy pictures a tap
        // scrolled into view) is cancelled with it, and Chromium reports no end for those.
        if (record.type === 'Document') this.cancelOpen(sessionId as string, record);
        return;
      }
      case 'Network.dataReceived': {
        // Counted as it arrives too: loadingFinished has been seen to say 0 for a fetch() read
        // as a stream, and a stream that never ends never finishes.
        const record = this.open.get(key);
        if (record?.source === 'network') record.bytes += params.encodedDataLength ?? 0;
        return;
      }
      case 'Network.loadingFinished':
      case 'Network.loadingFailed': {
        const record = this.open.get(key);
        if (!record) return;
        this.open.delete(key);
        record.endMs = this.now();
        if (method === 'Network.loadingFailed') record.failed = true;
        else record.bytes = record.source === 'network' ? Math.max(record.bytes, params.encodedDataLength ?? 0) : 0;
        this.lastActivity = performance.now();
        return;
      }
      default:
    }
  }

  private async throttle(sessionId: string, type: string): Promise<void> {
    // Pages only: see the header on the worker. Worker records stay possible (journey-figures.ts).
    const target = type === 'page' ? 'page' : undefined;
    const { profile, cdp } = this;
    try {
      if (target) {
        this.sessions.set(sessionId, target);
        await cdp.send('Network.enable', {}, sessionId);
        await cdp.send(
          'Network.emulateNetworkConditions',
          {
            offline: false,
            latency: profile.rttMs,
            downloadThroughput: (profile.downKbps * 1000) / 8,
            uploadThroughput: (profile.upKbps * 1000) / 8,
          },
          sessionId,
        );
        if (target === 'page') await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu }, sessionId);
      }
    } catch (error) {
      console.warn(`  could not throttle a ${type}: ${error instanceof Error ? error.message : error}`);
    } finally {
      await cdp.send('Runtime.runIfWaitingForDebugger', {}, sessionId).catch(() => undefined);
    }
  }
}

/** Until the step's requests have ended and nothing new started for 2 s (at most 60 s). */
async function quiet(recorder: Recorder, stepStart: number): Promise<number | undefined> {
  const deadline = performance.now() + 60_000;
  while (performance.now() < deadline) {
    if (recorder.inFlight() === 0 && performance.now() - recorder.lastActivity >= 2000)
      return recorder.lastActivity - stepStart;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return undefined;
}

// The browser globals the page functions use (this type check has no DOM library).
interface PageGlobals {
  location: { pathname: string };
  document: {
    body: object;
    readyState: string;
    documentElement: { dataset: Record<string, string | undefined> };
    querySelector(selector: string): { getBoundingClientRect(): { height: number; width: number } } | null;
  };
}

/** Until the page at `path` is usable: see USABLE. */
async function usable(page: Page, path: string): Promise<void> {
  await page.waitForFunction(
    (expected) => {
      const { location, document } = globalThis as unknown as PageGlobals;
      if (location.pathname !== expected) return false;
      const main = document.querySelector('main');
      const box = main?.getBoundingClientRect();
      if (!box || box.height === 0 || box.width === 0) return false;
      // A light page (no router: no scripts came) is usable once loaded: its links and forms
      // are plain HTML. So is a page whose scripts the browser held on a slow link (decision 40).
      if (document.documentElement.dataset.scripts === 'held') return true;
      if (!('__reactRouterContext' in globalThis)) return document.readyState === 'complete';
      return Object.keys(document.body).some((key) => key.startsWith('__reactFiber'));
    },
    path,
    { polling: 100, timeout: STEP_TIMEOUT_MS },
  );
}

interface Meal {
  slug: string;
  quantity: number;
}

interface Setting {
  web: string;
  prefix: string;
  meals: Meal[];
}

interface Step {
  name: string;
  /** The shopper's action; resolves to how they did it, once the page is usable. */
  run: (page: Page) => Promise<string>;
}

/** Taps the link when the page shows one, else types the address. */
async function tapOrGo(page: Page, selector: string, url: string, path: string): Promise<string> {
  const link = page.locator(selector).first();
  if ((await link.count()) > 0 && (await link.isVisible())) {
    await link.click();
    await usable(page, path);
    return 'tap';
  }
  await page.goto(url, { waitUntil: 'commit' });
  await usable(page, path);
  return 'address';
}

function steps({ web, prefix, meals }: Setting): Step[] {
  let meal = meals[0] as Meal;
  const mealPath = () => `${prefix}/food/meals/${meal.slug}`;
  return [
    {
      name: 'home',
      run: async (page) => {
        await page.goto(`${web}${prefix || '/'}`, { waitUntil: 'commit' });
        await usable(page, prefix || '/');
        return 'address';
      },
    },
    {
      name: 'meals list',
      run: (page) =>
        tapOrGo(page, `a[href="${prefix}/food/meals"]`, `${web}${prefix}/food/meals`, `${prefix}/food/meals`),
    },
    {
      name: 'a meal',
      run: async (page) => {
        // The first meal of the list that the bench knows to be simple to buy (no options, no stock).
        const hrefs = await page
          .locator(`main a[href^="${prefix}/food/meals/"]`)
          .evaluateAll((links) =>
            links.map((link) =>
              (link as unknown as { getAttribute(name: string): string | null }).getAttribute('href'),
            ),
          );
        const slugs = hrefs.map((href) => href?.split('/').pop() ?? '');
        meal = meals.find((candidate) => slugs.includes(candidate.slug)) ?? (meals[0] as Meal);
        return tapOrGo(page, `main a[href="${mealPath()}"]`, `${web}${mealPath()}`, mealPath());
      },
    },
    {
      name: 'add to cart',
      run: async (page) => {
        await page.locator('.add-to-cart input[name="quantity"]').fill(String(meal.quantity));
        await page.locator('.add-to-cart button[type="submit"]').click();
        await page.locator('.toast-success').first().waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
        await usable(page, mealPath());
        return 'tap';
      },
    },
    {
      name: 'cart',
      run: (page) => tapOrGo(page, '.header-cart', `${web}${prefix}/cart/food`, `${prefix}/cart/food`),
    },
    {
      name: 'checkout page',
      run: (page) =>
        tapOrGo(
          page,
          '.cart-summary a.button-primary',
          `${web}${prefix}/cart/food/checkout`,
          `${prefix}/cart/food/checkout`,
        ),
    },
  ];
}

function printRecords(records: readonly RequestRecord[], web: string): void {
  for (const record of records)
    console.log(
      `      ${record.target.padEnd(6)} ${record.source.padEnd(7)} ${record.type.padEnd(10)} ${kb(record.bytes).padStart(9)} ${seconds(record.startMs).padStart(7)} → ${record.endMs === undefined ? 'open' : seconds(record.endMs)}  ${record.url.replace(web, '')}`,
    );
}

/** One pass of the journey in a new tab of `context`, printed as it goes. */
async function pass(context: BrowserContext, recorder: Recorder, setting: Setting): Promise<StepResult[]> {
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  const results: StepResult[] = [];
  try {
    console.log(
      `  ${'step'.padEnd(14)} ${'way'.padEnd(8)} ${'usable'.padStart(8)} ${'quiet'.padStart(8)} ${'requests'.padStart(8)} ${'network'.padStart(8)} ${'worker'.padStart(7)} ${'cache'.padStart(6)} ${'bytes'.padStart(10)}`,
    );
    for (const step of steps(setting)) {
      const records = recorder.begin();
      const start = performance.now();
      let way: string;
      try {
        way = await step.run(page);
      } catch (error) {
        // Printed, not thrown: the other passes still run, and this one's figures so far stand.
        console.log(
          `  ${step.name}: not usable within ${seconds(STEP_TIMEOUT_MS)} (${error instanceof Error ? error.message.split('\n')[0] : error}); the pass stops here`,
        );
        if (verbose) printRecords(records, setting.web);
        break;
      }
      const usableMs = performance.now() - start;
      const quietMs = await quiet(recorder, start);
      const light = await page.evaluate(
        () =>
          !('__reactRouterContext' in globalThis) ||
          (globalThis as unknown as PageGlobals).document.documentElement.dataset.scripts === 'held',
      );
      const result: StepResult = { name: step.name, figures: stepFigures(records), usableMs, quietMs, light };
      results.push(result);
      const { figures } = result;
      console.log(
        `  ${step.name.padEnd(14)} ${way.padEnd(8)} ${seconds(usableMs).padStart(8)} ${(quietMs === undefined ? '> 60 s' : seconds(quietMs)).padStart(8)} ${String(figures.requests).padStart(8)} ${String(figures.networkRequests).padStart(8)} ${String(figures.fromWorker).padStart(7)} ${String(figures.fromCache).padStart(6)} ${kb(figures.bytes).padStart(10)}${light ? '  light' : ''}${figures.open ? `  (${figures.open} still open)` : ''}`,
      );
      const types = byType(records);
      if (types.length)
        console.log(
          `    over the network: ${types.map((entry) => `${entry.type} ${entry.requests} / ${kb(entry.bytes)}`).join(', ')}`,
        );
      if (verbose) printRecords(records, setting.web);
    }
  } finally {
    await page.close();
  }
  return results;
}

function printTotals(results: StepResult[], profile: Profile, workerOn = false): void {
  const totals = journeyTotals(results);
  const quietMs = results.reduce((sum, step) => sum + (step.quietMs ?? 60_000), 0);
  console.log(
    `  journey: ${kb(totals.bytes)} over the network in ${totals.networkRequests} requests (the pages asked ${totals.requests}: ${totals.fromWorker} answered by the worker, ${totals.fromCache} by the browser's cache); ${seconds(totals.usableMs)} to usable, added (${seconds(quietMs)} until each step was quiet)`,
  );
  if (results.length < STEPS) {
    console.log(`  the journey stopped after ${results.length} of ${STEPS} steps: no totals against the targets`);
    return;
  }
  if (workerOn) {
    console.log('  no verdict against the targets: the worker answered unseen and unthrottled (a floor)');
    return;
  }
  if (profile.targets)
    console.log(
      `  targets (${profile.name}): bytes ${kb(totals.bytes)} ≤ ${kb(profile.targets.bytes)}: ${mark(totals.bytes <= profile.targets.bytes)}; time ${seconds(totals.usableMs)} ≤ ${profile.targets.seconds} s: ${mark(totals.usableMs <= profile.targets.seconds * 1000)}`,
    );
}

interface Shopper {
  identifier: string;
  password: string;
}

/** A context of the shopper's phone, signed in and with its place chosen, nothing loaded yet. */
async function shopperContext(
  browser: Browser,
  options: { web: string; prefix: string; shopper: Shopper; placeId: string | undefined; worker: 'block' | 'allow' },
): Promise<BrowserContext> {
  const { web, prefix, shopper, placeId, worker } = options;
  const context = await browser.newContext({
    serviceWorkers: worker,
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  // Signed in outside the page (Playwright's requests share the context's cookies): the
  // journey starts signed in, its sign-in not counted.
  const login = await context.request.get(`${web}${prefix}/auth/login`);
  const signedIn = await context.request.post(`${web}${prefix}/auth/login`, {
    form: { identifier: shopper.identifier, password: shopper.password, csrf: csrfOf(await login.text()) },
    headers: { origin: web },
    maxRedirects: 0,
  });
  if (signedIn.status() !== 302 && signedIn.status() !== 303)
    throw new Error(`signing in answered ${signedIn.status()}`);
  if (placeId) await context.addCookies([{ name: 'malewa_place', value: placeId, url: web }]);
  return context;
}

/** Until the offline worker of the context's pages is active and has saved what it saves. */
async function workerSettled(context: BrowserContext, web: string, recorder: Recorder): Promise<void> {
  recorder.begin();
  const page = await context.newPage();
  try {
    await page.goto(`${web}/robots.txt`);
    await page.evaluate(async () => {
      const { navigator } = globalThis as unknown as { navigator: { serviceWorker: { ready: Promise<unknown> } } };
      await navigator.serviceWorker.ready;
    });
    await quiet(recorder, performance.now());
  } finally {
    await page.close();
  }
}

/** The database seeded as `npm start` seeds it, shops open around the clock, and a shopper. */
async function prepare(database: Database): Promise<{ shopper: Shopper; meals: Meal[] }> {
  await database.migrate();
  await seedIfEmpty(database.db);
  await seedCatalogIfEmpty(database.db);
  await openAroundTheClock(database);
  const meals = (await kitchenMeals(database)).map((meal) => ({ slug: meal.slug, quantity: enough(meal) }));
  if (meals.length === 0) throw new Error('no Kenyan meal to buy');
  const app = await buildApp({
    config: { ...loadConfig({}), logLevel: 'silent', trustProxy: [], storefrontSecret: TEST_CONFIG.storefrontSecret },
    database,
    logger: false,
  });
  try {
    const outbox = await createTestOutbox(database);
    const password = 'correct horse battery staple';
    const session = await signUp(app, database, outbox, {
      identifier: `bench.journey.${randomBytes(4).toString('hex')}@example.com`,
      password,
    });
    return { shopper: { identifier: session.credential.identifier, password }, meals };
  } finally {
    await app.close();
  }
}

async function main(): Promise<void> {
  const profiles = listed(
    'BENCH_JOURNEY_PROFILES',
    PROFILES.map((profile) => profile.id),
  ).map((id) => PROFILES.find((profile) => profile.id === id) as Profile);
  const langs = listed(
    'BENCH_JOURNEY_LANGS',
    LANGS.map((lang) => lang.id),
  ).map((id) => LANGS.find((lang) => lang.id === id) as (typeof LANGS)[number]);
  const workerModes = listed('BENCH_JOURNEY_WORKER', WORKER_MODES);
  const hintModes = listed('BENCH_JOURNEY_HINTS', HINT_MODES);

  buildWeb();
  const dataDir = mkdtempSync(join(tmpdir(), 'malewa-bench-journey-'));
  const benchDb = process.env.BENCH_DATABASE_URL ? benchDatabase() : undefined;
  await benchDb?.create();
  const webPort = Number(process.env.BENCH_WEB_PORT || 3399);
  const apiPort = Number(process.env.BENCH_API_PORT || 4399);
  const debuggingPort = webPort + 6000;
  let browser: Browser | undefined;
  let cdp: Cdp | undefined;
  let product: Awaited<ReturnType<typeof startProduct>> | undefined;
  try {
    // Seeded before the product starts: PGlite's folder has one opener at a time.
    const database = openDatabase(
      benchDb
        ? { kind: 'postgres', url: benchDb.url, poolMax: 4, statementTimeoutMs: 10_000 }
        : { kind: 'pglite', dataDir: join(dataDir, 'pglite') },
    );
    let prepared: Awaited<ReturnType<typeof prepare>>;
    try {
      prepared = await prepare(database);
    } finally {
      await database.close();
    }
    product = await startProduct({ dataDir, webPort, apiPort, databaseUrl: benchDb?.url, env: { STORE_ID: 'KE' } });
    const web = `http://127.0.0.1:${webPort}`;
    const placeId = await placeIdOf(`http://127.0.0.1:${apiPort}`, 'nairobi');

    console.log(
      `Malewa journey bench, ${new Date().toISOString()}, Node ${process.version}, ${benchDb ? 'PostgreSQL' : 'PGlite'}`,
    );
    console.log(`A signed-in shopper, Nairobi, 360 × 740 at 2×; ${USABLE}`);
    console.log(
      'Bytes: what crossed the throttled network, headers included (DevTools encodedDataLength), not the worker\'s own fetches (neither seen nor throttled: with the worker on, a floor); "requests": what the pages asked for, "network" of them over the network, "worker"/"cache": page requests the worker or the browser\'s HTTP cache answered.',
    );
    for (const profile of profiles) {
      for (const hints of hintModes) {
        // A browser per profile and hints: the estimator's forced type is a launch flag.
        const flags = [`--remote-debugging-port=${debuggingPort}`];
        if (hints === 'rated') flags.push(`--force-effective-connection-type=${profile.connectionType}`);
        browser = await launchChromium(flags);
        const version = (await (await fetch(`http://127.0.0.1:${debuggingPort}/json/version`)).json()) as {
          webSocketDebuggerUrl: string;
          Browser: string;
        };
        cdp = await Cdp.connect(version.webSocketDebuggerUrl);
        const recorder = new Recorder(cdp);
        await recorder.attach();
        recorder.profile = profile;
        const hinted =
          hints === 'rated'
            ? `Chromium's hints for a ${profile.connectionType} network`
            : "the hints of the host's unthrottled network";
        for (const lang of langs) {
          const setting = { web, prefix: lang.prefix, meals: prepared.meals };
          const title = `${profile.name} (${profile.rttMs} ms, ${profile.downKbps} / ${profile.upKbps} kbit/s, CPU ${profile.cpu}×), ${lang.name}, ${hinted} (${version.Browser})`;
          for (const mode of workerModes) {
            const context = await shopperContext(browser, {
              web,
              prefix: lang.prefix,
              shopper: prepared.shopper,
              placeId,
              worker: mode === 'blocked' ? 'block' : 'allow',
            });
            try {
              if (mode === 'blocked') {
                console.log(`\n${title}, worker blocked: a first visit (empty browser cache, no worker)`);
                printTotals(await pass(context, recorder, setting), profile);
                continue;
              }
              console.log(`\n${title}, worker allowed, first visit (empty browser cache; the worker installs)`);
              const first = await pass(context, recorder, setting);
              printTotals(first, profile, true);
              if (first.every((step) => step.light)) {
                console.log('  every page was light (no scripts): no worker installs, no returning pass');
                continue;
              }
              await workerSettled(context, web, recorder);
              console.log(
                `\n${title}, worker allowed, returning shopper: the same browser profile in a new tab, its HTTP cache and the worker's caches as the first visit left them (one more meal in the cart)`,
              );
              printTotals(await pass(context, recorder, setting), profile, true);
            } finally {
              await context.close();
            }
          }
        }
        cdp.close();
        cdp = undefined;
        await browser.close();
        browser = undefined;
      }
    }
  } finally {
    cdp?.close();
    await browser?.close();
    if (product && product.exitCode === null) {
      const stopped = product;
      const exited = new Promise((resolve) => stopped.once('exit', resolve));
      stopped.kill('SIGTERM');
      await exited;
    }
    await benchDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();

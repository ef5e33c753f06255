/**
 * What the storefront benches share (bench:web, bench:catalog): start the product as `npm start`
 * does, print a page's weight (page-weight.ts), score it with Lighthouse, load its pictures as a
 * phone would. Nothing here asserts.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { quantile } from './harness.ts';
import { fetchRaw, type PageWeight, TARGETS, weigh } from './page-weight.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The id of a seeded place (`nairobi`), as the storefront names it to the API; undefined if absent. */
export async function placeIdOf(apiOrigin: string, slug: string): Promise<string | undefined> {
  const response = await fetch(`${apiOrigin}/api/locations?perPage=100`);
  if (!response.ok) throw new Error(`GET /api/locations answered ${response.status}`);
  const { data } = (await response.json()) as { data: { id: string; slug: string }[] };
  return data.find((place) => place.slug === slug)?.id;
}

/** Debian's Chromium with the benches' flags (and any of the caller's, a DevTools port say). */
export function launchChromium(args: readonly string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: chromePath, args: [...args, ...CHROMIUM_FLAGS] });
}

export function buildWeb(): void {
  if (process.env.BENCH_SKIP_BUILD === '1') return;
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) throw new Error('The web build failed.');
}

interface Scores {
  performance: number;
  accessibility: number;
  /** Largest Contentful Paint as Lighthouse computed it, before it rounds it for display. */
  lcpMs: number;
  metrics: Record<string, string>;
}

/** How many times Lighthouse loads each page (BENCH_LIGHTHOUSE_RUNS, a whole number ≥ 1). */
const LIGHTHOUSE_RUNS = lighthouseRuns(process.env.BENCH_LIGHTHOUSE_RUNS);

function lighthouseRuns(value: string | undefined): number {
  if (value === undefined || value === '') return 5;
  const runs = Number(value);
  if (!Number.isInteger(runs) || runs < 1)
    throw new Error(`BENCH_LIGHTHOUSE_RUNS must be a whole number ≥ 1, not "${value}"`);
  return runs;
}

/**
 * Lighthouse's scores of a page over LIGHTHOUSE_RUNS loads, with every load's beside them. One
 * load is one draw: the simulated LCP counts every request the observed load began before its
 * picture painted, which varies from load to load (0.9–1.25 s for the same list page, 3 Dec), so
 * Lighthouse's own advice is the median of five. Judged: the median score and the median LCP,
 * each on its own (with an even count, the worse of the two middle loads); accessibility does
 * not vary with timing, so the worst load's. The metrics line is the load whose LCP is the
 * median's.
 */
export async function score(url: string, debuggingPort: number): Promise<Scores & { runs: Scores[] }> {
  const runs: Scores[] = [];
  for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) runs.push(await scoreWithRetry(url, debuggingPort));
  // Each sorted best first, so the median quantile of an even count is the worse middle load.
  const lcpMs = quantile(
    runs.map((run) => run.lcpMs).toSorted((a, b) => a - b),
    0.5,
  );
  return {
    performance: quantile(
      runs.map((run) => run.performance).toSorted((a, b) => b - a),
      0.5,
    ),
    accessibility: Math.min(...runs.map((run) => run.accessibility)),
    lcpMs,
    metrics: runs.find((run) => run.lcpMs === lcpMs)?.metrics ?? {},
    runs,
  };
}

/**
 * One load's scores. A run that could not measure the page (its `runtimeError`, or a
 * performance score of null: seen once in a run of this bench, every metric "n/a") is run once
 * more; a second failure throws with Lighthouse's reason, rather than printing a score of 0.
 */
async function scoreWithRetry(url: string, debuggingPort: number): Promise<Scores> {
  try {
    return await scoreOnce(url, debuggingPort);
  } catch (error) {
    console.warn(
      `  Lighthouse could not measure ${url} (${error instanceof Error ? error.message : error}); once more`,
    );
    return scoreOnce(url, debuggingPort);
  }
}

async function scoreOnce(url: string, debuggingPort: number): Promise<Scores> {
  // Playwright only starts the browser; Lighthouse drives it over the DevTools port.
  const browser = await launchChromium([`--remote-debugging-port=${debuggingPort}`]);
  try {
    const result = await lighthouse(url, {
      port: debuggingPort,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError || categories.performance?.score == null) {
      throw new Error(runtimeError ? `${runtimeError.code}: ${runtimeError.message}` : 'no performance score');
    }
    const lcpMs = audits['largest-contentful-paint']?.numericValue;
    if (lcpMs === undefined || !Number.isFinite(lcpMs)) throw new Error('no LCP');
    const metric = (id: string) => audits[id]?.displayValue ?? 'n/a';
    return {
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
      lcpMs,
      metrics: {
        FCP: metric('first-contentful-paint'),
        LCP: metric('largest-contentful-paint'),
        TBT: metric('total-blocking-time'),
        CLS: metric('cumulative-layout-shift'),
        SI: metric('speed-index'),
      },
    };
  } finally {
    await browser.close();
  }
}

/**
 * The product as `npm start` runs it, its data in `dataDir`: on PGlite there unless
 * `databaseUrl` names a PostgreSQL database. Resolves once the storefront answers.
 */
export async function startProduct(options: {
  dataDir: string;
  webPort: number;
  apiPort: number;
  databaseUrl?: string | undefined;
  env?: Record<string, string>;
}): Promise<ChildProcess> {
  const { dataDir, webPort, apiPort, databaseUrl } = options;
  const origin = `http://127.0.0.1:${webPort}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...options.env,
    DATA_DIR: dataDir,
    WEB_PORT: String(webPort),
    API_PORT: String(apiPort),
    LOG_LEVEL: 'warn',
    // A bench beside a developer's `npm start` must not fight it for the metrics ports.
    METRICS_PORT: options.env?.METRICS_PORT ?? 'off',
    WEB_METRICS_PORT: options.env?.WEB_METRICS_PORT ?? 'off',
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['scripts/start.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('The product stopped before it was ready.');
    try {
      if ((await fetchRaw(`${origin}/healthz`)).status === 200) return child;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill('SIGTERM');
  throw new Error('The product did not become ready within 120 s.');
}

/**
 * The storefront's and the API's process ids under a product `startProduct` started (the
 * children of its `scripts/start.ts`), for their CPU time; empty where Linux's /proc is not.
 */
export function productProcesses(product: ChildProcess): Record<string, number> {
  const found: Record<string, number> = {};
  try {
    const children = readFileSync(`/proc/${product.pid}/task/${product.pid}/children`, 'utf8').trim().split(/\s+/);
    for (const pid of children.map(Number).filter((pid) => pid > 0)) {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (command.includes('apps/web/server/')) found.storefront = pid;
      else if (command.includes('apps/api/src/')) found.api = pid;
    }
  } catch {
    // Not Linux, or the product has stopped: no CPU figures.
  }
  return found;
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const mark = (ok: boolean) => (ok ? 'ok' : 'OVER');

/**
 * The pictures a phone (360 × 740 CSS px at 2×, as Lighthouse's) loads for the first screen of
 * a page: the eager ones and the lazy ones already in view. Bytes as sent (pictures are not
 * compressed further).
 */
export async function firstScreenImages(url: string): Promise<{ count: number; bytes: number }> {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2 });
    const page = await context.newPage();
    let count = 0;
    let bytes = 0;
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'image') return;
      const body = await response.body().catch(() => Buffer.alloc(0));
      count += 1;
      bytes += body.length;
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    return { count, bytes };
  } finally {
    await browser.close();
  }
}

/** Prints a page's weights (and Lighthouse's scores when asked) beside the targets. */
export async function reportPage(
  origin: string,
  path: string,
  lighthousePort: number | undefined,
  { catalog = false }: { catalog?: boolean } = {},
): Promise<void> {
  printWeight(await weigh(origin, path));
  const images = await firstScreenImages(`${origin}${path}`);
  console.log(
    `  pictures of the first phone screen ${kb(images.bytes)} in ${images.count}   target ≤ ${kb(TARGETS.firstScreenImageBytes)}: ${mark(images.bytes <= TARGETS.firstScreenImageBytes)}`,
  );
  if (lighthousePort === undefined) return;
  const scores = await score(`${origin}${path}`, lighthousePort);
  console.log(
    `  Lighthouse (mobile, median of ${scores.runs.length}) performance ${scores.performance} (target ≥ ${TARGETS.performance}: ${mark(scores.performance >= TARGETS.performance)}), accessibility ${scores.accessibility} (target ${TARGETS.accessibility}: ${mark(scores.accessibility >= TARGETS.accessibility)})`,
  );
  console.log(
    `    ${Object.entries(scores.metrics)
      .map(([name, value]) => `${name} ${value}`)
      .join(', ')}`,
  );
  console.log(
    `    each run: performance ${scores.runs.map((run) => run.performance).join(' ')}; LCP ${scores.runs.map((run) => Math.round(run.lcpMs)).join(' ')} ms`,
  );
  if (!catalog) return;
  // Judged on the figure Lighthouse scores with, not the one it rounds to tenths of a second.
  console.log(
    `    list and item pages (issue 35): score ${scores.performance} (target ${TARGETS.catalogPerformance}: ${mark(scores.performance >= TARGETS.catalogPerformance)}), LCP ${Math.round(scores.lcpMs)} ms (target ≤ ${TARGETS.catalogLcpMs}: ${mark(scores.lcpMs <= TARGETS.catalogLcpMs)})`,
  );
}

/** A page's bytes beside the targets: the first round trip (HTML and CSS), our JS, its texts. */
export function printWeight(weight: PageWeight): void {
  const firstRoundTrip = weight.htmlBytes + weight.cssBytes;
  console.log(`\n${weight.path}`);
  console.log(`  first HTML response          ${kb(weight.htmlBytes)}`);
  console.log(`  render-blocking CSS          ${kb(weight.cssBytes)}`);
  console.log(
    `  later CSS (in the body)      ${kb(weight.laterCssBytes)}   holds back only the footer and what follows`,
  );
  console.log(
    `  HTML + CSS (first round trip) ${kb(firstRoundTrip)}   target ≤ ${kb(TARGETS.firstRoundTripBytes)}: ${mark(firstRoundTrip <= TARGETS.firstRoundTripBytes)}`,
  );
  console.log(`  framework JS                 ${kb(weight.frameworkJsBytes)}`);
  console.log(
    `  app JS (ours)                ${kb(weight.appJsBytes)}   target ≤ ${kb(TARGETS.appJsBytes)}: ${mark(weight.appJsBytes <= TARGETS.appJsBytes)}`,
  );
  console.log(
    `  texts (message bundles)      ${kb(weight.textBytes)}   fetched beside the scripts, kept by the browser`,
  );
  for (const file of weight.files)
    console.log(`    ${kb(file.bytes).padStart(9)} ${file.encoding.padEnd(8)} ${file.path}`);
}

/** A browser's cookies, as the storefront sets them. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair?.indexOf('=') ?? -1;
      if (pair && at > 0) this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** The CSRF token a page's forms carry. */
export const csrfOf = (html: string) => /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';

/**
 * A browser without JavaScript on the storefront at `web`: it keeps the cookies it is given,
 * sends forms as the pages' own do, and signs in through the sign-in form.
 */
export function storefrontVisitor(web: string) {
  const jar = new CookieJar();
  const send = async (path: string, form?: Record<string, string>): Promise<Response> => {
    const response = await fetch(`${web}${path}`, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded', origin: web } : {}),
      },
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
    });
    jar.take(response);
    return response;
  };
  const signIn = async (identifier: string, password: string): Promise<void> => {
    const login = await (await send('/auth/login')).text();
    const signedIn = await send('/auth/login', { identifier, password, csrf: csrfOf(login) });
    if (signedIn.status !== 302 && signedIn.status !== 303) throw new Error(`signing in answered ${signedIn.status}`);
  };
  return { jar, send, signIn };
}

/**
 * `npm run bench:web`: how heavy the storefront's pages are, and how Lighthouse scores them.
 *
 * It builds the web app, starts the whole product as `npm start` does (on a throwaway PGlite
 * folder, so it needs no services), and for each page reports the brotli bytes that go over
 * the wire, as the production server sends them:
 *   - the first HTML response, and the render-blocking CSS it links (together: the first
 *     round trip's budget of 14 KB, TCP's initial window);
 *   - the JavaScript the page loads, split into the framework (React, React DOM, React Router:
 *     the `entry.client` chunk, see vite.config.ts) and our own code;
 * then runs Lighthouse (mobile, simulated slow 4G, the default) on Debian's Chromium.
 * Nothing here asserts: it prints figures; docs/performance.md records them with the targets.
 *
 * Environment: CHROME_PATH (default /usr/bin/chromium), BENCH_WEB_PORT / BENCH_API_PORT
 * (3395 / 4395), BENCH_SKIP_BUILD=1 to measure the current build, BENCH_LIGHTHOUSE=0 to skip
 * Lighthouse, BENCH_PAGES (comma-separated paths, default "/,/food").
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';

const root = fileURLToPath(new URL('../..', import.meta.url));
const webPort = Number(process.env.BENCH_WEB_PORT || 3395);
const apiPort = Number(process.env.BENCH_API_PORT || 4395);
const origin = `http://127.0.0.1:${webPort}`;
const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
const pages = (process.env.BENCH_PAGES || '/,/food').split(',').map((path) => path.trim());
const runLighthouse = process.env.BENCH_LIGHTHOUSE !== '0';

/** The targets of issue 3 (item 10), printed beside the figures. */
const TARGETS = { firstRoundTripBytes: 14 * 1024, appJsBytes: 25 * 1024, performance: 95, accessibility: 100 };

interface Transfer {
  status: number;
  bytes: number;
  encoding: string;
  body: string;
}

/** GETs a URL as a browser would and counts the bytes on the wire (not decompressed). */
function fetchRaw(url: string): Promise<Transfer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': 'br, gzip', accept: 'text/html,*/*' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = String(res.headers['content-encoding'] ?? 'identity');
        resolve({ status: res.statusCode ?? 0, bytes: raw.length, encoding, body: decode(raw, encoding) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function decode(raw: Buffer, encoding: string): string {
  if (encoding === 'br') return brotliDecompressSync(raw).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(raw).toString('utf8');
  return raw.toString('utf8');
}

/** The stylesheets and scripts the HTML asks for before or at hydration. */
function assetsOf(html: string): { css: string[]; js: string[] } {
  const attribute = (tag: string, name: string) => new RegExp(`${name}="([^"]+)"`).exec(tag)?.[1];
  const css = new Set<string>();
  const js = new Set<string>();
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    const rel = attribute(tag, 'rel');
    const href = attribute(tag, 'href');
    if (!href) continue;
    if (rel === 'stylesheet') css.add(href);
    if (rel === 'modulepreload') js.add(href);
  }
  // React Router's inline module script imports the manifest and the entry; count them too.
  for (const [, specifier] of html.matchAll(/import\s*\(?\s*(?:[^'"]*from\s*)?["']([^"']+\.js)["']/g)) {
    if (specifier) js.add(specifier);
  }
  return { css: [...css], js: [...js] };
}

const isFramework = (path: string) => /\/entry\.client-[^/]+\.js$/.test(path);

interface PageWeight {
  path: string;
  htmlBytes: number;
  cssBytes: number;
  frameworkJsBytes: number;
  appJsBytes: number;
  files: { path: string; bytes: number; encoding: string }[];
}

async function weigh(path: string): Promise<PageWeight> {
  const html = await fetchRaw(`${origin}${path}`);
  if (html.status !== 200) throw new Error(`${path} answered ${html.status}`);
  const assets = assetsOf(html.body);
  const files: PageWeight['files'] = [];
  let cssBytes = 0;
  let frameworkJsBytes = 0;
  let appJsBytes = 0;
  for (const href of assets.css) {
    const file = await fetchRaw(new URL(href, origin).href);
    cssBytes += file.bytes;
    files.push({ path: href, bytes: file.bytes, encoding: file.encoding });
  }
  for (const href of assets.js) {
    const file = await fetchRaw(new URL(href, origin).href);
    if (isFramework(href)) frameworkJsBytes += file.bytes;
    else appJsBytes += file.bytes;
    files.push({ path: href, bytes: file.bytes, encoding: file.encoding });
  }
  return { path, htmlBytes: html.bytes, cssBytes, frameworkJsBytes, appJsBytes, files };
}

interface Scores {
  performance: number;
  accessibility: number;
  metrics: Record<string, string>;
}

async function score(url: string): Promise<Scores> {
  // Playwright only starts the browser; Lighthouse drives it over the DevTools port.
  const debuggingPort = webPort + 6000;
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: [
      `--remote-debugging-port=${debuggingPort}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const result = await lighthouse(url, {
      port: debuggingPort,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { categories, audits } = result.lhr;
    const metric = (id: string) => audits[id]?.displayValue ?? 'n/a';
    return {
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
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

async function startProduct(dataDir: string): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    WEB_PORT: String(webPort),
    API_PORT: String(apiPort),
    LOG_LEVEL: 'warn',
  };
  // PGlite in the throwaway folder: the bench needs no services and leaves nothing behind.
  delete env.DATABASE_URL;
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

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mark = (ok: boolean) => (ok ? 'ok' : 'OVER');

if (process.env.BENCH_SKIP_BUILD !== '1') {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) throw new Error('The web build failed.');
}

const dataDir = mkdtempSync(join(tmpdir(), 'malewa-bench-web-'));
const product = await startProduct(dataDir);
try {
  console.log(`Malewa web bench, ${new Date().toISOString()}, Node ${process.version}, brotli as served`);
  for (const path of pages) {
    const weight = await weigh(path);
    const firstRoundTrip = weight.htmlBytes + weight.cssBytes;
    console.log(`\n${path}`);
    console.log(`  first HTML response          ${kb(weight.htmlBytes)}`);
    console.log(`  render-blocking CSS          ${kb(weight.cssBytes)}`);
    console.log(
      `  HTML + CSS (first round trip) ${kb(firstRoundTrip)}   target ≤ ${kb(TARGETS.firstRoundTripBytes)}: ${mark(firstRoundTrip <= TARGETS.firstRoundTripBytes)}`,
    );
    console.log(`  framework JS                 ${kb(weight.frameworkJsBytes)}`);
    console.log(
      `  app JS (ours)                ${kb(weight.appJsBytes)}   target ≤ ${kb(TARGETS.appJsBytes)}: ${mark(weight.appJsBytes <= TARGETS.appJsBytes)}`,
    );
    for (const file of weight.files)
      console.log(`    ${kb(file.bytes).padStart(9)} ${file.encoding.padEnd(8)} ${file.path}`);
    if (runLighthouse) {
      const scores = await score(`${origin}${path}`);
      console.log(
        `  Lighthouse (mobile) performance ${scores.performance} (target ≥ ${TARGETS.performance}: ${mark(scores.performance >= TARGETS.performance)}), accessibility ${scores.accessibility} (target ${TARGETS.accessibility}: ${mark(scores.accessibility >= TARGETS.accessibility)})`,
      );
      console.log(
        `    ${Object.entries(scores.metrics)
          .map(([name, value]) => `${name} ${value}`)
          .join(', ')}`,
      );
    }
  }
} finally {
  product.kill('SIGTERM');
  await new Promise((resolve) => product.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}

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
 * Lighthouse (BENCH_LIGHTHOUSE_RUNS loads of each page, 5, the median printed), BENCH_PAGES (comma-separated paths, default "/,/food").
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildWeb, reportPage, startProduct } from './web-pages.ts';

const webPort = Number(process.env.BENCH_WEB_PORT || 3395);
const apiPort = Number(process.env.BENCH_API_PORT || 4395);
const origin = `http://127.0.0.1:${webPort}`;
const pages = (process.env.BENCH_PAGES || '/,/food').split(',').map((path) => path.trim());
const runLighthouse = process.env.BENCH_LIGHTHOUSE !== '0';

buildWeb();
const dataDir = mkdtempSync(join(tmpdir(), 'malewa-bench-web-'));
// PGlite in the throwaway folder: the bench needs no services and leaves nothing behind.
const product = await startProduct({ dataDir, webPort, apiPort });
try {
  console.log(`Malewa web bench, ${new Date().toISOString()}, Node ${process.version}, brotli as served`);
  for (const path of pages) await reportPage(origin, path, runLighthouse ? webPort + 6000 : undefined);
} finally {
  product.kill('SIGTERM');
  await new Promise((resolve) => product.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}

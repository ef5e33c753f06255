import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Starts the API, waits until it is ready (migrated, seeded when empty), then starts the web
 * server, and stops both together. `npm start` and `npm run dev` differ only in the commands.
 */
const root = fileURLToPath(new URL('..', import.meta.url));

interface Mode {
  name: 'start' | 'dev';
  api: string[];
  web: string[];
}

// In development Vite loads the app with the `development` export condition; Node must load
// the packages the app shares with its adapter (react-router) under the same condition, or
// two copies of the router exist and its context check fails.
export const MODES: Record<'start' | 'dev', Mode> = {
  start: { name: 'start', api: ['apps/api/src/server.ts'], web: ['apps/web/server/main.ts'] },
  dev: {
    name: 'dev',
    api: ['--watch', 'apps/api/src/server.ts'],
    web: ['--conditions=development', 'apps/web/server/dev.ts'],
  },
};

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'build' || entry === '.react-router') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** Builds the web app when its build is missing or older than its sources. */
export function buildWebIfStale(): void {
  const web = join(root, 'apps/web');
  const sources = [
    join(web, 'app'),
    join(web, 'server'),
    join(web, 'sw'),
    join(web, 'public'),
    join(web, 'vite.config.ts'),
    join(web, 'vite.service-worker.ts'),
    join(root, 'packages/contracts/src'),
    // The built server bundles the series it keeps alike with the API (web-metrics.ts).
    join(root, 'packages/telemetry/src'),
  ];
  let built = 0;
  try {
    built = statSync(join(web, 'build/server/index.js')).mtimeMs;
  } catch {
    built = 0;
  }
  const newest = Math.max(...sources.map(newestMtime));
  if (built > newest) return;
  console.log('Building the web app…');
  const result = spawnSync('npm', ['run', 'build', '--workspace', '@malewa/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('The web build failed.');
}

async function waitForReady(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The API exited with code ${child.exitCode} before it was ready.`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The API was not ready at ${url} within ${timeoutMs / 1000} s.`);
}

export async function runServices(mode: Mode): Promise<void> {
  const apiPort = process.env.API_PORT || '4000';
  const webPort = process.env.WEB_PORT || '3000';
  const apiOrigin = `http://127.0.0.1:${apiPort}`;
  const env = {
    ...process.env,
    BASE_API_URL: process.env.BASE_API_URL || `${apiOrigin}/api`,
    AUTH_API_URL: process.env.AUTH_API_URL || `${apiOrigin}/auth`,
    // The API's links in account messages must reach this storefront, on whatever port it runs.
    PUBLIC_ORIGIN: process.env.PUBLIC_ORIGIN || `http://localhost:${webPort}`,
    // The API believes the shopper's address the storefront names only with this secret: both
    // processes get the same one, new on every start unless configured.
    STOREFRONT_SECRET: process.env.STOREFRONT_SECRET || randomBytes(32).toString('base64url'),
    // A person reads this terminal: one readable line per event, unless asked for JSON.
    LOG_FORMAT: process.env.LOG_FORMAT || 'pretty',
  };

  const children: ChildProcess[] = [];
  let stopping = false;
  const stopAll = (code: number) => {
    if (stopping) return;
    stopping = true;
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    process.exitCode = code;
  };
  process.once('SIGINT', () => stopAll(0));
  process.once('SIGTERM', () => stopAll(0));

  const launch = (label: string, args: string[]) => {
    const child = spawn(process.execPath, args, { cwd: root, env, stdio: 'inherit' });
    child.on('exit', (code, signal) => {
      if (!stopping) {
        console.error(`${label} stopped (${signal ?? `exit code ${code}`}); stopping Malewa.`);
        stopAll(code || 1);
      }
    });
    children.push(child);
    return child;
  };

  const api = launch('The API', mode.api);
  await waitForReady(`${apiOrigin}/readyz`, api, 120_000);
  if (stopping) return;
  launch('The web server', mode.web);
  console.log(`\nMalewa is running${mode.name === 'dev' ? ' in development mode' : ''}:`);
  console.log(`  Storefront  http://localhost:${webPort}`);
  console.log(`  API         http://localhost:${apiPort}/api   (docs: http://localhost:${apiPort}/api/docs)`);
  console.log(`  Auth API    http://localhost:${apiPort}/auth\n`);
}

import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/** A TCP port nothing listens on right now, for a server a test starts. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Polls `probe` until it returns true; the deadline keeps a broken server from hanging the test. */
export async function until(what: string, probe: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await probe().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting until ${what}`);
}

const serverEntry = fileURLToPath(new URL('../server.ts', import.meta.url));

/** The status of a GET on a connection of its own, so that no pooled socket outlives the server. */
function statusOf(port: number, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
  });
}

/** Where an API process keeps its data: a PostgreSQL URL, or a folder for PGlite. */
export type ApiDatabase = string | { dataDir: string };

/** The environment that points a process at `database`. */
export function databaseEnv(database: ApiDatabase): Record<string, string> {
  return typeof database === 'string' ? { DATABASE_URL: database } : { DATA_DIR: database.dataDir };
}

/**
 * The API as its own process (`server.ts`) on `database`, ready to answer. Only what the
 * server needs goes into its environment: the test runner's own must not leak into it.
 */
export async function startApiProcess(
  database: ApiDatabase,
  extraEnv: Record<string, string> = {},
  { readyWithinMs = 20_000 }: { readyWithinMs?: number } = {},
): Promise<{ server: ChildProcess; port: number; output: () => string }> {
  const port = await freePort();
  let output = '';
  const server = spawn(process.execPath, [serverEntry], {
    env: {
      API_HOST: '127.0.0.1',
      API_PORT: String(port),
      ...databaseEnv(database),
      LOG_LEVEL: 'warn',
      // Tests start many API processes at once: none takes the metrics port unless asked to.
      METRICS_PORT: 'off',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  server.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  try {
    await until(
      'the server is ready',
      async () => {
        if (server.exitCode !== null) throw new Error(`server exited early:\n${output}`);
        return (await statusOf(port, '/readyz')) === 200;
      },
      readyWithinMs,
    );
  } catch (error) {
    server.kill('SIGKILL');
    throw error;
  }
  return { server, port, output: () => output };
}

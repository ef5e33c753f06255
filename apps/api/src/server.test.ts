import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import type { ListLocationsResponse } from '@malewa/contracts/locations/list-locations';
import { CITIES } from '@malewa/db/seed/reference-data';
import { createTestDatabase, type TestDatabase } from '@malewa/db/testing/test-database';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startApiProcess, until } from './testing/process.ts';

// The real process, signals and sockets: only against PostgreSQL, where a second connection
// can hold a lock that keeps a request in flight while the server is told to stop.
const adminUrl = inject('testDatabaseUrl');

interface HttpResult {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request on a connection of its own, so that no pooled socket outlives the server. */
function get(port: number, path: string, keepAlive = false): Promise<HttpResult> {
  return new Promise((resolve, reject) => {
    const agent = keepAlive ? new http.Agent({ keepAlive: true }) : false;
    const request = http.get({ host: '127.0.0.1', port, path, agent }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

describe.runIf(adminUrl)('server.ts graceful shutdown (needs PostgreSQL: TEST_DATABASE_URL)', () => {
  let database: TestDatabase;
  let locker: pg.Client | undefined;
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    database = await createTestDatabase(adminUrl);
  });

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await once(child, 'exit');
    }
    await locker?.end().catch(() => {});
    await database?.destroy();
  });

  it('finishes the in-flight request, refuses new ones, and exits with 0 on SIGTERM', async () => {
    const url = database.url;
    if (!url) throw new Error('the test database has no URL');
    const { server, port, output } = await startApiProcess(url);
    child = server;
    const exited = once(server, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;

    const lock = new pg.Client({ connectionString: url });
    locker = lock;
    await lock.connect();
    await lock.query('BEGIN');
    await lock.query('LOCK TABLE locations IN ACCESS EXCLUSIVE MODE');

    // A keep-alive client, as a load balancer is: the server must not wait for it to hang up.
    const inFlight = get(port, '/api/locations', true);
    await until('the list query waits for the lock', async () => {
      const { rows } = await lock.query<{ waiting: number }>(
        `select count(*)::int as waiting from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
      );
      return (rows[0]?.waiting ?? 0) > 0;
    });

    server.kill('SIGTERM');

    await until('readiness fails or the port is closed', async () => {
      try {
        return (await get(port, '/readyz')).status !== 200;
      } catch (error) {
        return (error as NodeJS.ErrnoException).code === 'ECONNREFUSED';
      }
    });

    // The request is still held by the lock; the process must not have given up on it.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(server.exitCode, output()).toBeNull();
    await lock.query('COMMIT');

    const response = await inFlight;
    expect(response.status, output()).toBe(200);
    expect(response.headers.connection).toBe('close');
    const body = JSON.parse(response.body) as ListLocationsResponse;
    expect(body.meta).toMatchObject({ page: 1, perPage: 15, total: CITIES.length });
    expect(body.data).toHaveLength(15);

    const [code, signal] = await exited;
    expect({ code, signal }, output()).toEqual({ code: 0, signal: null });
  }, 60_000);
});

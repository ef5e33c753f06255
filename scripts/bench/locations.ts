/**
 * `npm run bench`: how much the API costs on top of its own SQL for `GET /api/locations`.
 *
 * It runs the real API (Fastify, Zod validation and serialization, Drizzle) and, beside it, a
 * bare Fastify server with a pg pool of the same size that runs exactly the SQL the API ran,
 * with the same parameters, and returns the rows as JSON. The ratio of the two is the price
 * of everything that is not the database. Nothing here asserts a speed.
 *
 * Environment: BENCH_DATABASE_URL, else DATABASE_URL, else TEST_DATABASE_URL (an admin URL
 * of a PostgreSQL server, on which a throwaway database is created and dropped);
 * BENCH_DURATION_S (10 per server).
 */
import type { AddressInfo } from 'node:net';
import { openDatabase } from '@malewa/db/database';
import { seedIfEmpty } from '@malewa/db/seed/seed-if-empty';
import autocannon from 'autocannon';
import type { Logger } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import { benchDatabase } from './bench-database.ts';

const PATH = '/api/locations?page=1&perPage=15';
const CONNECTIONS = 20;
/** The API's default DB_POOL_MAX, given to both servers. */
const POOL_SIZE = 10;
const DURATION_S = Number(process.env.BENCH_DURATION_S || 10);

interface Statement {
  sql: string;
  params: unknown[];
}

interface Measurement {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  failures: number;
}

/** Loopback only: the load must never leave this machine. */
async function listenOnLoopback(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

async function fetchJson(url: string): Promise<unknown> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** Set while a load runs, so that Ctrl-C ends it and the clean-up below still happens. */
let stopLoad: (() => void) | undefined;
let interrupted = false;

function load(name: string, url: string): Promise<Measurement> {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, connections: CONNECTIONS, duration: DURATION_S }, (error, result) => {
      stopLoad = undefined;
      if (error) return reject(error);
      resolve({
        name,
        requestsPerSecond: result.requests.average,
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        failures: result.non2xx + result.errors,
      });
    });
    stopLoad = () => instance.stop();
  });
}

function printTable(api: Measurement, bare: Measurement): void {
  const rows = [
    ['', 'req/s (avg)', 'p50 ms', 'p99 ms', 'failures'],
    ...[api, bare].map((m) => [
      m.name,
      m.requestsPerSecond.toFixed(0),
      m.p50Ms.toFixed(1),
      m.p99Ms.toFixed(1),
      String(m.failures),
    ]),
    [
      'API / bare',
      `${(api.requestsPerSecond / bare.requestsPerSecond).toFixed(2)}×`,
      '',
      `${(api.p99Ms / bare.p99Ms).toFixed(2)}×`,
      '',
    ],
  ];
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  for (const row of rows) {
    const cells = row.map((cell, column) => {
      const width = widths[column] ?? 0;
      return column === 0 ? cell.padEnd(width) : cell.padStart(width);
    });
    console.log(cells.join('   '));
  }
}

async function main(): Promise<void> {
  if (!(DURATION_S > 0)) throw new Error('BENCH_DURATION_S must be a positive number of seconds');
  const benchDb = benchDatabase();

  // Drizzle reports every statement it runs; only the warm-up request's are kept.
  let captured: Statement[] | undefined;
  const logger: Logger = {
    logQuery: (sql, params) => captured?.push({ sql, params }),
  };

  const servers: FastifyInstance[] = [];
  let database: ReturnType<typeof openDatabase> | undefined;
  let barePool: pg.Pool | undefined;
  process.once('SIGINT', () => {
    interrupted = true;
    stopLoad?.();
  });

  await benchDb.create();
  try {
    database = openDatabase({
      kind: 'postgres',
      url: benchDb.url,
      poolMax: POOL_SIZE,
      statementTimeoutMs: 10_000,
      logger,
    });
    await database.migrate();
    await seedIfEmpty(database.db);

    const api = await buildApp({
      config: { ...loadConfig({}), logLevel: 'silent', trustProxy: [] },
      database,
      logger: false,
    });
    servers.push(api);
    const apiUrl = await listenOnLoopback(api);

    captured = [];
    const apiBody = (await fetchJson(apiUrl + PATH)) as { data: unknown[] };
    const statements = captured;
    captured = undefined;
    if (statements.length === 0) throw new Error('the warm-up request ran no SQL: nothing to compare with');

    barePool = new pg.Pool({ connectionString: benchDb.url, max: POOL_SIZE });
    const pool = barePool;
    // pool.end() resolves before the backends hang up; the forced drop below may cut them first.
    pool.on('error', () => {});
    const bare = Fastify({ logger: false });
    servers.push(bare);
    bare.get('/api/locations', async () => {
      const results = [];
      // One after the other, as the API runs them.
      for (const statement of statements) results.push((await pool.query(statement.sql, statement.params)).rows);
      return results;
    });
    const bareUrl = await listenOnLoopback(bare);
    const bareBody = (await fetchJson(bareUrl + PATH)) as unknown[][];
    if (bareBody[0]?.length !== apiBody.data.length) {
      throw new Error(`the bare server returned ${bareBody[0]?.length} rows, the API ${apiBody.data.length}`);
    }

    console.log(`GET ${PATH}: ${DURATION_S} s per server, ${CONNECTIONS} connections, pools of ${POOL_SIZE}`);
    console.log('SQL the API runs, replayed as is by the bare server:');
    for (const statement of statements) console.log(`  ${statement.sql}  -- ${JSON.stringify(statement.params)}`);
    console.log('');

    const apiResult = await load('API (Fastify + Zod + Drizzle)', apiUrl + PATH);
    const bareResult = interrupted ? undefined : await load('bare (Fastify + pg, same SQL)', bareUrl + PATH);
    if (interrupted || !bareResult) {
      console.warn('Interrupted: no results.');
      process.exitCode = 130;
      return;
    }
    printTable(apiResult, bareResult);
    if (apiResult.failures + bareResult.failures > 0) {
      console.warn('\nSome requests failed: the numbers above do not measure what they claim to.');
      process.exitCode = 1;
    }
  } finally {
    await Promise.allSettled(servers.map((server) => server.close()));
    await Promise.allSettled([barePool?.end(), database?.close()]);
    await benchDb.drop();
  }
}

main().catch((error: unknown) => {
  console.error('bench failed:', error);
  process.exitCode = 1;
});

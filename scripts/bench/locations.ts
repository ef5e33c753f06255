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
import { openDatabase } from '@malewa/db/database';
import { seedIfEmpty } from '@malewa/db/seed/seed-if-empty';
import type { Logger } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import { benchDatabase } from './bench-database.ts';
import {
  CONNECTIONS,
  DURATION_S,
  fetchJson,
  interruption,
  listenOnLoopback,
  load,
  POOL_SIZE,
  printComparison,
  type Statement,
} from './harness.ts';

const PATH = '/api/locations?page=1&perPage=15';

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
    const bareResult = interruption.interrupted
      ? undefined
      : await load('bare (Fastify + pg, same SQL)', bareUrl + PATH);
    if (interruption.interrupted || !bareResult) {
      console.warn('Interrupted: no results.');
      process.exitCode = 130;
      return;
    }
    printComparison(apiResult, bareResult);
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

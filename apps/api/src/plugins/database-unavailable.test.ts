import { randomUUID } from 'node:crypto';
import { type Database, openDatabase } from '@malewa/db/database';
import { seedIfEmpty } from '@malewa/db/seed/seed-if-empty';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildTestApp } from '#api/testing/test-app.ts';

const adminUrl = inject('testDatabaseUrl');

/**
 * A database that cannot serve now (its pool full past the wait, a statement past its time-out,
 * the server gone) is a 503 with Retry-After: the request waited a bounded time and may be
 * tried again, never a hang and never a 500.
 */
describe.skipIf(!adminUrl)('requests when the database cannot serve them (PostgreSQL)', () => {
  const name = `malewa_test_${randomUUID().replaceAll('-', '')}`;
  const url = adminUrl ? Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString() : '';
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  const opened: { app: FastifyInstance; database: Database }[] = [];
  const start = async (options: { poolMax: number; poolWaitMs: number; statementTimeoutMs: number; url?: string }) => {
    const database = openDatabase({ kind: 'postgres', url: options.url ?? url, ...options });
    const app = await buildTestApp(database);
    opened.push({ app, database });
    return { app, database };
  };

  beforeAll(async () => {
    await admin(`create database "${name}"`);
    const seeding = openDatabase({ kind: 'postgres', url, poolMax: 1, statementTimeoutMs: 10_000 });
    await seeding.migrate();
    await seedIfEmpty(seeding.db);
    await seeding.close();
  });

  afterAll(async () => {
    for (const { app, database } of opened) {
      await app.close();
      await database.close();
    }
    await admin(`drop database if exists "${name}" with (force)`);
  });

  it('answers 503 with Retry-After after the pool wait when every connection is busy', async () => {
    const { app, database } = await start({ poolMax: 1, poolWaitMs: 300, statementTimeoutMs: 10_000 });
    const holding = database.transaction(() => database.db.execute(sql`select pg_sleep(1.5)`));
    const started = performance.now();
    const response = await app.inject({ method: 'GET', url: '/api/locations' });
    const waited = performance.now() - started;
    expect(response.statusCode, response.body).toBe(503);
    expect(response.headers['retry-after']).toBe('2');
    expect(response.json()).toEqual({ errors: { message: expect.stringMatching(/temporarily unavailable/) } });
    expect(waited).toBeLessThan(1_400);
    await holding;
    expect((await app.inject({ method: 'GET', url: '/api/locations' })).statusCode).toBe(200);
  });

  it('answers 503 when a statement runs past its time-out', async () => {
    const { app, database } = await start({ poolMax: 2, poolWaitMs: 1_000, statementTimeoutMs: 100 });
    // A slow statement, as a request's would be: the error reaches the handler as it would.
    app.get('/slow', async () => database.db.execute(sql`select pg_sleep(1)`));
    const response = await app.inject({ method: 'GET', url: '/slow' });
    expect(response.statusCode, response.body).toBe(503);
    expect(response.headers['retry-after']).toBe('2');
  });

  it('answers 503 when the database cannot be reached', async () => {
    const closed = Object.assign(new URL(url), { port: '1' }).toString();
    const { app } = await start({ url: closed, poolMax: 1, poolWaitMs: 500, statementTimeoutMs: 1_000 });
    const response = await app.inject({ method: 'GET', url: '/api/locations' });
    expect(response.statusCode, response.body).toBe(503);
    expect(response.headers['retry-after']).toBe('2');
  });
});

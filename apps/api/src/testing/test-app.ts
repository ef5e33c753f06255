import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Database, openDatabase } from '@malewa/db/database';
import { seedCatalogIfEmpty } from '@malewa/db/seed/seed-catalog';
import { seedIfEmpty } from '@malewa/db/seed/seed-if-empty';
import { createTestDatabase, type TestDatabase } from '@malewa/db/testing/test-database';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { type AppDeps, buildApp } from '../app.ts';
import { openAroundTheClock } from './orders.ts';

/** Small limits, so that tests can reach them without megabytes of payload. */
export const TEST_CONFIG: AppDeps['config'] = {
  logLevel: 'silent',
  bodyLimitBytes: 16 * 1024,
  requestTimeoutMs: 5_000,
  // As in production: no proxy trusted; the storefront vouches for the shopper's address with
  // the shared secret (`fromAddress` in testing/accounts.ts).
  trustProxy: [],
  storefrontSecret: 'the-storefront-secret-of-the-api-tests',
  auth: {
    accessTokenTtlMs: 15 * 60_000,
    refreshTokenTtlMs: 6 * 60 * 60_000,
    refreshReuseGraceMs: 10_000,
    // No floor: hundreds of registrations would each wait it out (equal-time.test.ts covers it).
    answerFloorMs: 0,
    sessionMaxAgeMs: 30 * 24 * 60 * 60_000,
    defaultMarket: 'ZA',
  },
  messages: { publicOrigin: 'http://shop.test' },
  // As configured by default: tests move the clock past an offer rather than wait.
  dispatch: { offerMs: 45_000, untakenMs: 10 * 60_000, pollMs: 5_000 },
  // No social provider: the social sign-in tests bring their own local OpenID provider.
  oidc: { providers: [] },
  // Each test process its own: applicants' documents never mix between runs.
  documentsDir: mkdtempSync(join(tmpdir(), 'malewa-documents-')),
  mediaDir: mkdtempSync(join(tmpdir(), 'malewa-media-')),
};

/** A database of the test file's own: PostgreSQL when TEST_DATABASE_URL is set, else PGlite. */
export function createFileDatabase(): Promise<TestDatabase> {
  return createTestDatabase(inject('testDatabaseUrl') || undefined);
}

/**
 * Most suites' start: the file's own database with the reference data and the seeded catalog
 * (its dates from `now`, when the suite pins the clock), and, with `openAllDay`, every shop but
 * the chefs open around the clock, so orders can be placed at any hour the suite runs.
 */
export async function createSeededDatabase(options: { now?: Date; openAllDay?: boolean } = {}): Promise<TestDatabase> {
  const database = await createFileDatabase();
  await seedIfEmpty(database.db);
  await seedCatalogIfEmpty(database.db, options.now ? { now: options.now } : {});
  if (options.openAllDay) await openAroundTheClock(database);
  return database;
}

/**
 * A second API process's pool on the test file's PostgreSQL database, opened before the
 * describe's tests and closed after them: for tests of two processes at once. Call it in a
 * `describe.runIf(inject('testDatabaseUrl'))`; read the pool inside the tests.
 */
export function secondProcessPool(database: () => TestDatabase): () => Database {
  let other: Database | undefined;
  beforeAll(() => {
    const { url } = database();
    if (!url) throw new Error('the test database has no URL');
    other = openDatabase({ kind: 'postgres', url, poolMax: 4, statementTimeoutMs: 10_000 });
  });
  afterAll(async () => {
    await other?.close();
  });
  return () => {
    if (!other) throw new Error('the second pool opens before the tests');
    return other;
  };
}

export function buildTestApp(
  database: Database,
  deps: Partial<Omit<AppDeps, 'database'>> = {},
): Promise<FastifyInstance> {
  return buildApp({ config: TEST_CONFIG, database, ...deps });
}

import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { isDatabaseUnavailable } from './sql-state.ts';
import { createTestDatabase, type TestDatabase } from './testing/test-database.ts';

const adminUrl = inject('testDatabaseUrl');

/**
 * PostgreSQL ending a session (a restart, a failover, an operator's pg_terminate_backend) while
 * a transaction holds its connection between two statements: found by `npm run faults`, where
 * it ended the whole API process (pg's client emitted 'error' with nobody listening).
 */
describe.skipIf(!adminUrl)('a connection lost in the middle of a transaction (PostgreSQL)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(adminUrl);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it('fails that transaction as "database unavailable" and leaves the process and the pool working', async () => {
    const outcome = await database
      .transaction(async () => {
        const { rows } = (await database.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
          rows: { pid: number }[];
        };
        const admin = new pg.Client({ connectionString: adminUrl });
        await admin.connect();
        await admin.query('select pg_terminate_backend($1)', [rows[0]?.pid]);
        await admin.end();
        // The server's goodbye reaches the idle, checked-out client before the next statement.
        await new Promise((resolve) => setTimeout(resolve, 300));
        await database.db.execute(sql`select 1`);
      })
      .then(
        () => 'committed',
        (error: unknown) => error,
      );
    expect(isDatabaseUnavailable(outcome)).toBe(true);
    // Still here, and the pool serves the next request on a new connection.
    await database.ping();
  });
});

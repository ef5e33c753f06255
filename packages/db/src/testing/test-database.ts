import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../database.ts';

export interface TestDatabase extends Database {
  /** The PostgreSQL URL of this database; undefined for PGlite. */
  readonly url: string | undefined;
  /** Closes the connection and drops the database the test file had to itself. */
  destroy(): Promise<void>;
}

/**
 * A migrated database that belongs to one test file. With a PostgreSQL admin URL it is a new
 * database on that server (dropped afterwards); without one it is an in-memory PGlite.
 * `migrated: false` leaves it empty, as a new deployment's database is.
 */
export async function createTestDatabase(
  adminUrl: string | undefined,
  { migrated = true }: { migrated?: boolean } = {},
): Promise<TestDatabase> {
  if (!adminUrl) {
    const database = openDatabase({ kind: 'pglite', dataDir: undefined });
    if (migrated) await database.migrate();
    return { ...database, url: undefined, destroy: () => database.close() };
  }

  const name = `malewa_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = openDatabase({ kind: 'postgres', url: url.toString(), poolMax: 4, statementTimeoutMs: 10_000 });
  if (migrated) await database.migrate();
  return {
    ...database,
    url: url.toString(),
    destroy: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

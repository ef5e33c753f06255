import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { marketplaces } from './schema/locations.ts';
import { createTestDatabase, type TestDatabase } from './testing/test-database.ts';
import { inTransaction, TransactionMisuseError } from './unit-of-work.ts';

// On PGlite (no TEST_DATABASE_URL) a query that went around the open transaction waited for
// ever for the connection that transaction holds; these tests would hang, not fail.
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase(inject('testDatabaseUrl') || undefined);
});

afterAll(async () => {
  await database?.destroy();
});

const market = (code: string) => ({
  countryCode: code,
  name: `Test ${code}`,
  currencies: ['USD'],
  defaultLocale: 'en',
  timezone: 'UTC',
});

async function marketExists(code: string): Promise<boolean> {
  const rows = await database.db
    .select({ code: marketplaces.countryCode })
    .from(marketplaces)
    .where(eq(marketplaces.countryCode, code));
  return rows.length > 0;
}

describe('the unit of work', () => {
  it('sends every query of the work through its transaction, whatever handle the code holds', async () => {
    const seenInside = await database.transaction(async () => {
      expect(inTransaction()).toBe(true);
      await database.db.insert(marketplaces).values(market('QA'));
      // A repository method that reads through its own handle sees the uncommitted row.
      return marketExists('QA');
    });
    expect(seenInside).toBe(true);
    expect(inTransaction()).toBe(false);
    expect(await marketExists('QA')).toBe(true);
  });

  it('rolls back everything the work wrote when it throws', async () => {
    await expect(
      database.transaction(async () => {
        await database.db.insert(marketplaces).values(market('QB'));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await marketExists('QB')).toBe(false);
  });

  it('runs a transaction within a transaction as a savepoint: an inner failure undoes only the inner work', async () => {
    await database.transaction(async () => {
      await database.db.insert(marketplaces).values(market('QC'));
      await expect(
        database.db.transaction(async () => {
          await database.db.insert(marketplaces).values(market('QD'));
          throw new Error('inner');
        }),
      ).rejects.toThrow('inner');
    });
    expect(await marketExists('QC')).toBe(true);
    expect(await marketExists('QD')).toBe(false);
  });

  it('refuses, at once, a statement prepared on the database and run inside a transaction', async () => {
    const prepared = database.db
      .select({ code: marketplaces.countryCode })
      .from(marketplaces)
      .where(eq(marketplaces.countryCode, sql.placeholder('code')))
      .prepare('unit_of_work_market');
    expect(await prepared.execute({ code: 'QA' })).toEqual([{ code: 'QA' }]);
    const refused = await database.transaction(() => prepared.execute({ code: 'QA' })).catch((error: unknown) => error);
    // Drizzle wraps what the driver threw in its "Failed query" error.
    expect((refused as Error).cause ?? refused).toBeInstanceOf(TransactionMisuseError);
  });

  it('refuses two savepoints at once on one transaction instead of interleaving them', async () => {
    await expect(
      database.transaction(() =>
        Promise.all([
          database.db.transaction(() => marketExists('QA')),
          database.db.transaction(() => marketExists('QA')),
        ]),
      ),
    ).rejects.toBeInstanceOf(TransactionMisuseError);
  });

  it('lets work left running after its transaction ended query the database itself', async () => {
    let later: Promise<boolean> | undefined;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    await database.transaction(async () => {
      await database.db.insert(marketplaces).values(market('QE'));
      later = gate.then(() => marketExists('QE'));
    });
    release();
    expect(await later).toBe(true);
  });

  it('serves other callers while a transaction is open, and them after it', async () => {
    let inside: () => void = () => {};
    const holding = new Promise<void>((resolve) => {
      inside = resolve;
    });
    let finish: () => void = () => {};
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const open = database.transaction(async () => {
      await database.db.insert(marketplaces).values(market('QF'));
      inside();
      await finished;
    });
    await holding;
    // Another request's read: PostgreSQL answers it beside the transaction; PGlite, with one
    // connection, once the transaction ends. Neither refuses it.
    const other = marketExists('QA');
    finish();
    await open;
    expect(await other).toBe(true);
  });
});

import { eq, isNotNull, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { deleteInBatches } from './delete-in-batches.ts';
import { outbox } from './schema/messages.ts';
import { createTestDatabase, type TestDatabase } from './testing/test-database.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase(inject('testDatabaseUrl') || undefined);
});

afterAll(async () => {
  await database?.destroy();
});

const message = (recipient: string) => ({
  channel: 'email' as const,
  recipient,
  template: 't',
  locale: 'en',
  subject: 's',
  body: 'b',
});

describe('deleteInBatches', () => {
  it('deletes every row picked, a batch per statement, and no other', async () => {
    await database.db
      .insert(outbox)
      .values([...Array.from({ length: 7 }, () => message('gone@example.com')), message('kept@example.com')]);
    const statements: string[] = [];
    const counting = new Proxy(database.db, {
      get(target, property, receiver) {
        if (property === 'delete') statements.push('delete');
        return Reflect.get(target, property, receiver);
      },
    });

    const deleted = await deleteInBatches(counting, outbox, outbox.id, eq(outbox.recipient, 'gone@example.com'), 3);

    expect(deleted).toBe(7);
    // 3 + 3 + 1: the short batch says nothing is left.
    expect(statements).toHaveLength(3);
    const left = await database.db
      .select({ recipient: outbox.recipient, n: sql<number>`count(*)::int` })
      .from(outbox)
      .groupBy(outbox.recipient);
    expect(left).toEqual([{ recipient: 'kept@example.com', n: 1 }]);
  });

  it('deletes nothing when nothing is picked', async () => {
    expect(await deleteInBatches(database.db, outbox, outbox.id, eq(outbox.recipient, 'nobody@example.com'), 3)).toBe(
      0,
    );
  });

  it.runIf(inject('testDatabaseUrl'))(
    'keeps a row another transaction changes to no longer match while the delete waits on it (PostgreSQL)',
    async () => {
      const [row] = await database.db
        .insert(outbox)
        .values({ ...message('requeued@example.com'), failedAt: new Date('2026-10-01T00:00:00Z') })
        .returning({ id: outbox.id });
      if (!row || !database.url) throw new Error('no row, or no URL');
      // An operator sends the dead message again: its transaction holds the row while pruning starts.
      const operator = new pg.Client({ connectionString: database.url });
      await operator.connect();
      try {
        await operator.query('begin');
        await operator.query('update outbox set failed_at = null where id = $1', [row.id]);
        const pruning = deleteInBatches(database.db, outbox, outbox.id, isNotNull(outbox.failedAt), 3);
        await new Promise((resolve) => setTimeout(resolve, 300));
        await operator.query('commit');
        expect(await pruning).toBe(0);
      } finally {
        await operator.end();
      }
      expect(await database.db.select({ id: outbox.id }).from(outbox).where(eq(outbox.id, row.id))).toHaveLength(1);
    },
  );
});

import { eq, sql } from 'drizzle-orm';
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

  it('deletes nothing, in one statement, when nothing is picked', async () => {
    expect(await deleteInBatches(database.db, outbox, outbox.id, eq(outbox.recipient, 'nobody@example.com'), 3)).toBe(
      0,
    );
  });
});

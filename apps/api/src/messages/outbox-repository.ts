import type { Db } from '@malewa/db/database';
import { outbox } from '@malewa/db/schema/messages';
import { and, isNotNull, lt, or } from 'drizzle-orm';

export type OutboxMessage = Omit<typeof outbox.$inferInsert, 'id'>;

/**
 * The outbox's writer (with the worker, `outbox-worker.ts`, the only code that writes it): a
 * message joins the transaction of what it tells about (a receipt commits with its orders, an
 * account's code with the account, or not at all); the worker sends it afterwards.
 */
export function createOutboxRepository(db: Db) {
  return {
    async enqueue(message: OutboxMessage): Promise<void> {
      await db.insert(outbox).values(message);
    },

    /** Deletes messages sent, or given up on, before `before`; how many. */
    async deleteFinished(before: Date): Promise<number> {
      const deleted = await db
        .delete(outbox)
        .where(
          or(
            and(isNotNull(outbox.sentAt), lt(outbox.sentAt, before)),
            and(isNotNull(outbox.failedAt), lt(outbox.failedAt, before)),
          ),
        )
        .returning({ id: outbox.id });
      return deleted.length;
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;

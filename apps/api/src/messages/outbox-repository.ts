import type { Db } from '@malewa/db/database';
import { outbox } from '@malewa/db/schema/messages';

export type OutboxMessage = Omit<typeof outbox.$inferInsert, 'id'>;

/**
 * The outbox's writer for flows: a message joins the transaction of what it tells about (a
 * receipt commits with its orders, or not at all); the worker sends it afterwards.
 */
export function createOutboxRepository(db: Db) {
  return {
    async enqueue(message: OutboxMessage): Promise<void> {
      await db.insert(outbox).values(message);
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;

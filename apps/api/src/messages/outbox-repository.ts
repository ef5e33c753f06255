import type { Db } from '@malewa/db/database';
import { outbox } from '@malewa/db/schema/messages';
import { and, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';

export type OutboxMessage = Omit<typeof outbox.$inferInsert, 'id'>;
export type QueuedMessage = typeof outbox.$inferSelect;

/**
 * The outbox's only writer: a message joins the transaction of what it tells about (a receipt
 * commits with its orders, an account's code with the account, or not at all); the worker
 * (`outbox-worker.ts`) claims and sends it afterwards.
 */
export function createOutboxRepository(db: Db) {
  return {
    async enqueue(message: OutboxMessage): Promise<void> {
      await db.insert(outbox).values(message);
    },

    /**
     * Claims up to `batch` messages due at `at`: one try more each, the next try pushed back
     * (30 s doubling, at most an hour) in the same statement. SKIP LOCKED: several API
     * processes never claim one message twice, and one that dies mid-send leaves it for later.
     */
    async claimDue(at: Date, batch: number): Promise<QueuedMessage[]> {
      const due = db
        .select({ id: outbox.id })
        .from(outbox)
        .where(and(isNull(outbox.sentAt), isNull(outbox.failedAt), lte(outbox.nextAttemptAt, at)))
        .orderBy(outbox.nextAttemptAt)
        .limit(batch)
        .for('update', { skipLocked: true });
      return db
        .update(outbox)
        .set({
          attempts: sql`${outbox.attempts} + 1`,
          nextAttemptAt: sql`${at.toISOString()}::timestamptz + (least(3600000, 30000 * power(2, ${outbox.attempts})) * interval '1 millisecond')`,
        })
        .where(inArray(outbox.id, due))
        .returning();
    },

    /** A message delivered: its body (it may hold a code or a link) is not kept. */
    async markSent(id: string, at: Date): Promise<void> {
      await db.update(outbox).set({ sentAt: at, body: null, lastError: null }).where(eq(outbox.id, id));
    },

    /** A try that failed; when given up on, the body goes too. */
    async markFailed(id: string, reason: string, givenUpAt: Date | null): Promise<void> {
      await db
        .update(outbox)
        .set({ lastError: reason.slice(0, 500), ...(givenUpAt ? { failedAt: givenUpAt, body: null } : {}) })
        .where(eq(outbox.id, id));
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

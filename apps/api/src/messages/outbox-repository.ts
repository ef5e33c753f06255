import type { Db } from '@malewa/db/database';
import { deleteInBatches } from '@malewa/db/delete-in-batches';
import { isCodeTemplate, outbox } from '@malewa/db/schema/messages';
import { and, count, desc, eq, inArray, isNotNull, isNull, lt, lte, min, or, sql } from 'drizzle-orm';
import { boundRow, createPreparedStatements, rowValues } from '#api/prepared-statements-sql.ts';

export type OutboxMessage = Omit<typeof outbox.$inferInsert, 'id'>;
export type QueuedMessage = typeof outbox.$inferSelect;
/** A message given up on, as operators list it (its body stays in the table, never listed). */
export type DeadMessageRow = Pick<
  QueuedMessage,
  'id' | 'channel' | 'recipient' | 'template' | 'attempts' | 'lastError' | 'createdAt'
> & { failedAt: Date };

/** Where the outbox stands: for operators' page and the metrics. */
export interface OutboxStats {
  /** Waiting to be sent: not sent, not given up on. */
  pending: number;
  /** Given up on after their tries: kept for an operator to retry until pruned. */
  dead: number;
  /** How long the oldest waiting message has waited since it was queued; null when none waits. */
  oldestPendingAgeMs: number | null;
}

/** Waiting: the predicate of `outbox_due_idx`, so the counts read that small index. */
const pending = and(isNull(outbox.sentAt), isNull(outbox.failedAt));

/**
 * The outbox's only writer: a message joins the transaction of what it tells about (a receipt
 * commits with its orders, an account's code with the account, or not at all); the worker
 * (`outbox-worker.ts`) claims and sends it afterwards.
 */
export function createOutboxRepository(db: Db) {
  // Every checkout and account code writes a message: built once per set of columns (decision 25).
  const prepared = createPreparedStatements();

  /** Up to `batch` due messages (codes only, or any), claimed as `claimDue` says. */
  async function claim(at: Date, batch: number, codesOnly: boolean): Promise<QueuedMessage[]> {
    const due = db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(pending, lte(outbox.nextAttemptAt, at), codesOnly ? isCodeTemplate : undefined))
      .orderBy(outbox.nextAttemptAt)
      .limit(batch)
      .for('update', { skipLocked: true });
    const claimed = await db
      .update(outbox)
      .set({
        attempts: sql`${outbox.attempts} + 1`,
        nextAttemptAt: sql`${at.toISOString()}::timestamptz + (least(3600000, 30000 * power(2, ${outbox.attempts})) * interval '1 millisecond')`,
      })
      .where(inArray(outbox.id, due))
      .returning();
    // An update returns its rows in no set order: a person's messages go out as they were queued.
    return claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  }

  return {
    async enqueue(message: OutboxMessage): Promise<void> {
      const values = rowValues(outbox, message);
      await prepared('enqueue', '', values, (bind) =>
        db
          .insert(outbox)
          .values(boundRow(outbox, values, bind))
          .returning({ id: outbox.id }),
      );
    },

    /**
     * Claims up to `batch` messages due at `at`: one try more each, the next try pushed back
     * (30 s doubling, at most an hour) in the same statement. SKIP LOCKED: several API
     * processes never claim one message twice, and one that dies mid-send leaves it for later.
     */
    async claimDue(at: Date, batch: number): Promise<QueuedMessage[]> {
      // Codes first (`CODE_TEMPLATES`, from their own small index), then the rest that fell due
      // first; each group in the order queued. A code claimed by the first statement is no
      // longer due for the second.
      const codes = await claim(at, batch, true);
      if (codes.length === batch) return codes;
      try {
        return [...codes, ...(await claim(at, batch - codes.length, false))];
      } catch (error) {
        // The codes are claimed already (a try counted, their next pushed back): send them; the
        // next round meets the failure again if it lasts.
        if (codes.length > 0) return codes;
        throw error;
      }
    },

    /** A message delivered: its body (it may hold a code or a link) is not kept. */
    async markSent(id: string, at: Date): Promise<void> {
      await db.update(outbox).set({ sentAt: at, body: null, lastError: null }).where(eq(outbox.id, id));
    },

    /**
     * A try that failed. Given up on (`givenUpAt`), the message is dead: no longer claimed, its
     * body kept so that an operator can send it again (`requeueDead`) until it is pruned.
     */
    async markFailed(id: string, reason: string, givenUpAt: Date | null): Promise<void> {
      await db
        .update(outbox)
        .set({ lastError: reason.slice(0, 500), ...(givenUpAt ? { failedAt: givenUpAt } : {}) })
        .where(eq(outbox.id, id));
    },

    /** Dead messages, the latest given up on first, a page at a time, and how many there are. */
    async listDead(page: number, perPage: number): Promise<{ rows: DeadMessageRow[]; total: number }> {
      const dead = isNotNull(outbox.failedAt);
      const rows = await db
        .select({
          id: outbox.id,
          channel: outbox.channel,
          recipient: outbox.recipient,
          template: outbox.template,
          attempts: outbox.attempts,
          lastError: outbox.lastError,
          createdAt: outbox.createdAt,
          // Not null: only dead rows are read.
          failedAt: sql<Date>`${outbox.failedAt}`.mapWith(outbox.failedAt),
        })
        .from(outbox)
        .where(dead)
        .orderBy(desc(outbox.failedAt), desc(outbox.id))
        .limit(perPage)
        .offset((page - 1) * perPage);
      const [total] = await db.select({ n: count() }).from(outbox).where(dead);
      return { rows, total: total?.n ?? 0 };
    },

    /** The counts operators and the metrics read; `at` is now, for the oldest's age. */
    async stats(at: Date): Promise<OutboxStats> {
      const [waiting] = await db
        .select({ n: count(), oldest: min(outbox.createdAt) })
        .from(outbox)
        .where(pending);
      const [dead] = await db.select({ n: count() }).from(outbox).where(isNotNull(outbox.failedAt));
      const oldest = waiting?.oldest ?? null;
      return {
        pending: waiting?.n ?? 0,
        dead: dead?.n ?? 0,
        oldestPendingAgeMs: oldest ? Math.max(0, at.getTime() - oldest.getTime()) : null,
      };
    },

    /** A dead message, locked until the transaction ends (a retry reads it, then requeues it). */
    async lockDead(id: string): Promise<QueuedMessage | undefined> {
      const [row] = await db
        .select()
        .from(outbox)
        .where(and(eq(outbox.id, id), isNotNull(outbox.failedAt)))
        .for('update');
      return row;
    },

    /**
     * A dead message back in the queue, due at `at`, its tries counted afresh (the worker gives
     * up again only after as many); its last error stays until the next try. Only one with a
     * body: false when there is none such.
     */
    async requeueDead(id: string, at: Date): Promise<boolean> {
      const requeued = await db
        .update(outbox)
        .set({ failedAt: null, attempts: 0, nextAttemptAt: at })
        .where(and(eq(outbox.id, id), isNotNull(outbox.failedAt), isNotNull(outbox.body)))
        .returning({ id: outbox.id });
      return requeued.length > 0;
    },

    /**
     * Deletes messages sent, or given up on, before `before`; how many. A dead message goes
     * with its body here, at the same month as a sent one's record (prune-expired.ts says why).
     */
    async deleteFinished(before: Date): Promise<number> {
      return deleteInBatches(
        db,
        outbox,
        outbox.id,
        or(
          and(isNotNull(outbox.sentAt), lt(outbox.sentAt, before)),
          and(isNotNull(outbox.failedAt), lt(outbox.failedAt, before)),
        ),
      );
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;

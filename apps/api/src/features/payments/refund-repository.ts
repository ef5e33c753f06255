import type { Db } from '@malewa/db/database';
import { paymentRefunds } from '@malewa/db/schema/payments';
import { and, asc, eq, lte, sql } from 'drizzle-orm';

export type RefundRow = typeof paymentRefunds.$inferSelect;
export type NewRefund = Pick<
  typeof paymentRefunds.$inferInsert,
  'paymentId' | 'userId' | 'orderId' | 'key' | 'amount' | 'currency' | 'nextAttemptAt'
>;

/** The refunds owed through a payment's gateway (`payment_refunds`): queued, claimed, settled. */
export function createRefundRepository(db: Db) {
  /** Takes pending refunds due by `now` (`which`: one, or any), holding each until `leaseUntil`. */
  async function claim(which: { key: string } | { limit: number }, now: Date, leaseUntil: Date) {
    const due = and(eq(paymentRefunds.status, 'pending'), lte(paymentRefunds.nextAttemptAt, now));
    const chosen = db
      .select({ id: paymentRefunds.id })
      .from(paymentRefunds)
      .where('key' in which ? and(due, eq(paymentRefunds.key, which.key)) : due)
      .orderBy(asc(paymentRefunds.nextAttemptAt))
      .limit('key' in which ? 1 : which.limit)
      // Another process sending one now holds its row: passed over, never sent twice at once.
      .for('update', { skipLocked: true });
    return db
      .update(paymentRefunds)
      .set({ nextAttemptAt: leaseUntil, attempts: sql`${paymentRefunds.attempts} + 1` })
      .where(sql`${paymentRefunds.id} in (${chosen})`)
      .returning();
  }

  return {
    /** Queues a refund in the open transaction; one per key (a second is ignored). Its id, or undefined. */
    async queue(refund: NewRefund): Promise<string | undefined> {
      const [row] = await db
        .insert(paymentRefunds)
        .values(refund)
        .onConflictDoNothing({ target: paymentRefunds.key })
        .returning({ id: paymentRefunds.id });
      return row?.id;
    },

    /** The refund queued under `key` if it is pending and due, held until `leaseUntil`; else undefined. */
    async claimOne(key: string, now: Date, leaseUntil: Date): Promise<RefundRow | undefined> {
      const [row] = await claim({ key }, now, leaseUntil);
      return row;
    },

    /** Up to `limit` pending refunds due by `now`, soonest first, each held until `leaseUntil`. */
    async claimDue(now: Date, limit: number, leaseUntil: Date): Promise<RefundRow[]> {
      return claim({ limit }, now, leaseUntil);
    },

    /** Settled: taken by the gateway (`sent`) or turned into credit (`credited`); once. */
    async settle(id: string, status: 'sent' | 'credited', at: Date, error: string | null = null): Promise<boolean> {
      const rows = await db
        .update(paymentRefunds)
        .set({ status, settledAt: at, lastError: error })
        .where(and(eq(paymentRefunds.id, id), eq(paymentRefunds.status, 'pending')))
        .returning({ id: paymentRefunds.id });
      return rows.length > 0;
    },

    async byKey(key: string): Promise<RefundRow | undefined> {
      const [row] = await db.select().from(paymentRefunds).where(eq(paymentRefunds.key, key));
      return row;
    },
  };
}

export type RefundRepository = ReturnType<typeof createRefundRepository>;

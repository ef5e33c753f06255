import type { Db, Tx } from '@malewa/db/database';
import { payments, paymentWebhookEvents } from '@malewa/db/schema/payments';
import { and, desc, eq } from 'drizzle-orm';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = Omit<
  typeof payments.$inferInsert,
  'id' | 'status' | 'failure' | 'checkoutId' | 'createdAt' | 'updatedAt'
>;

export function createPaymentRepository(db: Db) {
  return {
    async insert(tx: Tx, payment: NewPayment): Promise<PaymentRow> {
      const [row] = await tx.insert(payments).values(payment).returning();
      if (!row) throw new Error('The payment just made is gone');
      return row;
    },

    async byKey(tx: Tx, userId: string, key: string): Promise<PaymentRow | undefined> {
      const [row] = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.userId, userId), eq(payments.idempotencyKey, key)));
      return row;
    },

    /** The shopper's payments, newest first. */
    async listOwn(userId: string, limit: number): Promise<PaymentRow[]> {
      return db
        .select()
        .from(payments)
        .where(eq(payments.userId, userId))
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(limit);
    },

    /** One of the shopper's payments; another's is undefined. */
    async ownById(userId: string, id: string): Promise<PaymentRow | undefined> {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.id, id), eq(payments.userId, userId)));
      return row;
    },

    async byId(id: string): Promise<PaymentRow | undefined> {
      const [row] = await db.select().from(payments).where(eq(payments.id, id));
      return row;
    },

    /** The payment that placed a checkout's orders, if it was paid ahead. */
    async byCheckout(checkoutId: string): Promise<PaymentRow | undefined> {
      const [row] = await db.select().from(payments).where(eq(payments.checkoutId, checkoutId));
      return row;
    },

    async lock(tx: Tx, id: string): Promise<PaymentRow | undefined> {
      const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
      return row;
    },

    async settle(
      tx: Tx,
      id: string,
      change: Pick<PaymentRow, 'status'> & Partial<Pick<PaymentRow, 'failure' | 'checkoutId'>>,
    ): Promise<void> {
      await tx
        .update(payments)
        .set({ ...change, updatedAt: new Date() })
        .where(eq(payments.id, id));
    },

    /** Records a gateway notice by its id; false when it was recorded before (a replay). */
    async recordNotice(tx: Tx, provider: string, eventId: string, paymentId: string): Promise<boolean> {
      const inserted = await tx
        .insert(paymentWebhookEvents)
        .values({ provider, eventId, paymentId })
        .onConflictDoNothing()
        .returning({ eventId: paymentWebhookEvents.eventId });
      return inserted.length === 1;
    },
  };
}

export type PaymentRepository = ReturnType<typeof createPaymentRepository>;

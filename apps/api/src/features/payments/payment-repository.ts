import type { Db } from '@malewa/db/database';
import { payments, paymentWebhookEvents, savedCards } from '@malewa/db/schema/payments';
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = Omit<
  typeof payments.$inferInsert,
  'id' | 'status' | 'failure' | 'checkoutId' | 'createdAt' | 'updatedAt'
>;

export function createPaymentRepository(db: Db) {
  return {
    async insert(payment: NewPayment): Promise<PaymentRow> {
      const [row] = await db.insert(payments).values(payment).returning();
      if (!row) throw new Error('The payment just made is gone');
      return row;
    },

    async byKey(userId: string, key: string): Promise<PaymentRow | undefined> {
      const [row] = await db
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

    async lock(id: string): Promise<PaymentRow | undefined> {
      const [row] = await db.select().from(payments).where(eq(payments.id, id)).for('update');
      return row;
    },

    async settle(
      id: string,
      change: Pick<PaymentRow, 'status'> & Partial<Pick<PaymentRow, 'failure' | 'checkoutId'>>,
    ): Promise<void> {
      await db
        .update(payments)
        .set({ ...change, updatedAt: new Date() })
        .where(eq(payments.id, id));
    },

    /**
     * Expires payments still pending that started before `before`, oldest first, at most
     * `limit`: claimed SKIP LOCKED (a notice being applied holds its payment's row, and wins),
     * and changed only while still pending. Their ids.
     */
    async expirePending(before: Date, limit: number): Promise<string[]> {
      const due = db
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.status, 'pending'), lte(payments.createdAt, before)))
        .orderBy(asc(payments.createdAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      const expired = await db
        .update(payments)
        .set({ status: 'failed', failure: 'expired', updatedAt: sql`now()` })
        .where(and(inArray(payments.id, due), eq(payments.status, 'pending')))
        .returning({ id: payments.id });
      return expired.map((row) => row.id);
    },

    /** The card a gateway says it charged: brand and last digits, for the payment's page. */
    async noteCard(id: string, card: { brand: string; last4: string }): Promise<void> {
      await db.update(payments).set({ cardBrand: card.brand, cardLast4: card.last4 }).where(eq(payments.id, id));
    },

    /** Keeps a card's token for the shopper (once: the same token again is the same card). */
    async saveCard(card: {
      userId: string;
      provider: string;
      token: string;
      brand: string;
      last4: string;
      expMonth: number;
      expYear: number;
    }): Promise<void> {
      await db.insert(savedCards).values(card).onConflictDoNothing();
    },

    /** The shopper's saved cards of a gateway, newest first. */
    async ownCards(userId: string): Promise<(typeof savedCards.$inferSelect)[]> {
      return db
        .select()
        .from(savedCards)
        .where(eq(savedCards.userId, userId))
        .orderBy(desc(savedCards.createdAt), desc(savedCards.id));
    },

    /** One of the shopper's saved cards; another's is undefined. */
    async ownCard(userId: string, id: string): Promise<typeof savedCards.$inferSelect | undefined> {
      const [row] = await db
        .select()
        .from(savedCards)
        .where(and(eq(savedCards.id, id), eq(savedCards.userId, userId)));
      return row;
    },

    /** Forgets one of the shopper's cards; false when it is not theirs. */
    async deleteOwnCard(userId: string, id: string): Promise<boolean> {
      const deleted = await db
        .delete(savedCards)
        .where(and(eq(savedCards.id, id), eq(savedCards.userId, userId)))
        .returning({ id: savedCards.id });
      return deleted.length === 1;
    },

    /** Records a gateway notice by its id; false when it was recorded before (a replay). */
    async recordNotice(provider: string, eventId: string, paymentId: string): Promise<boolean> {
      const inserted = await db
        .insert(paymentWebhookEvents)
        .values({ provider, eventId, paymentId })
        .onConflictDoNothing()
        .returning({ eventId: paymentWebhookEvents.eventId });
      return inserted.length === 1;
    },
  };
}

export type PaymentRepository = ReturnType<typeof createPaymentRepository>;

import type { Db } from '@malewa/db/database';
import { orders } from '@malewa/db/schema/orders';
import { eq, sql } from 'drizzle-orm';

/**
 * What a refund after delivery needs of an order (`flows/resolve-problem.ts`): its money,
 * locked so two resolutions of one order's problems are reckoned one after the other, and
 * `orders.refunded` raised by what was given back. The orders feature owns the row.
 */
export function createOrderRefundRepository(db: Db) {
  return {
    async lockOrderMoney(orderId: string) {
      const [row] = await db
        .select({
          id: orders.id,
          userId: orders.userId,
          providerId: orders.providerId,
          checkoutId: orders.checkoutId,
          countryCode: orders.countryCode,
          currency: orders.currency,
          paymentMethod: orders.paymentMethod,
          subtotal: orders.subtotal,
          discount: orders.discount,
          discounts: orders.discounts,
          total: orders.total,
          creditUsed: orders.creditUsed,
          refunded: orders.refunded,
          deliveryFee: orders.deliveryFee,
          tip: orders.tip,
          commissionBp: orders.commissionBp,
        })
        .from(orders)
        .where(eq(orders.id, orderId))
        .for('update');
      return row;
    },

    async addRefunded(orderId: string, amount: number): Promise<void> {
      await db
        .update(orders)
        .set({ refunded: sql`${orders.refunded} + ${amount}`, updatedAt: sql`now()` })
        .where(eq(orders.id, orderId));
    },
  };
}

export type OrderRefundRepository = ReturnType<typeof createOrderRefundRepository>;

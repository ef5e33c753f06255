import type { OrderMoney } from './postings.ts';

/**
 * An order row (as placed or as read back) as the ledger's postings read it. What credit did not
 * pay of a prepaid order went through `gateway`; cash is paid at the door.
 */
export function orderMoneyOf(
  order: {
    paymentMethod: string;
    id: string;
    userId: string;
    providerId: string;
    subtotal: number;
    deliveryFee: number;
    discounts: readonly { fundedBy: 'shop' | 'marketplace'; amount: number }[];
    tip: number;
    total: number;
    creditUsed: number;
    commissionBp: number;
  },
  gateway: string,
): OrderMoney {
  return {
    id: order.id,
    userId: order.userId,
    shopId: order.providerId,
    subtotal: order.subtotal,
    deliveryFee: order.deliveryFee,
    discounts: order.discounts.map(({ fundedBy, amount }) => ({ fundedBy, amount })),
    tip: order.tip,
    total: order.total,
    creditUsed: order.creditUsed,
    paidThrough: order.paymentMethod !== 'cash' && order.total > order.creditUsed ? gateway : null,
    commissionBp: order.commissionBp,
  };
}

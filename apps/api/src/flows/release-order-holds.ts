import { clock } from '../clock.ts';
import type { CartRepository } from '../features/carts/cart-repository.ts';
import type { JobRepository } from '../features/delivery/job-repository.ts';
import type { StockRepository } from '../features/listings/stock-repository.ts';
import type { CouponRepository } from '../features/offers/coupon-repository.ts';
import type { OrderRepository } from '../features/orders/order-repository.ts';
import { reversalOf } from '../ledger/postings.ts';
import type { TransactionDeps } from '../transaction-deps.ts';
import { queueClosedOrderRefund, type RefundDeps } from './refunds.ts';

/** What closing an order (cancel, reject) needs: its holds released, its payment refunded. */
export interface OrderClosingDeps extends TransactionDeps, RefundDeps {
  carts: Pick<CartRepository, 'forgetRedemption'>;
  coupons: Pick<CouponRepository, 'returnCouponUse'>;
  stock: Pick<StockRepository, 'returnStock'>;
  orders: OrderRepository;
  jobs: Pick<JobRepository, 'cancelForOrder'>;
}

/**
 * What a cancelled or rejected order held, released in the transaction that closes it: its
 * delivery job (riders offered it are told it is gone), the store credit it spent, what its
 * method paid ahead (queued to go back through the gateway after the commit), its units back to
 * stock, its chef's booked time, and its coupon's use (to the coupon's total and to the
 * shopper's count) once no other live order of the same checkout still carries it. `order` is
 * as it was before the move.
 */
export async function releaseOrderHolds(
  deps: OrderClosingDeps,
  order: {
    id: string;
    checkoutId: string;
    userId: string;
    providerId: string;
    couponOfferId: string | null;
    currency: string;
    creditUsed: number;
    total: number;
    paymentMethod: string;
    paymentStatus: string;
  },
): Promise<void> {
  // Everything its placing put in the ledger, reversed: the shop is owed nothing for it, the
  // shopper's credit and a payment taken ahead go back.
  const placed = await deps.ledger.entriesOf(`placed:${order.id}`);
  await deps.ledger.post({
    kind: 'order_closed',
    key: `closed:${order.id}`,
    currency: order.currency,
    occurredAt: clock(deps),
    orderId: order.id,
    shopId: order.providerId,
    userId: order.userId,
    entries: reversalOf(placed),
  });
  // The store credit it spent goes back at once, in the same transaction: it never left Malewa.
  if (order.creditUsed > 0) {
    await deps.credits.addCredit(order.userId, order.currency, order.creditUsed, `order-closed:${order.id}`, order.id);
  }
  await queueClosedOrderRefund(deps, order);
  for (const line of await deps.orders.linesOf(order.id)) {
    if (line.itemId) await deps.stock.returnStock(line.itemId, Math.ceil(line.quantityMilli / 1000));
  }
  await deps.orders.releaseBookings(order.id);
  await deps.jobs.cancelForOrder(order.id, clock(deps));
  if (order.couponOfferId && !(await deps.orders.couponStillUsed(order.checkoutId, order.id, order.couponOfferId))) {
    await deps.coupons.returnCouponUse(order.couponOfferId);
    await deps.carts.forgetRedemption(order.couponOfferId, order.userId);
  }
}

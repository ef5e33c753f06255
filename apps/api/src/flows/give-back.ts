import type { AccountRepository } from '../features/account/account-repository.ts';
import type { CartRepository } from '../features/carts/cart-repository.ts';
import type { StockRepository } from '../features/listings/stock-repository.ts';
import type { CouponRepository } from '../features/offers/coupon-repository.ts';
import type { OrderRepository } from '../features/orders/order-repository.ts';
import type { PaymentRepository, PaymentRow } from '../features/payments/payment-repository.ts';
import type { PaymentGateway } from '../payments/payment-gateway.ts';
import type { TransactionDeps } from '../transaction-deps.ts';

export interface GiveBackDeps extends TransactionDeps {
  carts: Pick<CartRepository, 'forgetRedemption'>;
  credits: Pick<AccountRepository, 'addCredit'>;
  coupons: Pick<CouponRepository, 'returnCouponUse'>;
  stock: Pick<StockRepository, 'returnStock'>;
  orders: OrderRepository;
  payments: Pick<PaymentRepository, 'byCheckout'>;
  gateway: PaymentGateway;
}

/** A closing order's payment: refunded with it when it was paid ahead (mobile money). */
export function refundOf(order: { paymentMethod: string; paymentStatus: string }): { paymentStatus?: 'refunded' } {
  return order.paymentStatus === 'paid' && order.paymentMethod !== 'cash' ? { paymentStatus: 'refunded' } : {};
}

/**
 * After a paid order closed (its transaction committed): its money back to where it came from,
 * through the gateway of the checkout's payment.
 */
export async function refundClosedOrder(
  deps: GiveBackDeps,
  order: { checkoutId: string; total: { amount: number; currency: string }; payment: { status: string } },
): Promise<void> {
  if (order.payment.status !== 'refunded') return;
  const payment = await deps.payments.byCheckout(order.checkoutId);
  if (!payment) return;
  await refundPayment(deps, payment, order.total.amount);
}

/**
 * `amount` of a payment back through its gateway, to the card or wallet it came from; where the
 * method cannot take it back (the gateway refuses), into the shopper's Malewa credit instead,
 * so the money is never lost between the two.
 */
export async function refundPayment(
  deps: Pick<GiveBackDeps, 'gateway' | 'credits'>,
  payment: Pick<PaymentRow, 'id' | 'userId' | 'method' | 'phone' | 'currency'>,
  amount: number,
): Promise<'method' | 'credit'> {
  try {
    await deps.gateway.refund({
      id: payment.id,
      method: payment.method,
      phone: payment.phone,
      amount,
      currency: payment.currency,
    });
    return 'method';
  } catch {
    await deps.credits.addCredit(payment.userId, payment.currency, amount, `refund:${payment.id}`);
    return 'credit';
  }
}

/**
 * What a cancelled or rejected order gives back, in the transaction that closes it: its units
 * to stock, its chef's booked time, and its coupon's use (to the coupon's total and to the shopper's count) once no
 * other live order of the same checkout still carries that coupon.
 */
export async function giveBack(
  deps: GiveBackDeps,
  order: { id: string; checkoutId: string; userId: string; couponOfferId: string | null },
): Promise<void> {
  for (const line of await deps.orders.linesOf(order.id)) {
    if (line.itemId) await deps.stock.returnStock(line.itemId, Math.ceil(line.quantityMilli / 1000));
  }
  await deps.orders.releaseBookings(order.id);
  if (order.couponOfferId && !(await deps.orders.couponStillUsed(order.checkoutId, order.id, order.couponOfferId))) {
    await deps.coupons.returnCouponUse(order.couponOfferId);
    await deps.carts.forgetRedemption(order.couponOfferId, order.userId);
  }
}

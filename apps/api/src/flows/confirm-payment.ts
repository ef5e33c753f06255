import type { ServiceId } from '@malewa/contracts/catalog/vocabulary';
import type { CheckoutResponse } from '@malewa/contracts/orders/checkout';
import type { PaymentMethod } from '@malewa/contracts/orders/order';
import type { PaymentWebhook } from '@malewa/contracts/payments/payment-webhook';
import { AppError } from '../app-error.ts';
import { announceOrdersPlaced } from '../events/order-moves.ts';
import { cartScope } from '../features/carts/cart-shopper.ts';
import { type CheckoutDeps, placeOrders, type StoredCheckoutRequest } from './checkout.ts';
import { queueRefund, sendQueuedRefund } from './refunds.ts';

/** How a notice left its payment: settled by it, or already settled before it came. */
export type ConfirmedPayment = 'succeeded' | 'failed' | 'refunded' | 'already_settled';

/**
 * A gateway's notice of how a payment ended, already checked for its signature. Applied once:
 * the notice's id is recorded in the same transaction (a replay is a 409), and a payment that is
 * no longer pending is left as it is, but for money taken after it failed or expired, which goes
 * back. A notice whose amount or currency is not the payment's is
 * refused (a 422) and changes nothing. Succeeded: the checkout's orders are placed, paid, from
 * the cart as it is now, in this transaction; if the cart can no longer be bought as it was
 * paid for, nothing is placed and the money goes back (refunded). Failed: nothing is placed and
 * the cart stays as it was. Returns how the payment ended, for the metrics.
 */
export async function confirmPayment(
  deps: CheckoutDeps,
  provider: string,
  notice: PaymentWebhook,
): Promise<ConfirmedPayment> {
  const known = await deps.payments.byId(notice.reference);
  if (!known || known.provider !== provider) throw new AppError('NOT_FOUND', 'No such payment');
  // Read before the transaction, as checkout does: the pool must not wait on itself.
  const contact = await deps.accounts.contactOf(known.userId);
  const scope = await cartScope(deps, {
    principal: null,
    cartToken: undefined,
    storeId: known.countryCode,
    storeLocation: undefined,
    language: contact?.locale,
  });
  let refundKey: string | undefined;
  let placedOrders: CheckoutResponse['data']['orders'] = [];
  const outcome = await deps.transaction(async (): Promise<ConfirmedPayment> => {
    if (!(await deps.payments.recordNotice(provider, notice.eventId, known.id))) {
      throw new AppError('CONFLICT', 'This notice was received before');
    }
    const payment = await deps.payments.lock(known.id);
    if (!payment) throw new AppError('NOT_FOUND', 'No such payment');
    if (payment.amount !== notice.amount || payment.currency !== notice.currency) {
      throw new AppError('BUSINESS_RULE', 'The notice’s amount or currency is not the payment’s', {
        fields: { amount: ['Not the amount or currency of this payment'] },
      });
    }
    // Paid after we stopped waiting (it expired, or was declined first): nothing is placed from
    // a cart the shopper was told nothing came of, and the money goes back.
    if (payment.status === 'failed' && notice.status === 'succeeded') {
      await deps.payments.settle(payment.id, { status: 'refunded' });
      refundKey = await queuePaymentRefund(deps, payment);
      return 'refunded';
    }
    if (payment.status !== 'pending') return 'already_settled';
    // The card charged: shown on the payment, and kept when the shopper asked to save it.
    if (notice.card) {
      await deps.payments.noteCard(payment.id, notice.card);
      if (notice.status === 'succeeded' && payment.saveCard) {
        await deps.payments.saveCard({ userId: payment.userId, provider, ...notice.card });
      }
    }
    if (notice.status === 'failed') {
      await deps.payments.settle(payment.id, { status: 'failed', failure: 'declined' });
      return 'failed';
    }
    try {
      // A savepoint: a cart that changed undoes the placing, not the payment's record.
      const placed = await deps.transaction(() =>
        placeOrders(deps, {
          owner: { userId: payment.userId },
          scope,
          // The carts it paid for (several for "pay all carts"; older payments name one).
          services: (payment.request as StoredCheckoutRequest).services ?? [payment.service as ServiceId],
          idempotencyKey: payment.idempotencyKey,
          requestHash: payment.requestHash,
          request: payment.request as StoredCheckoutRequest,
          contact,
          payment: { method: payment.method as PaymentMethod, status: 'paid', changeFor: null },
          paidTotal: payment.amount,
        }),
      );
      await deps.payments.settle(payment.id, { status: 'succeeded', checkoutId: placed.checkoutId });
      placedOrders = placed.orders;
      return 'succeeded';
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      await deps.payments.settle(payment.id, { status: 'refunded', failure: 'cart_changed' });
      refundKey = await queuePaymentRefund(deps, payment);
      return 'refunded';
    }
  });
  if (refundKey) await sendQueuedRefund(deps, refundKey);
  // Committed: the paid orders ring on their shops' boards.
  await announceOrdersPlaced(deps, placedOrders);
  return outcome;
}

/** A payment taken back whole, queued in the transaction that says so; its refund's key. */
async function queuePaymentRefund(
  deps: CheckoutDeps,
  payment: { id: string; userId: string; currency: string; amount: number },
): Promise<string> {
  const key = `payment:${payment.id}`;
  await queueRefund(deps, payment, payment.amount, key);
  return key;
}

import type { Money } from '../catalog/catalog-card.ts';
import type { OrderStatus, PAYMENT_STATUSES, PaymentMethod } from './order.ts';

/**
 * Where an order's money stands for its shopper and its shop: what the texts that follow the
 * payment say (the confirmation, the order list and page, the provider's board, the receipt).
 */
export type PaymentState = 'cash_due' | 'paid' | 'pending' | 'refunded' | 'partly_refunded' | 'nothing_to_pay';

/** What the situation is read from: an order as the contracts give it (only type imports: the browser needs no Zod for it). */
export interface PaymentSituationInput {
  status: OrderStatus;
  payment: { method: PaymentMethod; status: (typeof PAYMENT_STATUSES)[number]; changeFor: Money | null };
  total: Money;
  /** Store credit taken off the total; none when absent. */
  creditUsed?: Money | null | undefined;
  /** What was given back so far; none when absent. */
  refunded?: Money | null | undefined;
}

export interface PaymentSituation {
  state: PaymentState;
  /** Cash the rider collects at the door: only for `cash_due`, else 0. */
  due: Money;
  /** What the shopper paid (by cash at the door or ahead): 0 until it is received. */
  paid: Money;
  /** What went back to the shopper. */
  refunded: Money;
}

const CLOSED: readonly OrderStatus[] = ['rejected', 'cancelled'];

/**
 * The payment's state of an order, from its status, its payment and its amounts. What is
 * charged is the total less the store credit used; a charge of 0 is `nothing_to_pay` whatever
 * the method. A payment marked `failed` reads as `pending`: nothing was received, and a
 * prepaid order is only placed once its payment is, so the shopper is still to pay (a closed
 * order with a failed payment asks nothing: `nothing_to_pay`). A delivered cash order is paid,
 * as the API marks it on delivery, even if its payment still reads pending.
 */
export function paymentSituation(order: PaymentSituationInput): PaymentSituation {
  const { currency } = order.total;
  const money = (amount: number): Money => ({ amount, currency });
  const charged = Math.max(0, order.total.amount - (order.creditUsed?.amount ?? 0));
  const refunded = order.refunded?.amount ?? 0;
  const closed = CLOSED.includes(order.status);
  const situation = (state: PaymentState, amounts: { due?: number; paid?: number; refunded?: number } = {}) => ({
    state,
    due: money(amounts.due ?? 0),
    paid: money(amounts.paid ?? 0),
    refunded: money(amounts.refunded ?? 0),
  });

  if (charged === 0) return situation('nothing_to_pay', { refunded });
  switch (order.payment.status) {
    case 'refunded':
      // The payment says it went back, though the amount may not be recorded yet: all of it.
      return situation('refunded', { paid: charged, refunded: refunded > 0 ? refunded : charged });
    case 'paid':
      if (refunded >= charged) return situation('refunded', { paid: charged, refunded });
      if (refunded > 0) return situation('partly_refunded', { paid: charged, refunded });
      // Paid and then closed: the refund is due (the API refunds a closed prepaid order).
      if (closed) return situation('refunded', { paid: charged, refunded: charged });
      return situation('paid', { paid: charged });
    default:
      if (closed) return situation('nothing_to_pay');
      if (order.payment.method === 'cash') {
        return order.status === 'delivered'
          ? situation('paid', { paid: charged })
          : situation('cash_due', { due: charged });
      }
      return situation('pending');
  }
}

import type { Money } from '../catalog/catalog-card.ts';
import type { PaymentMethod } from './order.ts';
import { type PaymentSituation, type PaymentSituationInput, paymentSituation } from './payment-situation.ts';

/** A part of a checkout's money: its orders in one state, paid one way, their amounts added up. */
export interface CheckoutPaymentSituation {
  situation: PaymentSituation;
  payment: { method: PaymentMethod; changeFor: Money | null };
}

/**
 * Where a checkout's money stands, for texts that speak of all its orders at once (the
 * confirmation page, the receipt): its orders grouped by state and method, in the order they
 * come, with their amounts added up. A checkout's orders are paid one way and placed together,
 * so this is one group but when they have moved apart (one cancelled, one delivered): then each
 * group says its part. Orders with nothing to pay are left out beside others, so that "Nothing
 * to pay" is said only when it is true of all of them (a credit may cover one shop's order).
 */
export function checkoutPaymentSituations(orders: readonly PaymentSituationInput[]): CheckoutPaymentSituation[] {
  const groups = new Map<string, CheckoutPaymentSituation>();
  for (const order of orders) {
    const situation = paymentSituation(order);
    const key = `${situation.state} ${order.payment.method}`;
    const group = groups.get(key);
    if (!group) {
      groups.set(key, {
        situation,
        payment: { method: order.payment.method, changeFor: order.payment.changeFor },
      });
      continue;
    }
    const add = (a: Money, b: Money): Money => ({ amount: a.amount + b.amount, currency: a.currency });
    group.situation = {
      state: situation.state,
      due: add(group.situation.due, situation.due),
      paid: add(group.situation.paid, situation.paid),
      refunded: add(group.situation.refunded, situation.refunded),
    };
  }
  const all = [...groups.values()];
  const some = all.filter((group) => group.situation.state !== 'nothing_to_pay');
  return some.length > 0 ? some : all.slice(0, 1);
}

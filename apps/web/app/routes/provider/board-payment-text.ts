import type { Money } from '@malewa/contracts/catalog/catalog-card';
import type { Order } from '@malewa/contracts/orders/order';
import { paymentSituation } from '@malewa/contracts/orders/payment-situation';
import { paymentSituationText } from '#app/features/commerce/payment-situation-text.ts';
import type { Translate } from '#app/platform/i18n/translator.ts';

/**
 * The order's money as the shop needs it: what the rider collects at the door (and the note to
 * bring change for) while cash is due, else what the shopper reads, paid, pending or refunded.
 */
export function boardPaymentText(order: Order, t: Translate, money: (amount: Money) => string): string {
  const situation = paymentSituation(order);
  if (situation.state !== 'cash_due') return paymentSituationText(situation, order.payment, t, money);
  const { changeFor } = order.payment;
  return changeFor
    ? t('provider.order.collectChange', { amount: money(situation.due), note: money(changeFor) })
    : t('provider.order.collect', { amount: money(situation.due) });
}

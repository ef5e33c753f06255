import type { Money } from '@malewa/contracts/catalog/catalog-card';
import type { PaymentMethod } from '@malewa/contracts/orders/order';
import type { PaymentSituation } from '@malewa/contracts/orders/payment-situation';
import type { Translate } from '#app/platform/i18n/translator.ts';

/**
 * What a shopper reads about an order's money, true to how it is paid: cash to hand the rider
 * only while cash is due, else what was paid and how, what is pending or what went back. The
 * provider's board says the same but for cash due, which it words for the rider.
 */
export function paymentSituationText(
  situation: PaymentSituation,
  payment: { method: PaymentMethod; changeFor: Money | null },
  t: Translate,
  money: (amount: Money) => string,
): string {
  switch (situation.state) {
    case 'cash_due':
      return payment.changeFor
        ? t('commerce.payment.situation.cashDueChange', {
            amount: money(situation.due),
            note: money(payment.changeFor),
          })
        : t('commerce.payment.situation.cashDue', { amount: money(situation.due) });
    case 'paid':
      if (payment.method === 'cash') return t('commerce.payment.situation.paidCash', { amount: money(situation.paid) });
      if (payment.method === 'card') return t('commerce.payment.situation.paidCard', { amount: money(situation.paid) });
      return t('commerce.payment.situation.paidMobile', {
        method: t(`commerce.payment.method.${payment.method}`),
        amount: money(situation.paid),
      });
    case 'pending':
      return t('commerce.payment.situation.pending');
    case 'refunded':
      return t('commerce.payment.situation.refunded');
    case 'partly_refunded':
      return t('commerce.payment.situation.partlyRefunded', { amount: money(situation.refunded) });
    case 'nothing_to_pay':
      return t('commerce.payment.situation.nothingToPay');
  }
}

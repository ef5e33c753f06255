import type { Money } from '@malewa/contracts/catalog/catalog-card';
import type { Order } from '@malewa/contracts/orders/order';
import { describe, expect, it } from 'vitest';
import { translatorFor } from '#app/platform/i18n/messages.server.ts';
import { boardPaymentText } from './board-payment-text.ts';

const money = (amount: Money) => `R${amount.amount / 100}`;
const zar = (amount: number): Money => ({ amount, currency: 'ZAR' });
const isolated = (value: string) => `\u2068${value}\u2069`;

/** The board reads an order's status, payment and total only. */
function order(status: Order['status'], payment: Order['payment']): Order {
  return { status, payment, total: zar(15_000) } as Order;
}

const cash = (changeFor: number | null = null): Order['payment'] => ({
  method: 'cash',
  status: 'pending',
  changeFor: changeFor === null ? null : zar(changeFor),
});

describe('boardPaymentText', () => {
  it.each<[string, Order, string, string]>([
    ['cash due', order('accepted', cash()), 'Collect R150 in cash', `حصّل ${isolated('R150')} نقدًا`],
    [
      'cash due with a note to change',
      order('out_for_delivery', cash(20_000)),
      'Collect R150 in cash (change for R200)',
      `حصّل ${isolated('R150')} نقدًا (مع الباقي من ${isolated('R200')})`,
    ],
    [
      'a delivered cash order',
      order('delivered', { ...cash(), status: 'paid' }),
      'Paid in cash: R150',
      `مدفوع نقدًا: ${isolated('R150')}`,
    ],
    ['a cancelled cash order', order('cancelled', cash(20_000)), 'Nothing to pay', 'لا يوجد ما تدفعه'],
    [
      'an order paid by MTN MoMo',
      order('placed', { method: 'mtn_momo', status: 'paid', changeFor: null }),
      'Paid by MTN MoMo: R150',
      `مدفوع عبر ${isolated('MTN MoMo')}: ${isolated('R150')}`,
    ],
    [
      'an order paid by card',
      order('preparing', { method: 'card', status: 'paid', changeFor: null }),
      'Paid by card: R150',
      `مدفوع بالبطاقة: ${isolated('R150')}`,
    ],
    [
      'a prepaid order not paid yet',
      order('placed', { method: 'mpesa', status: 'pending', changeFor: null }),
      'Payment pending',
      'الدفع قيد الانتظار',
    ],
    [
      'a rejected order paid ahead',
      order('rejected', { method: 'mpesa', status: 'refunded', changeFor: null }),
      'Refunded',
      'تم استرداد المبلغ',
    ],
  ])('says %s in English and Arabic', (_, input, english, arabic) => {
    expect(boardPaymentText(input, translatorFor('en'), money)).toBe(english);
    expect(boardPaymentText(input, translatorFor('ar'), money)).toBe(arabic);
  });
});

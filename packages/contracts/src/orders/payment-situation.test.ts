import { describe, expect, it } from 'vitest';
import type { OrderStatus, PaymentMethod } from './order.ts';
import { type PaymentSituationInput, type PaymentState, paymentSituation } from './payment-situation.ts';

const zar = (amount: number) => ({ amount, currency: 'ZAR' as const });

function order(
  status: OrderStatus,
  method: PaymentMethod,
  paymentStatus: PaymentSituationInput['payment']['status'],
  amounts: { total?: number; creditUsed?: number; refunded?: number } = {},
): PaymentSituationInput {
  return {
    status,
    payment: { method, status: paymentStatus, changeFor: method === 'cash' ? zar(20_000) : null },
    total: zar(amounts.total ?? 15_000),
    ...(amounts.creditUsed === undefined ? {} : { creditUsed: zar(amounts.creditUsed) }),
    ...(amounts.refunded === undefined ? {} : { refunded: zar(amounts.refunded) }),
  };
}

describe('paymentSituation', () => {
  it.each<[string, PaymentSituationInput, PaymentState, { due: number; paid: number; refunded: number }]>([
    ['a cash order on its way', order('placed', 'cash', 'pending'), 'cash_due', { due: 15_000, paid: 0, refunded: 0 }],
    [
      'a cash order out for delivery, less the credit used',
      order('out_for_delivery', 'cash', 'pending', { creditUsed: 5_000 }),
      'cash_due',
      { due: 10_000, paid: 0, refunded: 0 },
    ],
    [
      'a cash order the credit covers',
      order('accepted', 'cash', 'pending', { creditUsed: 15_000 }),
      'nothing_to_pay',
      { due: 0, paid: 0, refunded: 0 },
    ],
    ['a delivered cash order', order('delivered', 'cash', 'paid'), 'paid', { due: 0, paid: 15_000, refunded: 0 }],
    [
      'a delivered cash order whose payment still reads pending',
      order('delivered', 'cash', 'pending'),
      'paid',
      { due: 0, paid: 15_000, refunded: 0 },
    ],
    [
      'a cancelled cash order',
      order('cancelled', 'cash', 'pending'),
      'nothing_to_pay',
      { due: 0, paid: 0, refunded: 0 },
    ],
    ['a rejected cash order', order('rejected', 'cash', 'pending'), 'nothing_to_pay', { due: 0, paid: 0, refunded: 0 }],
    ['an order paid by M-Pesa', order('preparing', 'mpesa', 'paid'), 'paid', { due: 0, paid: 15_000, refunded: 0 }],
    [
      'an order paid by card, less the credit used',
      order('placed', 'card', 'paid', { creditUsed: 4_000 }),
      'paid',
      { due: 0, paid: 11_000, refunded: 0 },
    ],
    [
      'a prepaid order waiting for its payment',
      order('placed', 'mtn_momo', 'pending'),
      'pending',
      { due: 0, paid: 0, refunded: 0 },
    ],
    [
      'a prepaid order whose payment failed',
      order('placed', 'card', 'failed'),
      'pending',
      { due: 0, paid: 0, refunded: 0 },
    ],
    [
      'a closed order whose payment failed',
      order('cancelled', 'card', 'failed'),
      'nothing_to_pay',
      { due: 0, paid: 0, refunded: 0 },
    ],
    [
      'a paid order partly refunded',
      order('delivered', 'card', 'paid', { refunded: 3_000 }),
      'partly_refunded',
      { due: 0, paid: 15_000, refunded: 3_000 },
    ],
    [
      'a paid order refunded in full',
      order('delivered', 'mpesa', 'paid', { refunded: 15_000 }),
      'refunded',
      { due: 0, paid: 15_000, refunded: 15_000 },
    ],
    [
      'a paid order refunded what was received, the credit aside',
      order('delivered', 'card', 'paid', { creditUsed: 5_000, refunded: 10_000 }),
      'refunded',
      { due: 0, paid: 10_000, refunded: 10_000 },
    ],
    [
      'a rejected order paid ahead, its refund not yet recorded',
      order('rejected', 'ecocash', 'paid'),
      'refunded',
      { due: 0, paid: 15_000, refunded: 15_000 },
    ],
    [
      'a cancelled order whose payment went back',
      order('cancelled', 'airtel_money', 'refunded'),
      'refunded',
      { due: 0, paid: 15_000, refunded: 15_000 },
    ],
    [
      'a cancelled order partly refunded so far',
      order('cancelled', 'card', 'paid', { refunded: 5_000 }),
      'partly_refunded',
      { due: 0, paid: 15_000, refunded: 5_000 },
    ],
    [
      'an order of 0',
      order('placed', 'cash', 'pending', { total: 0 }),
      'nothing_to_pay',
      { due: 0, paid: 0, refunded: 0 },
    ],
    [
      'a prepaid order of 0',
      order('placed', 'orange_money', 'paid', { total: 0 }),
      'nothing_to_pay',
      { due: 0, paid: 0, refunded: 0 },
    ],
  ])('reads %s', (_, input, state, amounts) => {
    expect(paymentSituation(input)).toEqual({
      state,
      due: zar(amounts.due),
      paid: zar(amounts.paid),
      refunded: zar(amounts.refunded),
    });
  });

  it('counts no credit and no refund when an order has neither', () => {
    const situation = paymentSituation({ ...order('placed', 'cash', 'pending'), creditUsed: null, refunded: null });
    expect(situation.due).toEqual(zar(15_000));
  });
});

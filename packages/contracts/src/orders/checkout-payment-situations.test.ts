import { describe, expect, it } from 'vitest';
import { checkoutPaymentSituations } from './checkout-payment-situations.ts';
import type { PaymentMethod } from './order.ts';
import type { PaymentSituationInput } from './payment-situation.ts';

const kes = (amount: number) => ({ amount, currency: 'KES' as const });

function order(
  status: PaymentSituationInput['status'],
  method: PaymentMethod,
  paymentStatus: PaymentSituationInput['payment']['status'],
  total: number,
  creditUsed = 0,
): PaymentSituationInput {
  const changeFor = method === 'cash' ? kes(500_000) : null;
  return {
    status,
    payment: { method, status: paymentStatus, changeFor },
    total: kes(total),
    creditUsed: kes(creditUsed),
  };
}

describe('checkoutPaymentSituations', () => {
  it('adds up the cash due of a checkout’s orders, with the note the shopper pays with', () => {
    expect(
      checkoutPaymentSituations([
        order('placed', 'cash', 'pending', 120_000),
        order('placed', 'cash', 'pending', 80_000),
      ]),
    ).toEqual([
      {
        situation: { state: 'cash_due', due: kes(200_000), paid: kes(0), refunded: kes(0) },
        payment: { method: 'cash', changeFor: kes(500_000) },
      },
    ]);
  });

  it('adds up what was paid ahead', () => {
    expect(
      checkoutPaymentSituations([order('placed', 'mpesa', 'paid', 120_000), order('placed', 'mpesa', 'paid', 80_000)]),
    ).toEqual([
      {
        situation: { state: 'paid', due: kes(0), paid: kes(200_000), refunded: kes(0) },
        payment: { method: 'mpesa', changeFor: null },
      },
    ]);
  });

  it('leaves out an order the credit covers beside one still to pay', () => {
    const [only, ...rest] = checkoutPaymentSituations([
      order('placed', 'cash', 'pending', 50_000, 50_000),
      order('placed', 'cash', 'pending', 80_000),
    ]);
    expect(rest).toEqual([]);
    expect(only?.situation).toEqual({ state: 'cash_due', due: kes(80_000), paid: kes(0), refunded: kes(0) });
  });

  it('says nothing is to pay when that is true of every order', () => {
    const situations = checkoutPaymentSituations([
      order('placed', 'cash', 'pending', 50_000, 50_000),
      order('cancelled', 'cash', 'pending', 80_000),
    ]);
    expect(situations.map(({ situation }) => situation.state)).toEqual(['nothing_to_pay']);
  });

  it('gives each state its part when the orders moved apart', () => {
    const situations = checkoutPaymentSituations([
      order('delivered', 'card', 'paid', 120_000),
      order('cancelled', 'card', 'refunded', 80_000),
    ]);
    expect(situations.map(({ situation }) => [situation.state, situation.paid.amount])).toEqual([
      ['paid', 120_000],
      ['refunded', 80_000],
    ]);
  });

  it('has nothing to say of no orders', () => {
    expect(checkoutPaymentSituations([])).toEqual([]);
  });
});

import type { Money } from '@malewa/contracts/catalog/catalog-card';
import type { PaymentMethod } from '@malewa/contracts/orders/order';
import type { PaymentState } from '@malewa/contracts/orders/payment-situation';
import { describe, expect, it } from 'vitest';
import { translatorFor } from '#app/platform/i18n/messages.server.ts';
import { paymentSituationText } from './payment-situation-text.ts';

/** Amounts as plain rands, so that the test reads the sentence and not the market's separators. */
const money = (amount: Money) => `R${amount.amount / 100}`;
const zar = (amount: number): Money => ({ amount, currency: 'ZAR' });

function text(
  locale: 'en' | 'ar' | 'fr',
  state: PaymentState,
  method: PaymentMethod,
  changeFor: number | null = null,
): string {
  const situation = { state, due: zar(12_000), paid: zar(15_000), refunded: zar(3_000) };
  return paymentSituationText(
    situation,
    { method, changeFor: changeFor === null ? null : zar(changeFor) },
    translatorFor(locale),
    money,
  );
}

/** In Arabic the translator isolates each Latin value (U+2068 … U+2069), so "R120" keeps its order. */
const isolated = (value: string) => `\u2068${value}\u2069`;

describe('paymentSituationText', () => {
  it.each<[PaymentState, PaymentMethod, number | null, string]>([
    ['cash_due', 'cash', null, 'To pay in cash on delivery: R120'],
    ['cash_due', 'cash', 20_000, 'To pay in cash on delivery: R120 (change for R200)'],
    ['paid', 'cash', null, 'Paid in cash: R150'],
    ['paid', 'card', null, 'Paid by card: R150'],
    ['paid', 'mpesa', null, 'Paid by M-Pesa: R150'],
    ['paid', 'mtn_momo', null, 'Paid by MTN MoMo: R150'],
    ['pending', 'airtel_money', null, 'Payment pending'],
    ['refunded', 'card', null, 'Refunded'],
    ['partly_refunded', 'ecocash', null, 'Partly refunded: R30'],
    ['nothing_to_pay', 'cash', 20_000, 'Nothing to pay'],
  ])('says %s (%s) in English', (state, method, changeFor, expected) => {
    expect(text('en', state, method, changeFor)).toBe(expected);
  });

  it.each<[PaymentState, PaymentMethod, number | null, string]>([
    ['cash_due', 'cash', null, `للدفع نقدًا عند الاستلام: ${isolated('R120')}`],
    ['cash_due', 'cash', 20_000, `للدفع نقدًا عند الاستلام: ${isolated('R120')} (مع الباقي من ${isolated('R200')})`],
    ['paid', 'cash', null, `مدفوع نقدًا: ${isolated('R150')}`],
    ['paid', 'card', null, `مدفوع بالبطاقة: ${isolated('R150')}`],
    ['paid', 'mtn_momo', null, `مدفوع عبر ${isolated('MTN MoMo')}: ${isolated('R150')}`],
    ['pending', 'mpesa', null, 'الدفع قيد الانتظار'],
    ['refunded', 'card', null, 'تم استرداد المبلغ'],
    ['partly_refunded', 'card', null, `مُسترَد جزئيًا: ${isolated('R30')}`],
    ['nothing_to_pay', 'cash', null, 'لا يوجد ما تدفعه'],
  ])('says %s (%s) in Arabic', (state, method, changeFor, expected) => {
    expect(text('ar', state, method, changeFor)).toBe(expected);
  });

  it('says it in French too, and never asks for cash on a paid order', () => {
    expect(text('fr', 'cash_due', 'cash', 20_000)).toBe('À payer en espèces à la livraison : R120 (monnaie sur R200)');
    expect(text('fr', 'paid', 'mtn_momo')).toBe('Payé par MTN MoMo : R150');
    expect(text('fr', 'paid', 'card')).toBe('Payé par carte : R150');
    expect(text('fr', 'pending', 'card')).toBe('Paiement en attente');
    expect(text('fr', 'nothing_to_pay', 'cash')).toBe('Rien à payer');
    for (const locale of ['en', 'ar', 'fr'] as const) {
      for (const state of ['paid', 'pending', 'refunded', 'partly_refunded', 'nothing_to_pay'] as const) {
        expect(text(locale, state, 'mpesa')).not.toBe(text(locale, 'cash_due', 'cash'));
        expect(text(locale, state, 'mpesa')).not.toContain('R120');
      }
    }
  });
});

import type { Money } from '@malewa/contracts/catalog/catalog-card';
import type { PaymentMethod } from '@malewa/contracts/orders/order';
import { describe, expect, it } from 'vitest';
import { checkoutReceipt, type ReceiptOrder } from './receipt.ts';

const kes = (amount: number): Money => ({ amount, currency: 'KES' });

function order(
  name: string,
  total: number,
  method: PaymentMethod,
  status: ReceiptOrder['payment']['status'],
  extra: { changeFor?: number; creditUsed?: number; discounts?: ReceiptOrder['discounts'] } = {},
): ReceiptOrder {
  return {
    provider: { name },
    discounts: extra.discounts ?? [],
    status: 'placed',
    payment: { method, status, changeFor: extra.changeFor === undefined ? null : kes(extra.changeFor) },
    total: kes(total),
    ...(extra.creditUsed === undefined ? {} : { creditUsed: kes(extra.creditUsed) }),
  };
}

function receipt(locale: string, orders: ReceiptOrder[], identifier = 'amani@example.com') {
  const total = kes(orders.reduce((sum, each) => sum + each.total.amount, 0));
  return checkoutReceipt('https://malewa.example', { identifier, locale }, 'KE', { orders, total });
}

/** Shillings as the receipt writes them in a language for Kenya (the same Intl call). */
const shillings = (locale: string, amount: number) =>
  new Intl.NumberFormat(`${locale}-KE`, { style: 'currency', currency: 'KES' }).format(amount / 100);

describe('checkoutReceipt', () => {
  it('asks for cash on delivery for a cash checkout, with the note to change', () => {
    const message = receipt('en', [
      order('Mama Oliech', 120_000, 'cash', 'pending', { changeFor: 500_000 }),
      order('Green Grocer', 80_000, 'cash', 'pending', { changeFor: 500_000 }),
    ]);
    expect(message).toMatchObject({
      channel: 'email',
      recipient: 'amani@example.com',
      template: 'receipt',
      locale: 'en',
      subject: 'Your Malewa order is placed',
    });
    expect(message.body).toBe(
      'Thank you! Your order is placed:\n\n' +
        `• Mama Oliech: ${shillings('en', 120_000)}\n• Green Grocer: ${shillings('en', 80_000)}\n\n` +
        `To pay: ${shillings('en', 200_000)}, in cash on delivery (change for ${shillings('en', 500_000)}).\n\n` +
        'Follow it here: https://malewa.example/account/orders',
    );
  });

  it('asks for the cash due less the store credit, without a note when none was given', () => {
    const { body } = receipt('en', [order('Mama Oliech', 120_000, 'cash', 'pending', { creditUsed: 20_000 })]);
    expect(body).toContain(`To pay: ${shillings('en', 100_000)}, in cash on delivery.\n`);
  });

  it('says what was paid by mobile money, and never asks for cash', () => {
    const { body } = receipt('en', [order('Mama Oliech', 120_000, 'mpesa', 'paid')], '+254712345678');
    expect(body).toContain(`Paid: ${shillings('en', 120_000)} by M-Pesa.`);
    expect(body).not.toContain('cash');
  });

  it('says what was paid by card', () => {
    const { body } = receipt('en', [
      order('Mama Oliech', 120_000, 'card', 'paid'),
      order('Green Grocer', 80_000, 'card', 'paid'),
    ]);
    expect(body).toContain(`Paid: ${shillings('en', 200_000)} by card.`);
    expect(body).not.toContain('cash');
  });

  it('says nothing is to pay when the store credit covers it', () => {
    const { body } = receipt('en', [order('Mama Oliech', 120_000, 'cash', 'pending', { creditUsed: 120_000 })]);
    expect(body).toContain('\n\nNothing to pay.\n\n');
    expect(body).not.toContain('cash on delivery');
  });

  it('says a payment still pending is pending', () => {
    expect(receipt('en', [order('Mama Oliech', 120_000, 'mtn_momo', 'pending')]).body).toContain(
      '\n\nPayment pending.\n\n',
    );
  });

  it('writes each sentence in Arabic', () => {
    const cash = receipt('ar', [order('Mama Oliech', 120_000, 'cash', 'pending')], '+254712345678');
    expect(cash.channel).toBe('sms');
    expect(cash.subject).toBe('تم تقديم طلبك من Malewa');
    expect(cash.body).toBe(
      'شكرًا لك! تم تقديم طلبك:\n\n' +
        `• Mama Oliech: ${shillings('ar', 120_000)}\n\n` +
        `المبلغ المطلوب: ${shillings('ar', 120_000)}، نقدًا عند التسليم.\n\n` +
        'تابع طلبك هنا: https://malewa.example/ar/account/orders',
    );
    expect(receipt('ar', [order('Mama Oliech', 120_000, 'mpesa', 'paid')]).body).toContain(
      `المبلغ المدفوع: ${shillings('ar', 120_000)} عبر M-Pesa.`,
    );
    expect(receipt('ar', [order('Mama Oliech', 120_000, 'card', 'paid')]).body).toContain(
      `المبلغ المدفوع: ${shillings('ar', 120_000)} بالبطاقة.`,
    );
    expect(receipt('ar', [order('Mama Oliech', 120_000, 'cash', 'pending', { creditUsed: 120_000 })]).body).toContain(
      '\n\nلا يوجد ما تدفعه.\n\n',
    );
  });

  it('reads French for Lingala and English for a language without receipts of its own', () => {
    expect(receipt('ln', [order('Mama Oliech', 120_000, 'mpesa', 'paid')]).body).toContain(
      `Payé : ${shillings('ln', 120_000)} par M-Pesa.`,
    );
    expect(receipt('zu', [order('Mama Oliech', 120_000, 'card', 'paid')]).body).toContain(
      `Paid: ${shillings('zu', 120_000)} by card.`,
    );
  });

  it('names each order’s discounts after its total, as the cart showed them', () => {
    const message = receipt('en', [
      order('Mama Oliech', 108_000, 'mpesa', 'paid', {
        discounts: [{ label: '10% off', amount: kes(12_000) }],
      }),
    ]);
    expect(message.body).toContain(`• Mama Oliech: ${shillings('en', 108_000)} (10% off: −${shillings('en', 12_000)})`);
  });
});

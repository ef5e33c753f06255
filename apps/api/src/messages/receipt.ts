import type { Money } from '@malewa/contracts/catalog/catalog-card';
import { currencyDigits } from '@malewa/contracts/currencies';
import {
  type CheckoutPaymentSituation,
  checkoutPaymentSituations,
} from '@malewa/contracts/orders/checkout-payment-situations';
import type { MobileMoneyMethod } from '@malewa/contracts/orders/order';
import type { PaymentSituationInput } from '@malewa/contracts/orders/payment-situation';
import type { OutboxMessage } from './outbox-repository.ts';
import { renderMessage, renderReceiptPayment, siteLink } from './templates.ts';

/** An order as the receipt reads it: its shop, its total, its status and its payment. */
export interface ReceiptOrder extends PaymentSituationInput {
  provider: { name: string };
  /** Its discounts, named as the shopper read them at checkout. */
  discounts: readonly { label: string; amount: Money }[];
  /** The shopper's tip, inside the total. */
  tip?: Money;
}

/** "Tip" in the languages the receipt speaks; the others read English (French readers, French). */
const TIP_WORD: Readonly<Record<string, string>> = {
  en: 'Tip',
  ar: 'إكرامية',
  es: 'Propina',
  fr: 'Pourboire',
  pt: 'Gorjeta',
  sw: 'Bakshishi',
  ln: 'Pourboire',
  lu: 'Pourboire',
  bas: 'Pourboire',
};

/** Brand names, written the same in every language (as the storefront's catalogs have them). */
const MOBILE_MONEY_NAMES: Readonly<Record<MobileMoneyMethod, string>> = {
  mpesa: 'M-Pesa',
  mtn_momo: 'MTN MoMo',
  airtel_money: 'Airtel Money',
  ecocash: 'EcoCash',
  orange_money: 'Orange Money',
};

/**
 * The receipt of a checkout, in the shopper's language, with each provider's total written as
 * the market writes money: email for an address, SMS for a phone number. What it says of the
 * money follows the payment: cash to hand the rider only when cash is due, else what was paid
 * and how (or that nothing is to pay, when store credit covered it).
 */
export function checkoutReceipt(
  publicOrigin: string,
  contact: { identifier: string; locale: string },
  countryCode: string,
  data: { orders: readonly ReceiptOrder[]; total: Money },
): OutboxMessage {
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat(`${contact.locale}-${countryCode}`, {
      style: 'currency',
      currency: data.total.currency,
    });
  } catch {
    format = new Intl.NumberFormat('en', { style: 'currency', currency: data.total.currency });
  }
  const perMajor = 10 ** currencyDigits(data.total.currency);
  const major = (amount: number) => format.format(amount / perMajor);
  // The discounts the order's total is after, by name: the receipt matches the cart.
  const saved = (order: ReceiptOrder) => {
    const parts = order.discounts.map((line) => `${line.label}: −${major(line.amount.amount)}`);
    if (order.tip && order.tip.amount > 0) {
      parts.push(`${TIP_WORD[contact.locale] ?? TIP_WORD.en}: ${major(order.tip.amount)}`);
    }
    return parts.length === 0 ? '' : ` (${parts.join(', ')})`;
  };
  const payment = checkoutPaymentSituations(data.orders)
    .map((part) => paymentSentence(part, contact.locale, major))
    .join(' ');
  const { subject, body } = renderMessage('receipt', contact.locale, {
    orders: data.orders
      .map((order) => `• ${order.provider.name}: ${major(order.total.amount)}${saved(order)}`)
      .join('\n'),
    payment,
    link: siteLink(publicOrigin, contact.locale, '/account/orders'),
  });
  return {
    channel: contact.identifier.includes('@') ? 'email' : 'sms',
    recipient: contact.identifier,
    template: 'receipt',
    locale: contact.locale,
    subject,
    body,
  };
}

/** One part of the checkout's money in a sentence: its state, how it is paid, its amount. */
function paymentSentence(
  { situation, payment }: CheckoutPaymentSituation,
  locale: string,
  major: (amount: number) => string,
): string {
  switch (situation.state) {
    case 'cash_due':
      return payment.changeFor
        ? renderReceiptPayment('cash_due_change', locale, {
            amount: major(situation.due.amount),
            note: major(payment.changeFor.amount),
          })
        : renderReceiptPayment('cash_due', locale, { amount: major(situation.due.amount) });
    case 'paid': {
      const amount = major(situation.paid.amount);
      if (payment.method === 'cash') return renderReceiptPayment('paid_cash', locale, { amount });
      if (payment.method === 'card') return renderReceiptPayment('paid_card', locale, { amount });
      return renderReceiptPayment('paid_mobile', locale, { amount, method: MOBILE_MONEY_NAMES[payment.method] });
    }
    case 'pending':
      return renderReceiptPayment('pending', locale, {});
    case 'refunded':
      return renderReceiptPayment('refunded', locale, { amount: major(situation.refunded.amount) });
    case 'partly_refunded':
      return renderReceiptPayment('partly_refunded', locale, { amount: major(situation.refunded.amount) });
    case 'nothing_to_pay':
      return renderReceiptPayment('nothing_to_pay', locale, {});
  }
}

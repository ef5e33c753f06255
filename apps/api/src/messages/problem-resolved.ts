import { currencyDigits } from '@malewa/contracts/currencies';
import type { RefundDestination } from '@malewa/contracts/orders/problem-vocabulary';
import type { OutboxMessage } from './outbox-repository.ts';
import { coreLanguageOf, renderMessage, siteLink } from './templates.ts';

type Outcome = RefundDestination | 'none';

/** What the shopper gets back, in a sentence; `{amount}` as the market writes money. */
const OUTCOMES: Record<ReturnType<typeof coreLanguageOf>, Record<Outcome, string> & { note: string }> = {
  en: {
    method: 'We are refunding {amount} to the way you paid.',
    credit: '{amount} has been added to your Malewa credit.',
    none: 'No refund was given for it.',
    note: 'Their note: ',
  },
  ar: {
    method: 'سنعيد {amount} إلى وسيلة الدفع التي استخدمتها.',
    credit: 'أُضيف {amount} إلى رصيدك في Malewa.',
    none: 'لم يُمنح أي استرداد.',
    note: 'ملاحظتهم: ',
  },
  es: {
    method: 'Te devolvemos {amount} al medio con el que pagaste.',
    credit: 'Hemos añadido {amount} a tu saldo de Malewa.',
    none: 'No se ha concedido ningún reembolso.',
    note: 'Su nota: ',
  },
  fr: {
    method: 'Nous vous remboursons {amount} sur le moyen de paiement utilisé.',
    credit: '{amount} ont été ajoutés à votre crédit Malewa.',
    none: 'Aucun remboursement n’a été accordé.',
    note: 'Leur note : ',
  },
  pt: {
    method: 'Vamos reembolsar {amount} no meio com que pagou.',
    credit: '{amount} foram adicionados ao seu crédito Malewa.',
    none: 'Não foi concedido nenhum reembolso.',
    note: 'A nota deles: ',
  },
  sw: {
    method: 'Tunakurudishia {amount} kupitia njia uliyolipia.',
    credit: '{amount} imeongezwa kwenye salio lako la Malewa.',
    none: 'Hakuna pesa iliyorudishwa.',
    note: 'Maelezo yao: ',
  },
};

/**
 * The message that tells a shopper how their problem report was resolved: email to an
 * address, SMS to a phone number, in their language.
 */
export function problemResolvedMessage(
  publicOrigin: string,
  contact: { identifier: string; locale: string },
  resolution: {
    shop: string;
    orderId: string;
    countryCode: string;
    currency: string;
    refund: number;
    to: RefundDestination;
    note: string | null;
  },
): OutboxMessage {
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat(`${contact.locale}-${resolution.countryCode}`, {
      style: 'currency',
      currency: resolution.currency,
    });
  } catch {
    format = new Intl.NumberFormat('en', { style: 'currency', currency: resolution.currency });
  }
  const words = OUTCOMES[coreLanguageOf(contact.locale)];
  const amount = format.format(resolution.refund / 10 ** currencyDigits(resolution.currency));
  const outcome = words[resolution.refund > 0 ? resolution.to : 'none'].replace('{amount}', amount);
  const { subject, body } = renderMessage('problem-resolved', contact.locale, {
    shop: resolution.shop,
    outcome,
    note: resolution.note ? `\n\n${words.note}${resolution.note}` : '',
    link: siteLink(publicOrigin, contact.locale, `/account/orders/${resolution.orderId}`),
  });
  return {
    channel: contact.identifier.includes('@') ? 'email' : 'sms',
    recipient: contact.identifier,
    template: 'problem-resolved',
    locale: contact.locale,
    subject,
    body,
  };
}

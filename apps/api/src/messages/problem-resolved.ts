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

/** A resolution as the shopper's notice carries it (`notifications.params`: strings). */
export interface ResolutionParams {
  shop: string;
  orderId: string;
  countryCode: string;
  currency: string;
  /** Minor units. */
  amount: string;
  to: string;
  note?: string;
}

/**
 * The words that tell a shopper how their problem report was resolved, in their language:
 * the subject (the lock screen's title), the outcome in a sentence, the whole message.
 */
function renderResolution(
  publicOrigin: string,
  locale: string,
  resolution: ResolutionParams,
): { subject: string; outcome: string; body: string; path: string } {
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat(`${locale}-${resolution.countryCode}`, {
      style: 'currency',
      currency: resolution.currency,
    });
  } catch {
    format = new Intl.NumberFormat('en', { style: 'currency', currency: resolution.currency });
  }
  const words = OUTCOMES[coreLanguageOf(locale)];
  const refund = Number(resolution.amount);
  const amount = format.format(refund / 10 ** currencyDigits(resolution.currency));
  const to: RefundDestination = resolution.to === 'method' ? 'method' : 'credit';
  const outcome = words[refund > 0 ? to : 'none'].replace('{amount}', amount);
  const path = `/account/orders/${resolution.orderId}`;
  const { subject, body } = renderMessage('problem-resolved', locale, {
    shop: resolution.shop,
    outcome,
    note: resolution.note ? `\n\n${words.note}${resolution.note}` : '',
    link: siteLink(publicOrigin, locale, path),
  });
  return { subject, outcome, body, path };
}

/**
 * The messages that tell a shopper how their problem report was resolved, in their language:
 * an email to `email`, an SMS to `phone`, a Web Push message to each subscription in `push`.
 */
export function problemResolvedMessages(
  publicOrigin: string,
  resolution: ResolutionParams,
  to: { locale: string; email: string | null; phone: string | null; push: readonly string[] },
): OutboxMessage[] {
  const { subject, outcome, body, path } = renderResolution(publicOrigin, to.locale, resolution);
  const base = { template: 'problem-resolved', locale: to.locale, subject };
  const messages: OutboxMessage[] = [];
  if (to.email) messages.push({ ...base, channel: 'email', recipient: to.email, body });
  if (to.phone) messages.push({ ...base, channel: 'sms', recipient: to.phone, body });
  const payload = JSON.stringify({
    title: subject,
    body: outcome,
    url: siteLink('', to.locale, path),
    tag: `order:${resolution.orderId}`,
  });
  for (const id of to.push) messages.push({ ...base, channel: 'push', recipient: id, body: payload });
  return messages;
}

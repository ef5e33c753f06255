import { listCreditEntriesEndpoint } from '@malewa/contracts/account/list-credit-entries';
import { MARKET_TIME_ZONES } from '@malewa/contracts/country-codes';
import { CURRENCY_MARKET } from '@malewa/contracts/currencies';
import { deleteSavedCardEndpoint } from '@malewa/contracts/payments/delete-saved-card';
import { listPaymentsEndpoint, listSavedCardsEndpoint } from '@malewa/contracts/payments/list-payments';
import { data as answer, type RouterContextProvider, redirect } from 'react-router';
import { ApiError, apiClientFor } from '#app/platform/api-client/api-client.server.ts';
import { showToast } from '#app/platform/feedback/toast.server.ts';
import { isUuid } from '#app/platform/http/uuid.ts';
import { dateTimeFormat } from '#app/platform/i18n/intl-formats.ts';
import { localeOfPath } from '#app/platform/i18n/locales.ts';
import { pageMessageBundle, translatorFor } from '#app/platform/i18n/messages.server.ts';
import { formattingTag } from '#app/platform/markets/formatting-tag.ts';
import { sessionOf } from '#app/platform/session/session.server.ts';
import { signedInCall } from '#app/platform/session/signed-in-call.server.ts';

/**
 * `/account/payments`: the shopper's payment history (their mobile-money and card payments and
 * how each ended), the numbers they paid with, the cards they saved, and their Malewa credit's
 * movements. Cash is paid at the
 * door and has no record here.
 */
export async function loadPaymentsPage(url: URL, request: Request, context: Readonly<RouterContextProvider>) {
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  const client = apiClientFor(context, request, sessionOf(context));
  const [{ data }, { data: cards }, { data: entries }] = await signedInCall(url, () =>
    Promise.all([
      client.call(listPaymentsEndpoint, {}),
      client.call(listSavedCardsEndpoint, {}),
      client.call(listCreditEntriesEndpoint, {}),
    ]),
  );
  const whenOf = (at: string, currency: keyof typeof CURRENCY_MARKET) => {
    const market = CURRENCY_MARKET[currency];
    return dateTimeFormat(formattingTag(locale.iso, market), {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: MARKET_TIME_ZONES[market],
    }).format(new Date(at));
  };
  // The account's zero opening is no movement to show.
  const credit = entries
    .filter((entry) => entry.kind !== 'opening')
    .map((entry) => ({ ...entry, when: whenOf(entry.at, entry.currency) }));
  const payments = data.map((payment) => ({ ...payment, when: whenOf(payment.createdAt, payment.amount.currency) }));
  const mobile = data.filter((payment) => payment.method !== 'card');
  const numbers = [...new Map(mobile.map((payment) => [`${payment.method} ${payment.phone}`, payment])).values()].map(
    ({ method, phone }) => ({ method, phone }),
  );
  return {
    payments,
    numbers,
    cards,
    credit,
    messageBundles: [pageMessageBundle.commerce(locale.code)],
    title: `${t('commerce.payments.title')} | ${t('site.name')}`,
  };
}

/** Forgets a saved card ("Remove"), then back to the page with a notice. */
export async function submitPaymentsPage(url: URL, request: Request, context: Readonly<RouterContextProvider>) {
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  const form = await request.formData();
  const card = String(form.get('cardId') ?? '');
  if (form.get('intent') !== 'remove-card' || !isUuid(card)) throw answer(null, { status: 400 });
  try {
    await signedInCall(
      url,
      () => apiClientFor(context, request, sessionOf(context)).call(deleteSavedCardEndpoint, { params: { id: card } }),
      { notFound: 'caller' },
    );
    showToast(context, { type: 'success', title: t('commerce.payments.cardRemoved'), message: '' });
  } catch (error) {
    // Forgotten already (another tab): the page shows the cards left.
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
  throw redirect(`${url.pathname}${url.search}`);
}

import { CURRENCY_MARKET } from '@malewa/contracts/currencies';
import { ZListPaymentsResponseSchema } from '@malewa/contracts/payments/list-payments';
import { type RouterContextProvider, redirect } from 'react-router';
import { ApiError, apiClientFor } from '../../platform/api-client/api-client.server.ts';
import { localeOfPath } from '../../platform/i18n/locales.ts';
import { pageMessageBundle, translatorFor } from '../../platform/i18n/messages.server.ts';
import { formattingTag, MARKET_TIME_ZONES } from '../../platform/markets/market-time-zones.ts';
import { loginPathFor, sessionOf } from '../../platform/session/session.server.ts';

/**
 * `/account/payments`: the shopper's payment history (their mobile-money payments and how each
 * ended) and the numbers they paid with. Cash is paid at the door and has no record here.
 */
export async function loadPaymentsPage(url: URL, request: Request, context: Readonly<RouterContextProvider>) {
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  try {
    const { data } = await apiClientFor(context, request, sessionOf(context)).get(
      '/payments',
      ZListPaymentsResponseSchema,
    );
    const payments = data.map((payment) => {
      const market = CURRENCY_MARKET[payment.amount.currency];
      return {
        ...payment,
        when: new Intl.DateTimeFormat(formattingTag(locale.iso, market), {
          dateStyle: 'medium',
          timeStyle: 'short',
          timeZone: MARKET_TIME_ZONES[market],
        }).format(new Date(payment.createdAt)),
      };
    });
    const numbers = [...new Map(data.map((payment) => [`${payment.method} ${payment.phone}`, payment])).values()].map(
      ({ method, phone }) => ({ method, phone }),
    );
    return {
      payments,
      numbers,
      messageBundles: [pageMessageBundle.commerce(locale.code)],
      title: `${t('commerce.payments.title')} | ${t('site.name')}`,
    };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw redirect(loginPathFor(url));
    throw error;
  }
}

import type { RouterContextProvider } from 'react-router';
import { getCart, servicesWithLines } from '#app/features/commerce/cart-api.server.ts';
import { combineCarts } from '#app/features/commerce/combined-cart.ts';
import { localeOfPath } from '#app/platform/i18n/locales.ts';
import { pageMessageBundle, translatorFor } from '#app/platform/i18n/messages.server.ts';
import { sessionOf } from '#app/platform/session/session.server.ts';

/**
 * `/cart`: every cart the shopper has lines in (a guest's too), each with its shops and what it
 * comes to, and with two or more, their total and "pay all carts together".
 */
export async function loadCartsPage(url: URL, request: Request, context: Readonly<RouterContextProvider>) {
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  const services = await servicesWithLines(context, request);
  const carts = await Promise.all(services.map((service) => getCart(context, request, service)));
  return {
    carts: carts.map((cart) => ({
      service: cart.service,
      lineCount: cart.lineCount,
      shops: cart.groups.map((group) => group.provider.name),
      total: cart.total,
    })),
    total: carts.length > 0 ? combineCarts(carts).total : null,
    signedIn: sessionOf(context).signedIn,
    messageBundles: [pageMessageBundle.commerce(locale.code)],
    title: `${t('commerce.carts.title')} | ${t('site.name')}`,
  };
}

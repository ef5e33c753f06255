import { data, type RouterContextProvider } from 'react-router';
import { listSubstitutes } from '#app/features/commerce/cart-api.server.ts';
import { ApiError } from '#app/platform/api-client/api-client.server.ts';
import { isUuid } from '#app/platform/http/uuid.ts';
import { localeOfPath } from '#app/platform/i18n/locales.ts';
import { pageMessageBundle, translatorFor } from '#app/platform/i18n/messages.server.ts';
import { vocabularyOf } from '#app/platform/i18n/vocabulary.server.ts';
import { cartService } from './cart-page.server.ts';

/**
 * `/cart/{grocery|farm}/substitute/{lineId}`: what the shop could pack if a line's item is
 * missing, for the shopper to name one. A line that is not in the shopper's cart is a 404.
 */
export async function loadSubstitutePage(
  url: URL,
  request: Request,
  context: Readonly<RouterContextProvider>,
  serviceParam: string | undefined,
  lineId: string | undefined,
) {
  const service = cartService(context, serviceParam);
  if (!lineId || !isUuid(lineId)) throw data(null, { status: 404 });
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  try {
    const found = await listSubstitutes(context, request, service, lineId);
    return {
      service,
      ...found,
      vocabulary: vocabularyOf(locale.code, found.substitutes),
      messageBundles: [pageMessageBundle.commerce(locale.code)],
      title: `${t('commerce.substitution.pageTitle', { item: found.line.name.text })} | ${t('site.name')}`,
    };
  } catch (error) {
    // No cart (a guest without one) or another's line: nothing of theirs to see.
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
      throw data(null, { status: 404 });
    }
    throw error;
  }
}

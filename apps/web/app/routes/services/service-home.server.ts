import { COLLECTIONS } from '@malewa/contracts/catalog/vocabulary';
import { data, type RouterContextProvider } from 'react-router';
import { itemCardView, providerCardView } from '#app/features/catalog/card-view.server.ts';
import { getFeatured } from '#app/features/catalog/catalog-api.server.ts';
import { localeOfPath, unlocalizePath } from '#app/platform/i18n/locales.ts';
import { translatorFor } from '#app/platform/i18n/messages.server.ts';
import { serviceOfPath } from '#app/platform/services/services.ts';

/**
 * How many cards each shelf of a service home shows: a phone's first screens, and few enough
 * that the page stays within the first round trip's 14 KB with its cards (`npm run bench:web`).
 */
const SHELF_PROVIDERS = 3;
const SHELF_ITEMS = 6;

/** Which service a home is, with its localized title, description and keywords. */
export function serviceHomeOf(url: URL) {
  // The normalized URL: a client navigation requests `/fr/food.data`, which names no service.
  const { pathname } = url;
  const service = serviceOfPath(unlocalizePath(pathname));
  // Only mounted under a service path, so this guards a wrong `routes.ts`, not a visitor.
  if (!service) throw data(null, { status: 404 });
  const t = translatorFor(localeOfPath(pathname).code);
  return {
    service: service.id,
    meta: {
      title: t(`services.${service.id}.title`),
      description: t(`services.${service.id}.description`),
      keywords: t(`seo.${service.id}.keywords`),
    },
  };
}

/**
 * A service home's data: the service and its texts, and its two shelves (the operators'
 * featured shops and items first, then the best-rated and most ordered near the shopper), each
 * with the collection its "see all" opens.
 */
export async function loadServiceHome(url: URL, request: Request, context: Readonly<RouterContextProvider>) {
  const home = serviceHomeOf(url);
  const collections = Object.entries(COLLECTIONS[home.service]);
  const providersCollection = collections.find(([, definition]) => definition.of === 'providers')?.[0] ?? '';
  const itemsCollection = collections.find(([, definition]) => definition.of === 'items')?.[0] ?? '';
  const featured = await getFeatured(context, request, home.service);
  return {
    ...home,
    shelves: {
      providers: {
        collection: providersCollection,
        cards: featured.providers.slice(0, SHELF_PROVIDERS).map((provider) => providerCardView(provider)),
      },
      items: {
        collection: itemsCollection,
        cards: featured.items.slice(0, SHELF_ITEMS).map((item) => itemCardView(item)),
      },
    },
  };
}

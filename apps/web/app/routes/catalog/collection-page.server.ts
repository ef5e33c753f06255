import { ITEM_SORT_FIELDS, PROVIDER_SORT_FIELDS } from '@malewa/contracts/catalog/list-catalog';
import { MARKET_CURRENCY } from '@malewa/contracts/currencies';
import { data, type RouterContextProvider } from 'react-router';
import { placeContext } from '#app/context.ts';
import { itemCardView, providerCardView } from '#app/features/catalog/card-view.server.ts';
import {
  isRefusal,
  listFacets,
  listItems,
  listProviders,
  type Refusal,
} from '#app/features/catalog/catalog-api.server.ts';
import { keptIds } from '#app/features/catalog/favorite-state.server.ts';
import { localeOfPath, unlocalizePath } from '#app/platform/i18n/locales.ts';
import { translatorFor } from '#app/platform/i18n/messages.server.ts';
import type { MessageKey } from '#app/platform/i18n/translator.ts';
import { vocabularyOf } from '#app/platform/i18n/vocabulary.server.ts';
import { minorOf } from '#app/platform/money/minor-units.ts';
import { collectionOfPath } from '#app/platform/navigation/catalog-paths.ts';

/**
 * Shoppers type prices as they see them (KSh 1,500); the API counts minor units. A price that
 * is not one (minor-units.ts reads typed amounts) is refused here, beside its field, as the API
 * refuses its other filters: read as minor units, "1e3" or "0x10" would have filtered by
 * something else than what was typed.
 */
export function pricesInMinorUnits(params: URLSearchParams, currency: string): URLSearchParams | Refusal {
  const next = new URLSearchParams(params);
  const errors: Record<string, string[]> = {};
  for (const name of ['priceMin', 'priceMax']) {
    const raw = params.get(name)?.trim();
    next.delete(name);
    if (!raw) continue;
    const minor = minorOf(raw, currency, { zero: true, max: Number.MAX_SAFE_INTEGER });
    if (minor === undefined) errors[name] = ['Enter a price of 0 or more, e.g. 1500'];
    else next.set(name, String(minor));
  }
  return Object.keys(errors).length > 0 ? { refused: { status: 400, errors } } : next;
}

/** A collection page's data: the list (or the API's refusal of a filter, as a 400), and its texts. */
export async function loadCollectionPage(url: URL, request: Request, context: Readonly<RouterContextProvider>) {
  const where = collectionOfPath(unlocalizePath(url.pathname));
  if (!where) throw data(null, { status: 404 });
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  const place = context.get(placeContext).place;
  const base = {
    service: where.service,
    collection: where.collection,
    kind: where.kind,
    sortFields: where.kind === 'providers' ? [...PROVIDER_SORT_FIELDS] : [...ITEM_SORT_FIELDS],
    view: where.kind === 'providers' && url.searchParams.get('view') === 'map' ? ('map' as const) : ('list' as const),
    place: place?.name ?? null,
    // The map labels the cities we serve (the pages carry no city list otherwise).
    cities:
      where.kind === 'providers' && url.searchParams.get('view') === 'map'
        ? context.get(placeContext).places.map(({ name, latitude, longitude }) => ({ name, latitude, longitude }))
        : null,
    meta: {
      title: t('catalog.page.title', {
        // The tab's own name: one word for the collection everywhere.
        collection: t(`services.tab.${where.collection}` as MessageKey),
        place: place?.name ?? '',
      }),
      description: t(`catalog.collection.${where.collection}.description` as MessageKey, { place: place?.name ?? '' }),
    },
  };
  const currency = place ? MARKET_CURRENCY[place.countryCode] : 'USD';
  const params = pricesInMinorUnits(url.searchParams, currency);
  const view = where.kind === 'providers' && url.searchParams.get('view') === 'map' ? 'map' : 'list';
  // The map shows a fuller page of markers; the list beside it is the same page.
  if (view === 'map' && !isRefusal(params)) params.set('perPage', '48');
  const facets = listFacets(context, request, where.service, where.collection);
  if (where.kind === 'providers') {
    const [result, narrowing, kept] = await Promise.all([
      isRefusal(params) ? params : listProviders(context, request, where.service, where.collection, params),
      facets,
      keptIds(context, request),
    ]);
    const withFacets = { ...base, facets: narrowing, vocabulary: vocabularyOf(locale.code, narrowing, result) };
    if (isRefusal(result))
      return data({ ...withFacets, providers: null, items: null, errors: result.refused.errors }, 400);
    return {
      ...withFacets,
      providers: { ...result, data: result.data.map((provider) => providerCardView(provider, kept)) },
      items: null,
      errors: null,
    };
  }
  const [result, narrowing, kept] = await Promise.all([
    isRefusal(params) ? params : listItems(context, request, where.service, where.collection, params),
    facets,
    keptIds(context, request),
  ]);
  const withFacets = { ...base, facets: narrowing, vocabulary: vocabularyOf(locale.code, narrowing, result) };
  if (isRefusal(result))
    return data({ ...withFacets, providers: null, items: null, errors: result.refused.errors }, 400);
  return {
    ...withFacets,
    providers: null,
    items: { ...result, data: result.data.map((item) => itemCardView(item, kept)) },
    errors: null,
  };
}

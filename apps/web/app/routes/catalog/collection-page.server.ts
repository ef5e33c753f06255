import { ITEM_SORT_FIELDS, PROVIDER_SORT_FIELDS } from '@malewa/contracts/catalog/list-catalog';
import { currencyDigits, MARKET_CURRENCY } from '@malewa/contracts/currencies';
import { data, type RouterContextProvider } from 'react-router';
import { placeContext } from '../../context.ts';
import { itemCardView, providerCardView } from '../../features/catalog/card-view.server.ts';
import { isRefusal, listFacets, listItems, listProviders } from '../../features/catalog/catalog-api.server.ts';
import { keptIds } from '../../features/catalog/favorite-state.server.ts';
import { localeOfPath, unlocalizePath } from '../../platform/i18n/locales.ts';
import { translatorFor } from '../../platform/i18n/messages.server.ts';
import type { MessageKey } from '../../platform/i18n/translator.ts';
import { vocabularyOf } from '../../platform/i18n/vocabulary.server.ts';
import { collectionOfPath } from '../../platform/navigation/catalog-paths.ts';

/**
 * Shoppers type prices as they see them (KSh 1,500); the API counts minor units. A value that
 * is not a non-negative number is passed on as typed, for the API to refuse with its message.
 */
function pricesInMinorUnits(params: URLSearchParams, currency: string): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of ['priceMin', 'priceMax']) {
    const raw = params.get(name)?.trim();
    if (!raw) {
      next.delete(name);
      continue;
    }
    const major = Number(raw);
    if (Number.isFinite(major) && major >= 0)
      next.set(name, String(Math.round(major * 10 ** currencyDigits(currency))));
  }
  return next;
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
  if (view === 'map') params.set('perPage', '48');
  const facets = listFacets(context, request, where.service, where.collection);
  if (where.kind === 'providers') {
    const [result, narrowing, kept] = await Promise.all([
      listProviders(context, request, where.service, where.collection, params),
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
    listItems(context, request, where.service, where.collection, params),
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

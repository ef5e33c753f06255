import type { ItemCard, ProviderCard } from '@malewa/contracts/catalog/catalog-card';
import type { SearchCatalogResponse } from '@malewa/contracts/catalog/search-catalog';
import type { KeptIds } from './favorite-state.server.ts';
import type { ItemCardView } from './item-card.tsx';
import type { ProviderCardView } from './provider-card.tsx';

/**
 * Of an item from the API, what its card shows: list pages send only this to the browser. Ids,
 * tags, stock and steps are for the item's own page and the cart; on a list of fifteen cards
 * they were a third of the page's data, the ids (random, so incompressible) most of it.
 */
export function itemCardView(
  item: ItemCard,
  kept: KeptIds | null = null,
  on: 'list' | 'its-shop' = 'list',
): ItemCardView {
  const view: ItemCardView = {
    // A signed-in shopper's cards carry their heart (its form needs the id); a guest's do not.
    ...(kept ? { favorite: { id: item.id, kept: kept.items.has(item.id) } } : {}),
    slug: item.slug,
    service: item.service,
    type: item.type,
    name: item.name,
    category: item.category,
    dietary: item.dietary,
    price: item.price,
    unit: item.unit,
    available: item.available,
    images: item.images.slice(0, 1),
  };
  // On its shop's page the header names the shop and its delivery once, for every card.
  if (on === 'its-shop') return view;
  return { ...view, delivery: item.delivery, provider: { name: item.provider.name, openNow: item.provider.openNow } };
}

/** Of a provider from the API, what its card and its marker on the map show. */
export function providerCardView(provider: ProviderCard, kept: KeptIds | null = null): ProviderCardView {
  return {
    ...(kept ? { favorite: { id: provider.id, kept: kept.providers.has(provider.id) } } : {}),
    slug: provider.slug,
    service: provider.service,
    name: provider.name,
    description: provider.description,
    city: provider.city,
    area: provider.area,
    cuisines: provider.cuisines,
    rating: provider.rating,
    byAppointment: provider.byAppointment,
    openNow: provider.openNow,
    images: provider.images,
    delivery: provider.delivery,
    latitude: provider.latitude,
    longitude: provider.longitude,
  };
}

/** A search's answer with its cards cut to what they show. */
export function searchView(result: SearchCatalogResponse, kept: KeptIds | null = null) {
  return {
    ...result,
    data: {
      providers: result.data.providers.map((provider) => providerCardView(provider, kept)),
      items: result.data.items.map((item) => itemCardView(item, kept)),
    },
  };
}

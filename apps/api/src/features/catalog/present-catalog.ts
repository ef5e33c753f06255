import type { DeliveryQuote, ItemCard, Money, ProviderCard } from '@malewa/contracts/catalog/catalog-card';
import { pickText } from '#api/localized-text.ts';
import { deliveryQuote as quoteDelivery } from '#api/pricing/delivery-quote.ts';
import type { ItemCardRow, ItemProviderRow, Market, ProviderRow } from './catalog-repository.ts';

function money(amount: number, market: Market): Money {
  return { amount, currency: market.currency as Money['currency'] };
}

/** The delivery fee and time to the shopper's point (pricing/delivery-quote.ts), or null when the place is unknown or out of range. */
export function deliveryQuote(provider: ItemProviderRow, market: Market): DeliveryQuote | null {
  if (provider.distanceKm === null) return null;
  const quote = quoteDelivery(provider, provider.distanceKm, market.currency);
  return quote
    ? {
        distanceKm: quote.distanceKm,
        fee: money(quote.feeMinor, market),
        freeAbove: quote.freeAboveMinor === null ? null : money(quote.freeAboveMinor, market),
        etaMinutes: quote.etaMinutes,
      }
    : null;
}

export function providerCard(row: ProviderRow, market: Market, languages: readonly string[]): ProviderCard {
  return {
    id: row.id,
    slug: row.slug,
    service: row.service as ProviderCard['service'],
    kind: row.kind as ProviderCard['kind'],
    name: row.name,
    description: pickText(row.description, languages),
    city: row.city,
    area: row.area,
    latitude: row.latitude,
    longitude: row.longitude,
    cuisines: row.cuisines,
    rating: { average: Math.round(row.ratingAverage * 10) / 10, count: row.ratingCount },
    minimumOrder: money(row.minimumOrder, market),
    prepMinutes: row.prepMinutes,
    byAppointment: row.byAppointment,
    openNow: Boolean(row.openNow),
    images: row.coverImages,
    distanceKm: row.distanceKm === null ? null : Math.round(row.distanceKm * 10) / 10,
    delivery: deliveryQuote(row, market),
  };
}

export function itemCard(row: ItemCardRow, market: Market, languages: readonly string[]): ItemCard {
  return {
    id: row.id,
    slug: row.slug,
    service: row.service as ItemCard['service'],
    type: row.type as ItemCard['type'],
    name: pickText(row.name, languages),
    category: row.category,
    tags: row.tags,
    dietary: row.dietary as ItemCard['dietary'],
    price: { amount: row.price, currency: row.currency as Money['currency'] },
    unit: row.unit,
    stepMilli: row.stepMilli,
    stock: row.stock,
    // A shop that paused its orders lists its items as not to be had now.
    available: row.available && !row.provider.paused && (row.stock === null || row.stock > 0),
    images: row.images,
    provider: {
      id: row.provider.id,
      slug: row.provider.slug,
      name: row.provider.name,
      rating: { average: Math.round(row.provider.ratingAverage * 10) / 10, count: row.provider.ratingCount },
      openNow: Boolean(row.provider.openNow),
    },
    delivery: deliveryQuote(row.provider, market),
  };
}

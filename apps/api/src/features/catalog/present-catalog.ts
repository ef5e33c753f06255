import type {
  DeliveryQuote,
  ItemCard,
  LocalizedTextOut,
  Money,
  ProviderCard,
} from '@malewa/contracts/catalog/catalog-card';
import type { LocalizedText } from '@malewa/db/schema/catalog';
import type { ItemRow, Market, ProviderRow } from './catalog-repository.ts';

/** The text in the first of `languages` it has, else English, else any; with its language. */
export function pickText(text: LocalizedText, languages: readonly string[]): LocalizedTextOut {
  for (const lang of [...languages, 'en']) {
    const value = text[lang];
    if (value) return { text: value, lang };
  }
  const [lang, value] = Object.entries(text)[0] ?? ['en', ''];
  return { text: value, lang };
}

function money(amount: number, market: Market): Money {
  return { amount, currency: market.currency as Money['currency'] };
}

/** Minor units per major unit of the market's currency (RWF has none). */
function majorUnit(currency: string): number {
  const digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits;
  return 10 ** (digits ?? 2);
}

/**
 * The delivery fee and time to the shopper's point: the base fee plus the per-km fee for each
 * started kilometre, rounded up to a whole major unit; the time is the kitchen's preparation
 * plus about 4 minutes a kilometre and 10 to hand over, to the next 5 minutes.
 */
export function deliveryQuote(provider: ProviderRow, market: Market): DeliveryQuote | null {
  // Unknown place, or beyond the provider's radius: no quote (the card says how far it is).
  if (provider.distanceKm === null || provider.distanceKm > provider.deliveryRadiusKm) return null;
  const distanceKm = Math.round(provider.distanceKm * 10) / 10;
  const major = majorUnit(market.currency);
  const raw = provider.deliveryFeeBase + provider.deliveryFeePerKm * Math.ceil(provider.distanceKm);
  const fee = Math.ceil(raw / major) * major;
  const minutes = provider.prepMinutes + provider.distanceKm * 4 + 10;
  return {
    distanceKm,
    fee: money(fee, market),
    freeAbove: provider.freeDeliveryAbove === null ? null : money(provider.freeDeliveryAbove, market),
    etaMinutes: Math.ceil(minutes / 5) * 5,
  };
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

export function itemCard(row: ItemRow, market: Market, languages: readonly string[]): ItemCard {
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
    available: row.available && (row.stock === null || row.stock > 0),
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

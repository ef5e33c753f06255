import { z } from 'zod';
import { ZCurrencyCodeSchema } from '../markets.ts';
import { DIETARY_FLAGS, ITEM_TYPES, PROVIDER_KINDS, SERVICE_IDS } from './vocabulary.ts';

/**
 * A text a provider wrote, in the best language the catalog has for the shopper (requested →
 * market language → English → any) and the language it is in, so the page can mark a fallback
 * with its own `lang`.
 */
export const ZLocalizedTextSchema = z.object({ text: z.string(), lang: z.string() });
export type LocalizedTextOut = z.infer<typeof ZLocalizedTextSchema>;

/** Integer minor units of an ISO 4217 currency; never a float (docs/product/catalog.md, money). */
export const ZMoneySchema = z.object({ amount: z.number().int().min(0), currency: ZCurrencyCodeSchema });
export type Money = z.infer<typeof ZMoneySchema>;

/** Delivery to the shopper's point: only present when the shopper's place is known. */
export const ZDeliveryQuoteSchema = z.object({
  distanceKm: z.number().min(0),
  fee: ZMoneySchema,
  /** The subtotal from which delivery is free, if the provider has one. */
  freeAbove: ZMoneySchema.nullable(),
  etaMinutes: z.number().int().min(0),
});
export type DeliveryQuote = z.infer<typeof ZDeliveryQuoteSchema>;

export const ZProviderCardSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  service: z.enum(SERVICE_IDS),
  kind: z.enum(PROVIDER_KINDS),
  name: z.string(),
  description: ZLocalizedTextSchema,
  city: z.string(),
  area: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  cuisines: z.array(z.string()),
  rating: z.object({ average: z.number().min(0).max(5), count: z.number().int().min(0) }),
  minimumOrder: ZMoneySchema,
  prepMinutes: z.number().int().min(0),
  byAppointment: z.boolean(),
  /** Open at the time of the request, in the market's time zone (false when by appointment). */
  openNow: z.boolean(),
  /** The icons of its (up to) three most ordered items, best first: its cover is drawn from them. */
  images: z.array(z.string()).max(3),
  /** From the shopper's point, when known, whether or not the provider delivers there. */
  distanceKm: z.number().min(0).nullable(),
  /** Only when the shopper's point is known and within the provider's delivery radius. */
  delivery: ZDeliveryQuoteSchema.nullable(),
});
export type ProviderCard = z.infer<typeof ZProviderCardSchema>;

export const ZItemCardSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  service: z.enum(SERVICE_IDS),
  type: z.enum(ITEM_TYPES),
  name: ZLocalizedTextSchema,
  category: z.string(),
  tags: z.array(z.string()),
  dietary: z.array(z.enum(DIETARY_FLAGS)),
  price: ZMoneySchema,
  unit: z.string(),
  /** The sellable step in thousandths of the unit (500: half a kilo). */
  stepMilli: z.number().int().min(1),
  /** Null where stock does not apply (cooked to order). */
  stock: z.number().int().min(0).nullable(),
  available: z.boolean(),
  images: z.array(z.string()),
  provider: z.object({
    id: z.uuid(),
    slug: z.string(),
    name: z.string(),
    rating: z.object({ average: z.number().min(0).max(5), count: z.number().int().min(0) }),
    openNow: z.boolean(),
  }),
  delivery: ZDeliveryQuoteSchema.nullable(),
});
export type ItemCard = z.infer<typeof ZItemCardSchema>;

import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { ZStoreHeadersSchema } from '../request-headers.ts';
import { ZLocalizedTextSchema, ZMoneySchema } from './catalog-card.ts';
import { ITEM_TYPES, OFFER_KINDS, SERVICE_IDS, type ServiceId } from './vocabulary.ts';

export const ZOfferSchema = z.object({
  id: z.uuid(),
  service: z.enum(SERVICE_IDS),
  kind: z.enum(OFFER_KINDS),
  /** Percent offers: the percent (1–100); fixed: the amount off; free delivery: null. */
  percent: z.number().int().min(1).max(100).nullable(),
  amountOff: ZMoneySchema.nullable(),
  minimumSubtotal: ZMoneySchema,
  title: ZLocalizedTextSchema.nullable(),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  /** A coupon's code; null for an offer that applies by itself. */
  code: z.string().nullable(),
  perShopperLimit: z.number().int().min(1).nullable(),
  /** Uses left of a coupon with a total limit. */
  remaining: z.number().int().min(0).nullable(),
  provider: z.object({ id: z.uuid(), slug: z.string(), name: z.string() }).nullable(),
  /** Only between these times of each day ("HH:MM", the market's clock; `to` before `from`: past midnight); null: all day. */
  hours: z.object({ from: z.string(), to: z.string() }).nullable(),
  /**
   * Only on these items, those the storefront shows (a hidden one is left out, so the list may
   * be shorter than the offer's); null: every item.
   */
  items: z
    .array(z.object({ id: z.uuid(), slug: z.string(), type: z.enum(ITEM_TYPES), name: ZLocalizedTextSchema }))
    .nullable(),
});
export type Offer = z.infer<typeof ZOfferSchema>;

export const ZListOffersResponseSchema = z.object({ data: z.array(ZOfferSchema) });
export type ListOffersResponse = z.infer<typeof ZListOffersResponseSchema>;

/** `GET /{service}/offers`; each service's is in CATALOG_ENDPOINTS (catalog-endpoints.ts). */
export function listOffersEndpoint<const S extends ServiceId>(service: S) {
  return defineEndpoint({
    api: 'base',
    method: 'GET',
    path: `/${service}/offers`,
    tags: [`catalog: ${service}`],
    summary: `Running ${service} offers and coupons`,
    access: 'anyone',
    headers: ZStoreHeadersSchema,
    success: { 200: ZListOffersResponseSchema },
    refusals: [400],
  });
}

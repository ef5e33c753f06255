import { z } from 'zod';
import { OFFER_FUNDERS, OFFER_KINDS, OFFER_STATES, SERVICE_IDS } from '../catalog/vocabulary.ts';
import { dataEnvelope, ZPageQuerySchema } from '../envelope.ts';
import { ZInterfaceLocaleSchema } from '../interface-locales.ts';
import { ZCountryCodeSchema, ZCurrencyCodeSchema } from '../markets.ts';
import { singleLine } from '../text.ts';
import { ZOfferHoursSchema, ZOfferItemIdsSchema } from './offer-hours.ts';

const limit = z.number().int().min(1).max(1_000_000).nullable().default(null);

/**
 * An offer as a provider (for their shop) or an operator (for a whole service, or a shop) makes
 * it (docs/product/providers.md, offers in the consoles): a percent, an amount off or free
 * delivery, from a subtotal, between two moments; with a code it is a coupon, which limits may
 * cap. `hours` keeps it to some hours of each day, `itemIds` to some of the shop's items (only
 * they count, towards the minimum and the discount: docs/decisions/0032-one-pricing-rule.md).
 */
export const ZOfferInputSchema = z
  .object({
    kind: z.enum(OFFER_KINDS),
    /** Percent: 1–100; fixed: minor units off; free delivery: 0. */
    value: z.number().int().min(0).max(100_000_000),
    minimumSubtotal: z.number().int().min(0).max(100_000_000).default(0),
    title: z.partialRecord(ZInterfaceLocaleSchema, singleLine().trim().min(2).max(80)).default({}),
    startsAt: z.iso.datetime(),
    endsAt: z.iso.datetime(),
    code: z
      .string()
      .trim()
      .transform((code) => code.toUpperCase())
      .pipe(z.string().regex(/^[A-Z0-9]{4,20}$/, 'A code is 4 to 20 letters and digits'))
      .nullable()
      .default(null),
    totalLimit: limit,
    perShopperLimit: limit,
    /** Only between these times of each day, on the market's clock; null: all day. */
    hours: ZOfferHoursSchema.nullable().default(null),
    /** Only these items of its shop; null: every item. An offer of a whole service takes none. */
    itemIds: ZOfferItemIdsSchema.nullable().default(null),
  })
  .strict()
  .refine((offer) => Date.parse(offer.endsAt) > Date.parse(offer.startsAt), {
    message: 'It ends after it starts',
    path: ['endsAt'],
  })
  .refine(
    (offer) =>
      offer.kind === 'percent'
        ? offer.value >= 1 && offer.value <= 100
        : offer.kind === 'fixed'
          ? offer.value > 0
          : offer.value === 0,
    { message: 'A percent is 1 to 100, an amount off more than zero, free delivery none', path: ['value'] },
  );
export type OfferInput = z.infer<typeof ZOfferInputSchema>;

/**
 * An operator's offer: for a market's whole service, or for one of its shops; only a shop's
 * offer can be limited to items (the API checks they are that shop's).
 */
export const ZOperatorOfferInputSchema = z
  .intersection(
    z.object({
      countryCode: ZCountryCodeSchema,
      service: z.enum(SERVICE_IDS),
      providerId: z.uuid().nullable().default(null),
    }),
    ZOfferInputSchema,
  )
  .refine((offer) => offer.providerId !== null || offer.itemIds === null, {
    message: 'Only an offer of one shop is limited to items',
    path: ['itemIds'],
  });
export type OperatorOfferInput = z.infer<typeof ZOperatorOfferInputSchema>;

export const ZManagedOfferSchema = z.object({
  id: z.uuid(),
  countryCode: ZCountryCodeSchema,
  service: z.enum(SERVICE_IDS),
  provider: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** Who pays for its discounts: the shop for its own offers, the marketplace for an operator's. */
  fundedBy: z.enum(OFFER_FUNDERS),
  kind: z.enum(OFFER_KINDS),
  value: z.number().int(),
  minimumSubtotal: z.number().int(),
  currency: ZCurrencyCodeSchema,
  title: z.record(z.string(), z.string()),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  code: z.string().nullable(),
  totalLimit: z.number().int().nullable(),
  perShopperLimit: z.number().int().nullable(),
  /** "HH:MM" on the market's clock, `to` before `from` running past midnight; null: all day. */
  hours: z.object({ from: z.string(), to: z.string() }).nullable(),
  /** The items it is limited to; null: every item of its shop (or service). */
  itemIds: z.array(z.uuid()).nullable(),
  redemptions: z.number().int(),
  state: z.enum(OFFER_STATES),
});
export type ManagedOffer = z.infer<typeof ZManagedOfferSchema>;

export const ZManagedOffersResponseSchema = z.object({ data: z.array(ZManagedOfferSchema) });
export const ZManagedOfferResponseSchema = dataEnvelope(ZManagedOfferSchema);
export const ZOfferParamsSchema = z.object({ id: z.uuid() });
/** Ending an offer already over (its end passed, or it was ended): the 409 a console tells as such. */
export const ZEndOfferProblemSchema = z.object({ code: z.literal('offer_over') });
export type EndOfferProblem = z.infer<typeof ZEndOfferProblemSchema>;
/** `GET /api/operator/offers`: by market, service and state, newest first. */
export const ZListOperatorOffersQuerySchema = ZPageQuerySchema.extend({
  countryCode: ZCountryCodeSchema.optional(),
  service: z.enum(SERVICE_IDS).optional(),
  state: z.enum(OFFER_STATES).optional(),
});
export type ListOperatorOffersQuery = z.infer<typeof ZListOperatorOffersQuerySchema>;

/** An item an offer can be limited to, as the operator's offer form lists a shop's. */
export const ZOfferItemSchema = z.object({
  id: z.uuid(),
  name: z.record(z.string(), z.string()),
  /** Out of the storefront by its shop: it can be chosen, but nobody buys it until it is back. */
  hidden: z.boolean(),
});
export type OfferItem = z.infer<typeof ZOfferItemSchema>;
export const ZOfferItemsResponseSchema = z.object({ data: z.array(ZOfferItemSchema) });
export const ZOfferItemsParamsSchema = z.object({ id: z.uuid() });

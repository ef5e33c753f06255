import { z } from 'zod';
import { ZLocalizedTextSchema, ZMoneySchema } from '../catalog/catalog-card.ts';
import { ITEM_TYPES, OFFER_KINDS, SERVICE_IDS } from '../catalog/vocabulary.ts';
import { ZCountryCodeSchema, ZCurrencyCodeSchema } from '../markets.ts';
import { ZDiscountLineSchema } from './discount-line.ts';

/**
 * What a grocery or farm shopper wants when a line's item is missing at packing time: the
 * closest match the shop has, one item of the shop they named (`specific`: "this one
 * instead", the line's `substitute`), or the money back.
 */
export const SUBSTITUTION_PREFERENCES = ['best_match', 'specific', 'refund'] as const;
export type SubstitutionPreference = (typeof SUBSTITUTION_PREFERENCES)[number];

/**
 * Why a line cannot be bought as it stands. The cart says so instead of dropping the line:
 * `unavailable` (sold out or withdrawn), `price_changed` (the price differs from when it was
 * added: `addedUnitPrice`), `out_of_stock` (fewer left than the quantity), `options_changed`
 * (the shop changed the item's choices; choose again), `slot_taken` (the chef was booked for
 * that time meanwhile), `slot_passed` (a booking's start is now too close or gone).
 */
export const CART_LINE_PROBLEMS = [
  'unavailable',
  'price_changed',
  'out_of_stock',
  'options_changed',
  'slot_taken',
  'slot_passed',
] as const;

/**
 * A chef experience booked in a cart or an order: when it starts and ends, for how many
 * guests, and the chef's time zone, in which the shopper reads the time.
 */
export const ZBookingSchema = z.object({
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  guests: z.number().int().min(1),
  timeZone: z.string(),
});
export type Booking = z.infer<typeof ZBookingSchema>;

/** Largest quantity of one line, in the item's unit (99 plates, 99 kg). */
export const MAX_LINE_QUANTITY = 99;
/** Most lines one cart holds. */
export const MAX_CART_LINES = 50;

/**
 * The shopper's choices for an item's options, in the item's order: for each option, the
 * indexes of the chosen choices (`[[1], [0, 2]]`: the second size, the first and third extra).
 */
export const ZCartChoicesSchema = z
  .array(z.array(z.number().int().min(0).max(99)).max(20))
  .max(20)
  .describe('For each of the item’s options, in order, the indexes of the chosen choices');

export const ZCartLineSchema = z.object({
  id: z.uuid(),
  item: z.object({
    slug: z.string(),
    type: z.enum(ITEM_TYPES),
    name: ZLocalizedTextSchema,
    images: z.array(z.string()),
    unit: z.string(),
    /** The sellable step in thousandths of the unit (500: half a kilo). */
    stepMilli: z.number().int().min(1),
    /** Units left; null where stock does not apply (cooked to order). */
    stock: z.number().int().min(0).nullable(),
    available: z.boolean(),
  }),
  choices: z.array(z.object({ option: ZLocalizedTextSchema, choice: ZLocalizedTextSchema, price: ZMoneySchema })),
  choiceIndexes: ZCartChoicesSchema,
  /** In the item's unit: 2 (plates), 1.5 (kg); a multiple of the step. */
  quantity: z.number().positive(),
  /** One unit with its choices, at today's catalog price. */
  unitPrice: ZMoneySchema,
  /** One unit with its choices when the line was added or last changed. */
  addedUnitPrice: ZMoneySchema,
  total: ZMoneySchema,
  substitution: z.enum(SUBSTITUTION_PREFERENCES),
  /** The item the shopper named for "this one instead"; null otherwise. */
  substitute: z.object({ slug: z.string(), name: ZLocalizedTextSchema }).nullable(),
  /** A chef experience's booking; null for everything else. */
  booking: ZBookingSchema.nullable(),
  problems: z.array(z.enum(CART_LINE_PROBLEMS)),
});
export type CartLine = z.infer<typeof ZCartLineSchema>;

export const ZCartGroupSchema = z.object({
  provider: z.object({ slug: z.string(), name: z.string(), minimumOrder: ZMoneySchema }),
  lines: z.array(ZCartLineSchema),
  subtotal: ZMoneySchema,
  /** The group's subtotal is under the provider's minimum order: checkout will refuse it. */
  belowMinimum: z.boolean(),
  /** Whether the provider delivers to the shopper's location; null while the location is unknown. */
  deliversHere: z.boolean().nullable(),
  /**
   * Delivery to the shopper's location: its fee (nothing once the subtotal reaches `freeAbove`)
   * and time; null when the location is unknown or out of the provider's range.
   */
  delivery: z
    .object({
      distanceKm: z.number().min(0),
      fee: ZMoneySchema,
      freeAbove: ZMoneySchema.nullable(),
      etaMinutes: z.number().int().min(0),
    })
    .nullable(),
  /**
   * Whether the provider can take an order for as soon as possible: open now, and what it
   * starts now reaches the door before it closes. When false, checkout takes only a delivery
   * window. Null for Chef (a booking carries its own time).
   */
  deliversNow: z.boolean().nullable(),
  /** The shop's discounts (docs/decisions/0032): its best automatic offer, then the coupon's share. */
  discounts: z.array(ZDiscountLineSchema),
  /** Σ of `discounts`. */
  discount: ZMoneySchema,
  /** What this shop's order comes to: subtotal plus delivery fee less discount, never below zero. */
  total: ZMoneySchema,
});

/**
 * Why a coupon does not apply (the storefront words each): `sign_in` (coupons are for signed-in
 * shoppers, whose uses are counted), `not_started`, `expired`, `below_minimum` (the subtotal it
 * applies to is under its minimum: `minimumSubtotal`), `used_up` (its total uses are spent),
 * `already_used` (this shopper has used it as often as allowed), `provider_not_in_cart` (it is
 * one provider's, and nothing of theirs is in the cart).
 */
export const COUPON_PROBLEMS = [
  'sign_in',
  'not_started',
  'expired',
  'below_minimum',
  'used_up',
  'already_used',
  'provider_not_in_cart',
] as const;
export type CouponProblem = (typeof COUPON_PROBLEMS)[number];

/**
 * A coupon refused, as the refusal's `problem`: its reason, and for `below_minimum` the
 * subtotal it needs, for the storefront to say.
 */
export const ZCouponRefusalSchema = z.discriminatedUnion('code', [
  z.object({ code: z.enum(COUPON_PROBLEMS).exclude(['below_minimum']) }),
  z.object({ code: z.literal('below_minimum'), minimumSubtotal: ZMoneySchema }),
]);
export type CouponRefusal = z.infer<typeof ZCouponRefusalSchema>;

/**
 * The coupon on a cart, checked on every read: what it takes off the subtotal it applies to
 * (the whole cart, or one provider's part), or, for free delivery, those parts' delivery fees.
 */
export const ZCartCouponSchema = z.object({
  code: z.string(),
  kind: z.enum(OFFER_KINDS),
  /** Percent: whole percent; fixed: minor units; free delivery: 0. */
  value: z.number().int().min(0),
  /** The provider it is limited to, if any. */
  providerSlug: z.string().nullable(),
  minimumSubtotal: ZMoneySchema,
  endsAt: z.iso.datetime(),
  discount: ZMoneySchema,
  problem: z.enum(COUPON_PROBLEMS).nullable(),
});
export type CartCoupon = z.infer<typeof ZCartCouponSchema>;

/**
 * A cart of one service in one market, its lines grouped by provider (each provider delivers
 * its own order). Every amount is computed on the server from the catalog.
 */
export const ZCartSchema = z.object({
  service: z.enum(SERVICE_IDS),
  countryCode: ZCountryCodeSchema,
  currency: ZCurrencyCodeSchema,
  groups: z.array(ZCartGroupSchema),
  lineCount: z.number().int().min(0),
  subtotal: ZMoneySchema,
  /** The delivery fees of the groups that deliver to the shopper's location. */
  deliveryFee: ZMoneySchema,
  coupon: ZCartCouponSchema.nullable(),
  /** Σ of the groups' discounts: automatic offers and the coupon. */
  discount: ZMoneySchema,
  /** Subtotal plus delivery fees less discount, never below zero. */
  total: ZMoneySchema,
});
export type Cart = z.infer<typeof ZCartSchema>;

export const ZCartParamsSchema = z.object({ service: z.enum(SERVICE_IDS) });

/**
 * Where the cart goes, when the shopper has said (the pin of the address chosen at checkout):
 * its fees, estimates, whether each shop can deliver now and its delivery windows are worked
 * out there, as checkout will judge them, instead of at the centre of the shopper's place.
 */
export const ZDeliveryPointQuerySchema = z
  .object({
    lat: z.coerce.number().min(-90).max(90).optional(),
    lng: z.coerce.number().min(-180).max(180).optional(),
  })
  .refine((query) => (query.lat === undefined) === (query.lng === undefined), {
    message: 'Send lat and lng together',
    path: ['lat'],
  });
export type DeliveryPointQuery = z.infer<typeof ZDeliveryPointQuerySchema>;
export const ZCartLineParamsSchema = z.object({ service: z.enum(SERVICE_IDS), lineId: z.uuid() });

/**
 * A guest's cart token: 32 random bytes, base64url, made by the storefront and kept in the
 * shopper's httpOnly cookie. The API keeps only its hash.
 */
export const CART_TOKEN_HEADER = 'x-cart-token';
export const CART_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

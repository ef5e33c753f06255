import { z } from 'zod';
import { ZCartParamsSchema, ZCouponRefusalSchema } from '../carts/cart.ts';
import { ZMoneySchema } from '../catalog/catalog-card.ts';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZPaymentSchema } from '../payments/payment.ts';
import { ZCheckoutHeadersSchema } from '../request-headers.ts';
import { MOBILE_MONEY_METHODS, ZDeliveryAddressSchema, ZOrderSchema } from './order.ts';

/** The shop a refusal is about, by its slug (`mama-oliech`). */
const ZProblemShopSchema = z.string().describe('The slug of the shop it is about');

/**
 * Why a checkout is refused, as the refusal's `problem` (a 422), for the storefront to word and
 * act on: `empty`; `cart_changed` (a line is unavailable, out of stock or its choices changed:
 * the cart says which); `below_minimum` and `out_of_range` (the `shop`'s part is under its
 * minimum, or it does not deliver to the pin); `closed` (the `shop` cannot deliver as soon as
 * possible now: a window instead); `payment_method` (not one of the market's); `slot` (the
 * delivery window is not one the cart can be scheduled for now, or a chef cart was given one);
 * `slot_taken` (the chef was booked for a booking's time meanwhile: the cart says which);
 * `total_changed` (the carts come to another total at the address sent than `expectedTotal`,
 * the one the shopper saw); `coupon` (the cart's coupon no longer applies, or its last use was
 * taken meanwhile: the `coupon`'s own refusal).
 */
export const CHECKOUT_PROBLEMS = [
  'empty',
  'cart_changed',
  'below_minimum',
  'out_of_range',
  'payment_method',
  'slot',
  'slot_taken',
  'closed',
  'total_changed',
  'coupon',
] as const;
export type CheckoutProblemCode = (typeof CHECKOUT_PROBLEMS)[number];

/** The problems that name a shop of the order. */
const SHOP_PROBLEMS = ['below_minimum', 'out_of_range', 'closed'] as const;
const ZCheckoutProblemCodeSchema = z.enum(CHECKOUT_PROBLEMS);

export const ZCheckoutProblemSchema = z.discriminatedUnion('code', [
  z.object({ code: ZCheckoutProblemCodeSchema.exclude([...SHOP_PROBLEMS, 'coupon']) }),
  z.object({ code: ZCheckoutProblemCodeSchema.extract(SHOP_PROBLEMS), shop: ZProblemShopSchema }),
  z.object({ code: z.literal('coupon'), coupon: ZCouponRefusalSchema }),
]);
export type CheckoutProblem = z.infer<typeof ZCheckoutProblemSchema>;

/** How a checkout is paid: nothing about money but the note a cash payer will hand over. */
export const ZCheckoutPaymentSchema = z.discriminatedUnion('method', [
  z.strictObject({
    method: z.literal('cash'),
    /** Minor units of the market's currency: the note the rider should bring change for. */
    changeFor: z.number().int().positive().max(100_000_000).optional(),
  }),
  z.strictObject({
    /** One of the market's (MARKET_MOBILE_MONEY); the prompt goes to `phone`. */
    method: z.enum(MOBILE_MONEY_METHODS),
    phone: z.string().trim().min(6).max(32),
  }),
  z.strictObject({
    /**
     * A card: one I saved before (`savedCard`, its id), or a new one entered on the gateway's
     * own page (never here); `saveCard` keeps the new one's token for next time.
     */
    method: z.literal('card'),
    savedCard: z.uuid().optional(),
    saveCard: z.boolean().default(false),
  }),
]);

/**
 * The total the shopper was shown, in minor units of the market's currency. When the carts come
 * to another at the address sent (its delivery fees, a price changed since), nothing is placed
 * or paid and the refusal is `total_changed`: no order is ever for an amount the shopper did not see.
 */
export const ZExpectedTotalSchema = z.int().nonnegative().max(1_000_000_000_000).optional();

export const ZCheckoutRequestSchema = z.strictObject({
  address: ZDeliveryAddressSchema,
  /**
   * The start of the delivery window wanted, one of `GET /carts/{service}/delivery-slots`;
   * absent: as soon as possible. A chef cart's time is its bookings'.
   */
  deliverAt: z.iso.datetime().optional(),
  payment: ZCheckoutPaymentSchema,
  expectedTotal: ZExpectedTotalSchema,
  /**
   * A tip in minor units, on top of the total (`expectedTotal` leaves it out): shared over the
   * orders by their goods, whole to whoever delivers. At most half the goods after discounts.
   */
  tip: z.int().nonnegative().max(1_000_000_000).optional(),
  /** Pay with my Malewa credit first; what it does not cover is paid by `payment`. */
  useCredit: z.boolean().optional(),
});
export type CheckoutRequest = z.infer<typeof ZCheckoutRequestSchema>;

export const ZCheckoutResponseSchema = dataEnvelope(
  z.object({ checkoutId: z.uuid(), orders: z.array(ZOrderSchema), total: ZMoneySchema }),
);
export type CheckoutResponse = z.infer<typeof ZCheckoutResponseSchema>;

/**
 * A checkout paid by mobile money answers 202 with the payment, waiting for the shopper to
 * approve the prompt on their phone: the orders are placed once the gateway confirms it (its
 * signed webhook), and never if it is declined; the cart stays as it was until then.
 */
export const ZCheckoutPendingResponseSchema = dataEnvelope(z.object({ payment: ZPaymentSchema }));

export const checkoutEndpoint = defineEndpoint({
  api: 'base',
  method: 'POST',
  path: '/carts/:service/checkout',
  tags: ['orders'],
  summary:
    'Check out my cart: one order per provider, paid once (cash on delivery: 201; mobile money: 202 with the payment); send an Idempotency-Key',
  access: 'signed-in',
  headers: ZCheckoutHeadersSchema,
  params: ZCartParamsSchema,
  body: ZCheckoutRequestSchema,
  success: { 201: ZCheckoutResponseSchema, 202: ZCheckoutPendingResponseSchema },
  refusals: [400, 401, 404, 409, 422],
  problems: ZCheckoutProblemSchema,
});

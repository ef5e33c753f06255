import { z } from 'zod';
import { SUBSTITUTION_PREFERENCES, ZBookingSchema } from '../carts/cart.ts';
import { ZDiscountLineSchema } from '../carts/discount-line.ts';
import { ZLocalizedTextSchema, ZMoneySchema } from '../catalog/catalog-card.ts';
import { SERVICE_IDS } from '../catalog/vocabulary.ts';
import { ZOrderDeliverySchema } from '../delivery/rider.ts';
import { type CountryCode, ZCountryCodeSchema } from '../markets.ts';

/**
 * An order's way (docs/product/checkout.md, order states): placed → accepted → preparing →
 * ready → out_for_delivery → delivered; a provider may reject a placed order, a shopper may
 * cancel before preparing.
 */
export const ORDER_STATUSES = [
  'placed',
  'accepted',
  'preparing',
  'ready',
  'out_for_delivery',
  'delivered',
  'rejected',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Why an order was closed with nobody closing it: `no_answer`, its shop did not accept it in
 * time, so it was rejected automatically (docs/product/checkout.md, order states).
 */
export const ORDER_CLOSE_CAUSES = ['no_answer'] as const;
export type OrderCloseCause = (typeof ORDER_CLOSE_CAUSES)[number];

/** Payment apart from the order's status: pending → paid → refunded, or failed. */
export const PAYMENT_STATUSES = ['pending', 'paid', 'refunded', 'failed'] as const;

/**
 * The mobile money of the markets (docs/product/checkout.md, payments): M-Pesa in Kenya and
 * Mozambique, MTN MoMo and Airtel Money in Rwanda, EcoCash in Zimbabwe, Orange Money in
 * Botswana.
 */
export const MOBILE_MONEY_METHODS = ['mpesa', 'mtn_momo', 'airtel_money', 'ecocash', 'orange_money'] as const;
export type MobileMoneyMethod = (typeof MOBILE_MONEY_METHODS)[number];

export const MARKET_MOBILE_MONEY: Readonly<Record<CountryCode, readonly MobileMoneyMethod[]>> = {
  ZA: [],
  KE: ['mpesa'],
  RW: ['mtn_momo', 'airtel_money'],
  BW: ['orange_money'],
  ZW: ['ecocash'],
  MZ: ['mpesa'],
};

/**
 * Paid ahead, through a gateway, before the orders are placed: the market's mobile money, or a
 * card (every market: the gateway's hosted 3-D Secure check, then a token we may keep).
 */
export const PREPAID_METHODS = [...MOBILE_MONEY_METHODS, 'card'] as const;
export type PrepaidMethod = (typeof PREPAID_METHODS)[number];

/** How an order is paid: cash at the door, or ahead by mobile money or card. */
export const PAYMENT_METHODS = ['cash', ...PREPAID_METHODS] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Where an order goes: fit for African cities, with a pin and the landmarks a rider needs. */
export const ZDeliveryAddressSchema = z.strictObject({
  recipient: z.string().trim().min(1).max(100),
  /** A phone number of the market (national or international form). */
  phone: z.string().trim().min(6).max(32),
  line: z.string().trim().min(1).max(200),
  area: z.string().trim().min(1).max(100),
  city: z.string().trim().min(1).max(100),
  postalCode: z.string().trim().max(16).optional(),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  instructions: z.string().trim().max(500).optional(),
});
export type DeliveryAddress = z.infer<typeof ZDeliveryAddressSchema>;

export const ZOrderLineSchema = z.object({
  itemSlug: z.string().nullable(),
  name: ZLocalizedTextSchema,
  choices: z.array(z.object({ option: ZLocalizedTextSchema, choice: ZLocalizedTextSchema, price: ZMoneySchema })),
  quantity: z.number().positive(),
  unitPrice: ZMoneySchema,
  total: ZMoneySchema,
  /** A chef experience's booking, as it was booked. */
  booking: ZBookingSchema.nullable(),
  /** Grocery and farm: what to do if the item is missing when the order is packed. Null elsewhere. */
  substitution: z.enum(SUBSTITUTION_PREFERENCES).nullable(),
  /** The item named for "this one instead", as it was named. */
  substitute: z.object({ slug: z.string(), name: ZLocalizedTextSchema }).nullable(),
});

/** An order to one provider: names and prices as they were when it was placed. */
export const ZOrderSchema = z.object({
  id: z.uuid(),
  checkoutId: z.uuid(),
  service: z.enum(SERVICE_IDS),
  countryCode: ZCountryCodeSchema,
  provider: z.object({ slug: z.string(), name: z.string() }),
  status: z.enum(ORDER_STATUSES),
  payment: z.object({
    method: z.enum(PAYMENT_METHODS),
    status: z.enum(PAYMENT_STATUSES),
    /** Cash: the note the shopper will pay with, so the rider brings change. */
    changeFor: ZMoneySchema.nullable(),
  }),
  lines: z.array(ZOrderLineSchema),
  subtotal: ZMoneySchema,
  deliveryFee: ZMoneySchema,
  /** The discounts as checkout gave them (docs/decisions/0032); `discount` is their sum. */
  discounts: z.array(ZDiscountLineSchema),
  discount: ZMoneySchema,
  /** The shopper's tip, whole to whoever delivers (the shop, until riders deliver). */
  tip: ZMoneySchema,
  /** Subtotal plus delivery fee less discount plus tip. */
  total: ZMoneySchema,
  /** Store credit that paid part of the total; the rest is paid by the order's method. */
  creditUsed: ZMoneySchema,
  couponCode: z.string().nullable(),
  /** Why the provider rejected the order; null otherwise. */
  rejectReason: z.string().nullable(),
  /** Closed automatically, and why (its `rejectReason` is then null); null when someone closed it, or it is open. */
  closedBecause: z.enum(ORDER_CLOSE_CAUSES).nullable(),
  /** The shopper's rating once delivered, if they gave one. */
  rating: z.object({ stars: z.number().int().min(1).max(5), comment: z.string().nullable() }).nullable(),
  address: ZDeliveryAddressSchema,
  etaMinutes: z.number().int().min(0),
  /**
   * When it is wanted, if not as soon as possible: a scheduled delivery's window start, or a
   * chef order's first booking. Read on the clock of `timeZone`, the provider's.
   */
  scheduledFor: z.iso.datetime().nullable(),
  timeZone: z.string(),
  placedAt: z.iso.datetime(),
  /**
   * The VAT in its VAT-inclusive prices as its tax invoice states it, per rate (basis points,
   * 1500 = 15 %; a 0 % row for zero-rated lines) with the exempt part apart; null when the shop
   * is not registered for VAT (its invoice is a receipt that charges none).
   */
  tax: z
    .object({
      lines: z.array(z.object({ rate: z.number().int().min(0), taxable: ZMoneySchema, amount: ZMoneySchema })),
      exempt: ZMoneySchema,
    })
    .nullable(),
  /** Its invoice, numbered per shop when it is delivered (`GET /api/orders/{id}/invoice`); null before. */
  invoice: z.object({ number: z.string(), issuedAt: z.iso.datetime() }).nullable(),
  /** Its delivery by a rider, from when the shop accepts it; null for chef orders and before. */
  delivery: ZOrderDeliverySchema.nullable(),
  /** The four digits the rider asks for at the door: in its shopper's view only (null for the shop). */
  deliveryCode: z.string().nullable(),
});
export type Order = z.infer<typeof ZOrderSchema>;

/**
 * The statuses a kitchen's advance moves an order to, in order, from `accepted`
 * (docs/product/checkout.md, order states). The one list both the advance's request and its
 * next-status map come from, so the two cannot drift apart.
 */
export const ADVANCED_STATUSES = [
  'preparing',
  'ready',
  'out_for_delivery',
  'delivered',
] as const satisfies readonly OrderStatus[];
export type AdvancedStatus = (typeof ADVANCED_STATUSES)[number];

/** What each status becomes when its kitchen advances it. */
export const PROVIDER_NEXT_STATUS: Partial<Record<OrderStatus, AdvancedStatus>> = Object.fromEntries(
  ADVANCED_STATUSES.map((to, step) => [step === 0 ? 'accepted' : ADVANCED_STATUSES[step - 1], to]),
);
/** A shopper may cancel until the kitchen starts preparing. */
export const CANCELLABLE_STATUSES: readonly OrderStatus[] = ['placed', 'accepted'];

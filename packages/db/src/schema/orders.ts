import { SUBSTITUTION_PREFERENCES } from '@malewa/contracts/carts/cart';
import { SERVICE_IDS, TAX_CLASSES } from '@malewa/contracts/catalog/vocabulary';
import { ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from '@malewa/contracts/orders/order';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { oneOf } from '../sql-checks.ts';
import { users } from './accounts.ts';
import { items, offers, providers } from './catalog.ts';
import { marketplaces } from './locations.ts';

// ─── Orders (issue 12) ───────────────────────────────────────────────────────────────────
// A checkout turns a cart into one order per provider, paid once. Orders keep names and
// prices as they were; the catalog may change after.

/**
 * One checkout of a shopper's cart, by its Idempotency-Key: the same key replays `response`;
 * the same key with another request (`request_hash`) is refused.
 */
export const checkouts = pgTable(
  'checkouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    response: jsonb('response').$type<unknown>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('checkouts_user_key').on(t.userId, t.idempotencyKey)],
);

export interface OrderAddress {
  recipient: string;
  phone: string;
  line: string;
  area: string;
  city: string;
  postalCode?: string;
  latitude: number;
  longitude: number;
  instructions?: string;
}

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    checkoutId: uuid('checkout_id')
      .notNull()
      .references(() => checkouts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'restrict' }),
    service: text('service', { enum: SERVICE_IDS }).notNull(),
    countryCode: text('country_code')
      .notNull()
      .references(() => marketplaces.countryCode),
    currency: text('currency').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('placed'),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }).notNull(),
    paymentStatus: text('payment_status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
    /** Cash: the note the shopper will pay with (minor units). */
    changeFor: bigint('change_for', { mode: 'number' }),
    subtotal: bigint('subtotal', { mode: 'number' }).notNull(),
    deliveryFee: bigint('delivery_fee', { mode: 'number' }).notNull(),
    discount: bigint('discount', { mode: 'number' }).notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    /** The discounts as checkout gave them (docs/decisions/0032), named; `discount` is their sum. */
    discounts: jsonb('discounts').$type<OrderDiscount[]>().notNull().default(sql`'[]'::jsonb`),
    /** The shopper's tip, inside `total`: whole to whoever delivers. */
    tip: bigint('tip', { mode: 'number' }).notNull().default(0),
    /** Store credit that paid part of `total`; the method pays the rest. */
    creditUsed: bigint('credit_used', { mode: 'number' }).notNull().default(0),
    /** The commission rate in force when it was placed, in basis points (commission_rates). */
    commissionBp: integer('commission_bp').notNull().default(0),
    /** Given back after delivery for lines that were missing, wrong or damaged (order_problems). */
    refunded: bigint('refunded', { mode: 'number' }).notNull().default(0),
    /**
     * VAT as the shop's tax invoice states it, worked out at placing from the VAT-inclusive
     * lines (per rate, once per order); null when the shop is not registered for VAT.
     */
    tax: jsonb('tax').$type<OrderTax>(),
    /** The seller as its invoice names it, kept as it was at placing. */
    seller: jsonb('seller').$type<OrderSeller>(),
    /** When it was placed and delivered on the API's clock (`created_at` is the database's). */
    placedAt: timestamp('placed_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** The shop's serial number of its invoice, given at delivery (`{slug}-{n}`). */
    invoiceNumber: text('invoice_number'),
    couponCode: text('coupon_code'),
    /** The coupon whose use this order counted: a cancelled or rejected order gives the use back. */
    couponOfferId: uuid('coupon_offer_id').references(() => offers.id, { onDelete: 'set null' }),
    /** Why the provider rejected it; null when it was rejected because nobody accepted it in time. */
    rejectReason: text('reject_reason'),
    address: jsonb('address').$type<OrderAddress>().notNull(),
    etaMinutes: integer('eta_minutes').notNull(),
    /** Four digits only its shopper sees; the rider enters them at the door (delivery_jobs). */
    deliveryCode: text('delivery_code'),
    /**
     * When it is wanted, if not as soon as possible: the start of a scheduled delivery's
     * window, or the first booking of a chef order.
     */
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_provider_idx').on(t.providerId, t.status),
    index('orders_checkout_idx').on(t.checkoutId),
    // The orders still waiting for their shop's answer, oldest first: what the time-out round claims.
    index('orders_awaiting_answer_idx').on(t.placedAt).where(sql`${t.status} = 'placed'`),
    uniqueIndex('orders_invoice_number_key').on(t.invoiceNumber),
    check('orders_status_check', oneOf(t.status, ORDER_STATUSES)),
    check('orders_payment_method_check', oneOf(t.paymentMethod, PAYMENT_METHODS)),
    check('orders_payment_status_check', oneOf(t.paymentStatus, PAYMENT_STATUSES)),
    check(
      'orders_amounts',
      sql`${t.subtotal} >= 0 and ${t.deliveryFee} >= 0 and ${t.discount} >= 0 and ${t.tip} >= 0 and ${t.total} >= 0 and ${t.total} = ${t.subtotal} + ${t.deliveryFee} - ${t.discount} + ${t.tip} and ${t.creditUsed} between 0 and ${t.total} and ${t.refunded} between 0 and ${t.total}`,
    ),
  ],
);

/** An order's VAT: one row per rate (0 % rows included), and the exempt part apart. */
export interface OrderTax {
  lines: { rate: number; taxable: number; amount: number }[];
  exempt: number;
}

/** The seller's particulars a tax invoice needs. */
export interface OrderSeller {
  name: string;
  legalName: string | null;
  vatNumber: string | null;
  address: string;
}

/**
 * A discount of an order as it was given: the offer's words as the shopper read them at
 * checkout (like the lines' names), and who funds it.
 */
export interface OrderDiscount {
  source: 'offer' | 'coupon';
  offerId: string;
  code: string | null;
  kind: 'percent' | 'fixed' | 'free-delivery';
  value: number;
  title: string | null;
  label: string;
  appliesTo: 'goods' | 'delivery';
  fundedBy: 'shop' | 'marketplace';
  amount: number;
}

export interface OrderLineChoice {
  option: { text: string; lang: string };
  choice: { text: string; lang: string };
  priceMinor: number;
}

/** A line as it was bought: the item's name and choices then, its price then. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The item, while it exists; the snapshot below stays either way. */
    itemId: uuid('item_id').references(() => items.id, { onDelete: 'set null' }),
    itemSlug: text('item_slug'),
    name: jsonb('name').$type<{ text: string; lang: string }>().notNull(),
    /** The chosen options as the shopper read them at checkout. */
    choices: jsonb('choices').$type<OrderLineChoice[]>().notNull(),
    /** The same choices as the item's option indexes, for ordering it again. */
    choiceIndexes: jsonb('choice_indexes').$type<number[][]>().notNull().default(sql`'[]'::jsonb`),
    quantityMilli: integer('quantity_milli').notNull(),
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    /** Its VAT class when bought (the item's may change later). */
    taxClass: text('tax_class', { enum: TAX_CLASSES }).notNull().default('standard'),
    /** A chef experience's booking, as it was booked. */
    startsAt: timestamp('starts_at', { withTimezone: true }),
    guests: integer('guests'),
    /** Grocery and farm: the shopper's word on a missing item, and the item named "instead". */
    substitution: text('substitution', { enum: SUBSTITUTION_PREFERENCES }),
    substitute: jsonb('substitute').$type<{ slug: string; name: { text: string; lang: string } }>(),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId),
    check('order_lines_quantity_positive', sql`${t.quantityMilli} > 0`),
  ],
);

/**
 * The time a chef gave to a booked experience. Two live bookings of one chef never overlap:
 * an exclusion constraint (migration 0018, btree_gist) refuses the second, so two shoppers
 * racing for one evening get one booking whatever the timing. A cancelled or rejected order
 * frees its time (`active` false).
 */
export const chefBookings = pgTable(
  'chef_bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id').references(() => items.id, { onDelete: 'set null' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    guests: integer('guests').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    index('chef_bookings_order_idx').on(t.orderId),
    check('chef_bookings_span', sql`${t.endsAt} > ${t.startsAt} and ${t.guests} > 0`),
  ],
);

/** Every status an order went through, with when: the order page's timeline. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    /**
     * Ever-growing across all orders: the id of the event in an order's live stream, so that a
     * client that reconnects (`Last-Event-ID`) is sent exactly what came after.
     */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_events_order_idx').on(t.orderId, t.createdAt),
    index('order_events_seq_idx').on(t.orderId, t.seq),
  ],
);

/** A shopper's rating of a delivered order: once per order; it feeds the provider's average. */
export const orderRatings = pgTable(
  'order_ratings',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    stars: integer('stars').notNull(),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('order_ratings_stars', sql`${t.stars} between 1 and 5`)],
);

/** Each shop's next invoice serial: invoices are numbered without gaps, per shop, at delivery. */
export const invoiceCounters = pgTable('invoice_counters', {
  providerId: uuid('provider_id')
    .primaryKey()
    .references(() => providers.id, { onDelete: 'cascade' }),
  next: integer('next').notNull().default(1),
});

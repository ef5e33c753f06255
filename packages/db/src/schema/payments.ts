import { SERVICE_IDS } from '@malewa/contracts/catalog/vocabulary';
import { PREPAID_METHODS } from '@malewa/contracts/orders/order';
import { PAYMENT_ATTEMPT_STATUSES, PAYMENT_FAILURES } from '@malewa/contracts/payments/payment';
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
import { marketplaces } from './locations.ts';
import { checkouts, orders } from './orders.ts';

// ─── Payments (docs/product/checkout.md, payments) ───────────────────────────────────────
// A mobile-money checkout pays first and places its orders when the gateway confirms.

/**
 * A card the gateway keeps for a shopper: its token (which charges only through that gateway,
 * only for us), brand, last digits and expiry. Never a card number.
 */
export const savedCards = pgTable(
  'saved_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    token: text('token').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('saved_cards_token').on(t.userId, t.provider, t.token),
    check('saved_cards_last4', sql`${t.last4} ~ '^[0-9]{4}$'`),
  ],
);

/**
 * One attempt to pay for a checkout ahead, by mobile money or card: what it was for (the checkout request, its
 * Idempotency-Key and hash), how much, to which phone, and how it ended. The orders are placed
 * in the transaction that records its success, so a confirmation applies once.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The checkout's Idempotency-Key: a retry of the checkout finds this payment. */
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** The checkout request (address, payment), replayed when the payment succeeds. */
    request: jsonb('request').notNull(),
    service: text('service', { enum: SERVICE_IDS }).notNull(),
    countryCode: text('country_code')
      .notNull()
      .references(() => marketplaces.countryCode, { onDelete: 'restrict' }),
    method: text('method', { enum: PREPAID_METHODS }).notNull(),
    provider: text('provider').notNull(),
    /** Mobile money's phone; empty for a card. */
    phone: text('phone').notNull(),
    /** A card payment with a saved card: that card. */
    cardId: uuid('card_id').references(() => savedCards.id, { onDelete: 'set null' }),
    /** A new card the shopper asked to keep: its token is saved when the gateway gives it. */
    saveCard: boolean('save_card').notNull().default(false),
    /** The card charged, once the gateway has said (brand and last digits only). */
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: PAYMENT_ATTEMPT_STATUSES }).notNull().default('pending'),
    failure: text('failure', { enum: PAYMENT_FAILURES }),
    checkoutId: uuid('checkout_id').references(() => checkouts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_key').on(t.userId, t.idempotencyKey),
    index('payments_user_idx').on(t.userId, t.createdAt),
    // The payments still waiting on a phone or a bank, oldest first: what the time-out round expires.
    index('payments_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    check('payments_method_check', oneOf(t.method, PREPAID_METHODS)),
    check('payments_status_check', oneOf(t.status, PAYMENT_ATTEMPT_STATUSES)),
    check('payments_amount_check', sql`${t.amount} >= 0`),
  ],
);

/** Every gateway notice applied, by its id: a replayed one is refused. */
export const paymentWebhookEvents = pgTable('payment_webhook_events', {
  provider: text('provider').notNull(),
  eventId: text('event_id').notNull().primaryKey(),
  paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Where a refund through the gateway stands: waiting to be sent, taken by the gateway, or turned into credit. */
export const REFUND_STATUSES = ['pending', 'sent', 'credited'] as const;

/**
 * Money owed back through a payment's gateway, written in the transaction that decides it (an
 * order closed, a problem resolved, a payment whose cart changed), so that a process dying
 * before the gateway answered leaves it pending, not lost. Sent after commit, and by the
 * time-out round once `next_attempt_at` passes (a send in flight holds it ahead: a lease). The
 * gateway gets the row's id as its idempotency key, so a second send refunds once. What the
 * gateway refuses becomes the shopper's credit (`credited`).
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** What it is for, once: `order:{id}`, `problem:{id}:{given before}`, `payment:{id}`. */
    key: text('key').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_refunds_key').on(t.key),
    index('payment_refunds_payment_idx').on(t.paymentId),
    // The refunds still to send, soonest first: what the time-out round claims.
    index('payment_refunds_pending_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    check('payment_refunds_status_check', oneOf(t.status, REFUND_STATUSES)),
    check('payment_refunds_amount_check', sql`${t.amount} > 0`),
  ],
);

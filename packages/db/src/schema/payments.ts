import { SERVICE_IDS } from '@malewa/contracts/catalog/vocabulary';
import { MOBILE_MONEY_METHODS } from '@malewa/contracts/orders/order';
import { PAYMENT_ATTEMPT_STATUSES, PAYMENT_FAILURES } from '@malewa/contracts/payments/payment';
import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { oneOf } from '../sql-checks.ts';
import { users } from './accounts.ts';
import { marketplaces } from './locations.ts';
import { checkouts } from './orders.ts';

// ─── Payments (issue 12 §2) ──────────────────────────────────────────────────────────────
// A mobile-money checkout pays first and places its orders when the gateway confirms.

/**
 * One attempt to pay for a checkout by mobile money: what it was for (the checkout request, its
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
    method: text('method', { enum: MOBILE_MONEY_METHODS }).notNull(),
    provider: text('provider').notNull(),
    phone: text('phone').notNull(),
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
    check('payments_method_check', oneOf(t.method, MOBILE_MONEY_METHODS)),
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

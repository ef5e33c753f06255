import { PROBLEM_REASONS, PROBLEM_STATUSES, REFUND_DESTINATIONS } from '@malewa/contracts/orders/problem-vocabulary';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { oneOf } from '../sql-checks.ts';
import { users } from './accounts.ts';
import { providers } from './catalog.ts';
import { orderLines, orders } from './orders.ts';

/**
 * A shopper's report of a delivered order's lines that were missing, wrong or damaged, within
 * 48 hours of delivery; the shop (or an operator) resolves it with a refund, of at most what
 * those lines cost.
 */
export const orderProblems = pgTable(
  'order_problems',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    note: text('note').notNull().default(''),
    /** The photo's key in the media store's private prefix (never a listing photo's). */
    photoKey: text('photo_key'),
    status: text('status', { enum: PROBLEM_STATUSES }).notNull().default('open'),
    /** Minor units given back; 0 until resolved (a resolution may refund nothing). */
    refund: bigint('refund', { mode: 'number' }).notNull().default(0),
    refundTo: text('refund_to', { enum: REFUND_DESTINATIONS }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolution: text('resolution'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** On the API's clock: the 48 hours are counted from delivery to this. */
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('order_problems_order_idx').on(t.orderId),
    index('order_problems_provider_idx').on(t.providerId, t.status, t.reportedAt),
    check('order_problems_status_check', oneOf(t.status, PROBLEM_STATUSES)),
    check('order_problems_refund_to_check', sql`${t.refundTo} is null or ${oneOf(t.refundTo, REFUND_DESTINATIONS)}`),
    check('order_problems_refund_not_negative', sql`${t.refund} >= 0`),
  ],
);

/** A line of a report: which order line, how much of it, and what was wrong. */
export const orderProblemLines = pgTable(
  'order_problem_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    problemId: uuid('problem_id')
      .notNull()
      .references(() => orderProblems.id, { onDelete: 'cascade' }),
    orderLineId: uuid('order_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    quantityMilli: integer('quantity_milli').notNull(),
    reason: text('reason', { enum: PROBLEM_REASONS }).notNull(),
  },
  (t) => [
    index('order_problem_lines_problem_idx').on(t.problemId),
    check('order_problem_lines_quantity_positive', sql`${t.quantityMilli} > 0`),
    check('order_problem_lines_reason_check', oneOf(t.reason, PROBLEM_REASONS)),
  ],
);

import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { providers } from './catalog.ts';
import { orders } from './orders.ts';

/**
 * The marketplace's money record, in double entry (docs/decisions/0033): every movement (an
 * order placed or paid, delivered, closed, a refund, credit given or spent, a tip, commission,
 * a payout) is one transaction whose entries sum to zero in one currency. Append-only: a
 * mistake is put right by a reversing transaction. `key` makes each posting happen once
 * (`placed:{order}`, `refund:{problem}`, `payout:{shop}:{to}`…).
 */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    shopId: uuid('shop_id').references(() => providers.id, { onDelete: 'restrict' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    currency: text('currency').notNull(),
    /** On the API's clock: statements and payouts count by it. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('ledger_transactions_key').on(t.key), index('ledger_transactions_order_idx').on(t.orderId)],
);

/**
 * One leg of a transaction: + debit, − credit, in minor units of the transaction's currency.
 * `account` is the kind of account (`shop_payable`, `customer_credit`, `psp_clearing`…) and
 * `party` whose it is (a shop's id, a user's id, a gateway's name; empty for the platform's).
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    account: text('account').notNull(),
    party: text('party').notNull().default(''),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** What the money was for, as a statement groups it: `sales`, `delivery`, `discount_shop`, `tip`… */
    purpose: text('purpose').notNull(),
    shopId: uuid('shop_id').references(() => providers.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('ledger_entries_transaction_idx').on(t.transactionId),
    index('ledger_entries_shop_idx').on(t.shopId, t.occurredAt),
    index('ledger_entries_account_idx').on(t.account, t.party),
    check('ledger_entries_amount_not_zero', sql`${t.amount} <> 0`),
  ],
);

/**
 * The marketplace's commission, in basis points of a shop's goods after the discounts it
 * funds: per market and service, or for one shop (which wins), from `valid_from`. Append-only:
 * a new rate is a new row; an order keeps the rate in force when it was placed.
 */
export const commissionRates = pgTable(
  'commission_rates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    countryCode: text('country_code').notNull(),
    service: text('service').notNull(),
    providerId: uuid('provider_id').references(() => providers.id, { onDelete: 'cascade' }),
    rateBp: integer('rate_bp').notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('commission_rates_scope_idx').on(t.countryCode, t.service, t.validFrom),
    check('commission_rates_range', sql`${t.rateBp} between 0 and 10000`),
  ],
);

/** A batch of payouts recorded as paid: its key makes a repeated request change nothing. */
export const payoutBatches = pgTable(
  'payout_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    periodFrom: timestamp('period_from', { withTimezone: true }).notNull(),
    periodTo: timestamp('period_to', { withTimezone: true }).notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('payout_batches_key').on(t.key)],
);

/** What one shop was paid for a period: once per shop and period end. */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => payoutBatches.id, { onDelete: 'restrict' }),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'restrict' }),
    periodTo: timestamp('period_to', { withTimezone: true }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
  },
  (t) => [
    uniqueIndex('payouts_shop_period_key').on(t.shopId, t.periodTo),
    check('payouts_amount_positive', sql`${t.amount} > 0`),
  ],
);

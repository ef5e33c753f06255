import {
  CHAT_AUTHORS,
  JOB_STATUSES,
  OFFER_ANSWERS,
  QUICK_REPLIES,
  VEHICLES,
} from '@malewa/contracts/delivery/vocabulary';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { oneOf } from '../sql-checks.ts';
import { users } from './accounts.ts';
import { providers } from './catalog.ts';
import { locations } from './locations.ts';
import { orders } from './orders.ts';

/**
 * A person who delivers (docs/decisions/0034): one shop's own rider (`shop_id`), or a rider of
 * the marketplace's fleet (`shop_id` null) serving the shops an operator assigned
 * (`rider_shops`) or every shop of a city (`location_id`). One account rides for one of them.
 */
export const riders = pgTable(
  'riders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shopId: uuid('shop_id').references(() => providers.id, { onDelete: 'cascade' }),
    locationId: uuid('location_id').references(() => locations.id, { onDelete: 'set null' }),
    vehicle: text('vehicle', { enum: VEHICLES }).notNull(),
    onShift: boolean('on_shift').notNull().default(false),
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspendReason: text('suspend_reason'),
    /** The last position the rider's phone sent, for nearest-first offers. */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    positionAt: timestamp('position_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('riders_user_key').on(t.userId),
    index('riders_shop_idx').on(t.shopId),
    check('riders_vehicle_check', oneOf(t.vehicle, VEHICLES)),
  ],
);

/** The shops a fleet rider serves, besides the city an operator may have given. */
export const riderShops = pgTable(
  'rider_shops',
  {
    riderId: uuid('rider_id')
      .notNull()
      .references(() => riders.id, { onDelete: 'cascade' }),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.riderId, t.shopId] }), index('rider_shops_shop_idx').on(t.shopId)],
);

/** Bringing one accepted order from its shop to its shopper. */
export const deliveryJobs = pgTable(
  'delivery_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('searching'),
    riderId: uuid('rider_id').references(() => riders.id, { onDelete: 'set null' }),
    /** Wrong delivery codes entered; at MAX_CODE_TRIES the shop or an operator completes it. */
    codeTries: integer('code_tries').notNull().default(0),
    /** Cash orders: what the rider took at the door, and the change given (minor units). */
    cashTaken: bigint('cash_taken', { mode: 'number' }),
    changeGiven: bigint('change_given', { mode: 'number' }),
    /** When the shop and operators were told nobody took it. */
    untakenAlertedAt: timestamp('untaken_alerted_at', { withTimezone: true }),
    /**
     * When the dispatcher last looked for a rider for it (none: never). A searching job nobody
     * can take yet goes behind the others (job-repository.ts, `claimUnoffered`).
     */
    offerLookedAt: timestamp('offer_looked_at', { withTimezone: true }),
    /** "Nearly there" was said (once). */
    nearlyThereAt: timestamp('nearly_there_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    pickedUpAt: timestamp('picked_up_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('delivery_jobs_order_key').on(t.orderId),
    index('delivery_jobs_rider_idx').on(t.riderId, t.status),
    index('delivery_jobs_searching_idx').on(t.createdAt).where(sql`${t.status} = 'searching'`),
    // The dispatcher's order: never looked at first, then longest ago (`claimUnoffered`).
    index('delivery_jobs_dispatch_idx')
      .on(t.offerLookedAt.asc().nullsFirst(), t.createdAt)
      .where(sql`${t.status} = 'searching'`),
    check('delivery_jobs_status_check', oneOf(t.status, JOB_STATUSES)),
    check('delivery_jobs_rider', sql`${t.status} in ('searching', 'cancelled') or ${t.riderId} is not null`),
  ],
);

/** A job offered to one rider, until they answer or it expires. */
export const jobOffers = pgTable(
  'job_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => deliveryJobs.id, { onDelete: 'cascade' }),
    riderId: uuid('rider_id')
      .notNull()
      .references(() => riders.id, { onDelete: 'cascade' }),
    offeredAt: timestamp('offered_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    answer: text('answer', { enum: OFFER_ANSWERS }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    index('job_offers_job_idx').on(t.jobId),
    index('job_offers_open_idx').on(t.riderId).where(sql`${t.answer} is null`),
    check('job_offers_answer_check', sql`${t.answer} is null or ${oneOf(t.answer, OFFER_ANSWERS)}`),
  ],
);

/**
 * Where a rider was while on a job: the shopper's map and ETA read the newest by `at` (the
 * phone's time), so positions queued offline and sent late never move the rider back.
 * Deleted after 30 days.
 */
export const riderPositions = pgTable(
  'rider_positions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    riderId: uuid('rider_id')
      .notNull()
      .references(() => riders.id, { onDelete: 'cascade' }),
    jobId: uuid('job_id')
      .notNull()
      .references(() => deliveryJobs.id, { onDelete: 'cascade' }),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    /** Metres, as the phone said. */
    accuracy: doublePrecision('accuracy').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rider_positions_job_idx').on(t.jobId, t.at), index('rider_positions_received_idx').on(t.receivedAt)],
);

/** The order chat: between its shopper, its shop and its rider once assigned. */
export const orderMessages = pgTable(
  'order_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Ever-growing: the order in which they are read and sent live. */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    author: text('author', { enum: CHAT_AUTHORS }).notNull(),
    /** Either a text, or a quick reply shown in each reader's language. */
    body: text('body'),
    quickReply: text('quick_reply', { enum: QUICK_REPLIES }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('order_messages_order_idx').on(t.orderId, t.seq),
    check('order_messages_author_check', oneOf(t.author, CHAT_AUTHORS)),
    check(
      'order_messages_content',
      sql`(${t.body} is null) <> (${t.quickReply} is null) and (${t.quickReply} is null or ${oneOf(t.quickReply, QUICK_REPLIES)})`,
    ),
  ],
);

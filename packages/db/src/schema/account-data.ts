import { FAVORITE_KINDS } from '@malewa/contracts/favorites/favorite';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { oneOf } from '../sql-checks.ts';
import { users } from './accounts.ts';
import { marketplaces } from './locations.ts';

// ─── Account data: saved addresses and favorites ─────────────────────────────────────────

/**
 * A delivery address the shopper keeps, in one market: fit for African cities (area or suburb,
 * a pin, the landmarks a rider needs). One of a shopper's addresses in each market may be the default, the one
 * checkout starts with.
 */
export const savedAddresses = pgTable(
  'saved_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    countryCode: text('country_code')
      .notNull()
      .references(() => marketplaces.countryCode, { onDelete: 'restrict' }),
    /** "Home", "Work": the shopper's own name for it. */
    label: text('label').notNull(),
    recipient: text('recipient').notNull(),
    phone: text('phone').notNull(),
    line: text('line').notNull(),
    area: text('area').notNull(),
    city: text('city').notNull(),
    postalCode: text('postal_code'),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    instructions: text('instructions'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('saved_addresses_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('saved_addresses_one_default').on(t.userId, t.countryCode).where(sql`${t.isDefault}`),
    check('saved_addresses_latitude_check', sql`${t.latitude} between -90 and 90`),
    check('saved_addresses_longitude_check', sql`${t.longitude} between -180 and 180`),
  ],
);

/** A provider or an item the shopper keeps to find again; once each. */
export const favorites = pgTable(
  'favorites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: FAVORITE_KINDS }).notNull(),
    /** The provider's or the item's id (each table's own; the kind says which). */
    targetId: uuid('target_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('favorites_key').on(t.userId, t.kind, t.targetId),
    index('favorites_user_idx').on(t.userId, t.createdAt),
    check('favorites_kind_check', oneOf(t.kind, FAVORITE_KINDS)),
  ],
);

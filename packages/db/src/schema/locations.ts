import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
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

/** One marketplace per country: its currencies, default locale and time zone (docs/product/catalog.md). */
export const marketplaces = pgTable(
  'marketplaces',
  {
    countryCode: text('country_code').primaryKey(),
    name: text('name').notNull(),
    /** ISO 4217 codes, the main one first. */
    currencies: text('currencies').array().notNull(),
    defaultLocale: text('default_locale').notNull(),
    timezone: text('timezone').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('marketplaces_country_code_format', sql`${t.countryCode} ~ '^[A-Z]{2}$'`)],
);

/** Cities and areas shoppers pick; providers belong to one. */
export const locations = pgTable(
  'locations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    kind: text('kind', { enum: ['city', 'area'] })
      .notNull()
      .default('city'),
    parentId: uuid('parent_id').references((): AnyPgColumn => locations.id, { onDelete: 'restrict' }),
    countryCode: text('country_code')
      .notNull()
      .references(() => marketplaces.countryCode, { onDelete: 'restrict' }),
    timezone: text('timezone').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('locations_slug_key').on(t.slug),
    index('locations_country_code_idx').on(t.countryCode),
    index('locations_name_idx').on(t.name),
    check('locations_kind_check', sql`${t.kind} in ('city', 'area')`),
    check('locations_latitude_range', sql`${t.latitude} between -90 and 90`),
    check('locations_longitude_range', sql`${t.longitude} between -180 and 180`),
  ],
);

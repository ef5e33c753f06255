import type { ItemOption, LocalizedText, WeeklyHours } from '@malewa/contracts/catalog/catalog-values';
import {
  ITEM_TYPES,
  OFFER_FUNDERS,
  OFFER_KINDS,
  PROVIDER_KINDS,
  PROVIDER_STATUSES,
  SERVICE_IDS,
  TAX_CLASSES,
} from '@malewa/contracts/catalog/vocabulary';
import { COUNTRY_CODES } from '@malewa/contracts/country-codes';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  type PgColumn,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { oneOf } from '../sql-checks.ts';
import { users } from './accounts.ts';
import { locations, marketplaces } from './locations.ts';

// ─── Catalog (issue 11) ──────────────────────────────────────────────────────────────────
// Providers sell items of one service. Texts a provider writes are stored per locale
// (`{ "en": "...", "sw": "..." }`) and served along requested → market language → English;
// closed vocabularies (categories, tags, dietary flags, units, cuisines) are keys the
// storefront translates. Money is integer minor units of the marketplace's main currency.

/**
 * The search document of a provider or an item: every language of its texts, folded (lower
 * case, no accents), weighted A name, B tags and kind words, C description. A trigger
 * (migration 0007) keeps it and the `catalog_words` vocabulary up to date on every write.
 */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const providers = pgTable(
  'providers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    service: text('service', { enum: SERVICE_IDS }).notNull(),
    kind: text('kind', { enum: PROVIDER_KINDS }).notNull(),
    status: text('status', { enum: PROVIDER_STATUSES }).notNull().default('pending'),
    name: text('name').notNull(),
    /** Registered for VAT: its number, printed on its tax invoices; null: not registered. */
    vatNumber: text('vat_number'),
    /** The registered name on its invoices, when not its trading `name`. */
    legalName: text('legal_name'),
    description: jsonb('description').$type<LocalizedText>().notNull(),
    countryCode: text('country_code')
      .notNull()
      .references(() => marketplaces.countryCode, { onDelete: 'restrict' }),
    /** The city it belongs to (a `locations` row); `area` names the suburb within it. */
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'restrict' }),
    area: text('area').notNull(),
    street: text('street').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    cuisines: text('cuisines').array().notNull().default(sql`'{}'::text[]`),
    hours: jsonb('hours').$type<WeeklyHours>().notNull(),
    /**
     * Whole days the shop is closed whatever its hours say (holidays, a family event), as
     * calendar dates on the market's clock, ascending; past ones are dropped when it next saves.
     */
    closedDates: date('closed_dates', { mode: 'string' }).array().notNull().default(sql`'{}'::date[]`),
    /** Works by appointment (chefs): no opening hours to be "open now" within. */
    byAppointment: boolean('by_appointment').notNull().default(false),
    deliveryRadiusKm: doublePrecision('delivery_radius_km').notNull(),
    deliveryFeeBase: bigint('delivery_fee_base', { mode: 'number' }).notNull(),
    deliveryFeePerKm: bigint('delivery_fee_per_km', { mode: 'number' }).notNull(),
    /** A subtotal from which delivery is free; null: never free. */
    freeDeliveryAbove: bigint('free_delivery_above', { mode: 'number' }),
    minimumOrder: bigint('minimum_order', { mode: 'number' }).notNull(),
    prepMinutes: integer('prep_minutes').notNull(),
    /** The shop's own pause (provider console): listed, but taking no orders until it resumes. */
    paused: boolean('paused').notNull().default(false),
    /** Why and since when an operator took a suspended shop out of the storefront. */
    suspendedReason: text('suspended_reason'),
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    ratingAverage: doublePrecision('rating_average').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    /** Media keys (media store) of the cover and logo; null until made. */
    coverImage: text('cover_image'),
    logoImage: text('logo_image'),
    searchVector: tsvector('search_vector'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A slug is unique across markets, so `/food/kitchens/{slug}` names one kitchen wherever it is opened from.
    uniqueIndex('providers_slug_key').on(t.slug),
    index('providers_listing_idx').on(t.countryCode, t.service, t.status),
    // What a search joins its matched items to (the market's active providers, their rating,
    // point and radius), read from the index alone rather than from the wide rows.
    index('providers_active_idx')
      .on(t.countryCode, t.id, t.ratingAverage, t.latitude, t.longitude, t.deliveryRadiusKm)
      .where(sql`${t.status} = 'active'`),
    index('providers_point_idx').on(t.latitude, t.longitude),
    // No pending list (fastupdate off): a search would scan up to 4 MB of unmerged entries
    // after a burst of writes (a new catalog, a price list). Writes pay the merge at once.
    index('providers_search_idx').using('gin', t.searchVector).with({ fastupdate: false }),
    check('providers_service_check', oneOf(t.service, SERVICE_IDS)),
    check('providers_kind_check', oneOf(t.kind, PROVIDER_KINDS)),
    check('providers_status_check', oneOf(t.status, PROVIDER_STATUSES)),
    check('providers_latitude_range', sql`${t.latitude} between -90 and 90`),
    check('providers_longitude_range', sql`${t.longitude} between -180 and 180`),
    check(
      'providers_money_not_negative',
      sql`${t.deliveryFeeBase} >= 0 and ${t.deliveryFeePerKm} >= 0 and ${t.minimumOrder} >= 0`,
    ),
    check('providers_rating_range', sql`${t.ratingAverage} between 0 and 5 and ${t.ratingCount} >= 0`),
    check('providers_radius_positive', sql`${t.deliveryRadiusKm} > 0`),
  ],
);

/**
 * Who runs a provider's shop: the accounts whose provider console manages it (one account may
 * run several shops, a shop may have several people). The provider-side order API admits only
 * these accounts, and only for their own shops.
 */
export const providerMembers = pgTable(
  'provider_members',
  {
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('provider_members_key').on(t.providerId, t.userId),
    index('provider_members_user_idx').on(t.userId),
  ],
);

/** A full-text GIN index per market (decision 24), `<prefix>_<market>_idx`. */
function perMarketTextIndexes(prefix: string, vector: PgColumn) {
  return COUNTRY_CODES.map((code) =>
    index(`${prefix}_${code.toLowerCase()}_idx`)
      .using('gin', vector)
      .with({ fastupdate: false })
      .where(sql.raw(`country_code = '${code}'`)),
  );
}

export const items = pgTable(
  'items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    /** Copied from the provider: every list filters by market and service first. */
    countryCode: text('country_code').notNull(),
    service: text('service', { enum: SERVICE_IDS }).notNull(),
    type: text('type', { enum: ITEM_TYPES }).notNull(),
    slug: text('slug').notNull(),
    /**
     * The same product across sellers (like a barcode): recipes match ingredients to it, and
     * "buy the ingredients" picks the sellers near the shopper. Null for one-off items.
     */
    productKey: text('product_key'),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    description: jsonb('description').$type<LocalizedText>().notNull(),
    /** Icon keys of the illustration set the media store renders (first is the cover). */
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    category: text('category').notNull(),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    dietary: text('dietary').array().notNull().default(sql`'{}'::text[]`),
    /** Minor units of the market's main currency. */
    price: bigint('price', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** Its VAT class: basic foods are zero-rated or exempt in several markets. */
    taxClass: text('tax_class', { enum: TAX_CLASSES }).notNull().default('standard'),
    unit: text('unit').notNull(),
    /** Sellable step in thousandths of the unit (500 = 0.5 kg); 1000 for whole units. */
    stepMilli: integer('step_milli').notNull().default(1000),
    /** Units in stock; null where stock does not apply (cooked to order). */
    stock: integer('stock'),
    available: boolean('available').notNull().default(true),
    /**
     * Taken out of the storefront by its shop (provider console): no list, page, search, cart or
     * favorite shows it, while orders that hold it keep it. `storefront-visibility-sql.ts` (API) is
     * the one rule every storefront query applies.
     */
    hidden: boolean('hidden').notNull().default(false),
    options: jsonb('options').$type<ItemOption[]>().notNull().default(sql`'[]'::jsonb`),
    nutrition: jsonb('nutrition').$type<Record<string, number>>(),
    searchVector: tsvector('search_vector'),
    /** The names alone, in every language (the name part of `searchVector`): what suggest matches (decision 43). */
    nameVector: tsvector('name_vector'),
    /** Orders so far: "popularity" sorts by it. */
    orderCount: integer('order_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('items_service_slug_key').on(t.service, t.slug),
    index('items_listing_idx').on(t.countryCode, t.service, t.type),
    index('items_provider_idx').on(t.providerId),
    // One full-text index per market (every search names its market): a broad word's matches
    // come from its market's index alone, not from every market's, intersected with the market
    // after (decision 24). A new market needs its index here.
    ...perMarketTextIndexes('items_search', t.searchVector),
    ...perMarketTextIndexes('items_name', t.nameVector),
    index('items_product_key_idx').on(t.countryCode, t.productKey),
    check('items_service_check', oneOf(t.service, SERVICE_IDS)),
    check('items_type_check', oneOf(t.type, ITEM_TYPES)),
    check('items_price_not_negative', sql`${t.price} >= 0`),
    check('items_tax_class_check', oneOf(t.taxClass, TAX_CLASSES)),
    check('items_step_positive', sql`${t.stepMilli} > 0`),
    check('items_stock_not_negative', sql`${t.stock} is null or ${t.stock} >= 0`),
  ],
);

/** What a recipe adds to its item: servings, times, steps. */
export const recipes = pgTable(
  'recipes',
  {
    itemId: uuid('item_id')
      .primaryKey()
      .references(() => items.id, { onDelete: 'cascade' }),
    servings: integer('servings').notNull(),
    prepMinutes: integer('prep_minutes').notNull(),
    cookMinutes: integer('cook_minutes').notNull(),
    difficulty: text('difficulty', { enum: ['easy', 'medium', 'hard'] }).notNull(),
    steps: jsonb('steps').$type<LocalizedText[]>().notNull(),
  },
  (t) => [check('recipes_servings_positive', sql`${t.servings} > 0`)],
);

/** A recipe's ingredient, optionally matched to a buyable item slug of Grocery or Farm. */
export const recipeIngredients = pgTable(
  'recipe_ingredients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipeId: uuid('recipe_id')
      .notNull()
      .references(() => recipes.itemId, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    /** Thousandths of the unit, for the servings of the recipe. */
    quantityMilli: integer('quantity_milli'),
    unit: text('unit'),
    /** The product key (items.product_key) of Grocery or Farm items that sell this ingredient. */
    matchProductKey: text('match_product_key'),
  },
  (t) => [uniqueIndex('recipe_ingredients_position_key').on(t.recipeId, t.position)],
);

/** What a chef experience adds to its item. */
export const experiences = pgTable(
  'experiences',
  {
    itemId: uuid('item_id')
      .primaryKey()
      .references(() => items.id, { onDelete: 'cascade' }),
    included: jsonb('included').$type<LocalizedText[]>().notNull(),
    guestsMin: integer('guests_min').notNull(),
    guestsMax: integer('guests_max').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    pricing: text('pricing', { enum: ['per-guest', 'per-event'] }).notNull(),
    /** Where it happens: at the shopper's home, or the chef's place. */
    venue: text('venue', { enum: ['your-place', 'chef-place'] })
      .notNull()
      .default('your-place'),
  },
  (t) => [check('experiences_guests_range', sql`${t.guestsMin} > 0 and ${t.guestsMax} >= ${t.guestsMin}`)],
);

/**
 * An offer of a service, optionally of one provider (docs/product/catalog.md, Offers and coupons). A coupon is an offer with a
 * code and usage limits; redeeming one is the checkout's (issue 12).
 */
export const offers = pgTable(
  'offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    countryCode: text('country_code')
      .notNull()
      .references(() => marketplaces.countryCode, { onDelete: 'restrict' }),
    service: text('service', { enum: SERVICE_IDS }).notNull(),
    providerId: uuid('provider_id').references(() => providers.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: OFFER_KINDS }).notNull(),
    /** Percent: whole percent (1–100); fixed: minor units; free delivery: 0. */
    value: bigint('value', { mode: 'number' }).notNull(),
    minimumSubtotal: bigint('minimum_subtotal', { mode: 'number' }).notNull().default(0),
    /** A provider's own name for it; without one the storefront describes it from kind and value. */
    title: jsonb('title').$type<LocalizedText>(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    code: text('code'),
    /** Who pays for the discount: a shop's own promotion, or the marketplace's (docs/decisions/0032). */
    fundedBy: text('funded_by', { enum: OFFER_FUNDERS }).notNull().default('marketplace'),
    /** Null: every item; else only these items count, towards the minimum and the discount. */
    itemIds: uuid('item_ids').array(),
    /** Null: all day; else minutes on the market's clock, `to` before `from` running past midnight. */
    hours: jsonb('hours').$type<{ from: number; to: number }>(),
    totalLimit: integer('total_limit'),
    perShopperLimit: integer('per_shopper_limit'),
    redemptions: integer('redemptions').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('offers_country_code_key').on(t.countryCode, t.code),
    index('offers_listing_idx').on(t.countryCode, t.service, t.endsAt),
    check('offers_service_check', oneOf(t.service, SERVICE_IDS)),
    check('offers_kind_check', oneOf(t.kind, OFFER_KINDS)),
    check('offers_funded_by_check', oneOf(t.fundedBy, OFFER_FUNDERS)),
    check(
      'offers_hours_range',
      sql`${t.hours} is null or ((${t.hours}->>'from')::int between 0 and 1439 and (${t.hours}->>'to')::int between 0 and 1439 and ${t.hours}->>'from' <> ${t.hours}->>'to')`,
    ),
    check('offers_window', sql`${t.endsAt} > ${t.startsAt}`),
    check(
      'offers_value_range',
      sql`(${t.kind} = 'percent' and ${t.value} between 1 and 100) or (${t.kind} = 'fixed' and ${t.value} > 0) or (${t.kind} = 'free-delivery' and ${t.value} = 0)`,
    ),
    check('offers_code_format', sql`${t.code} is null or ${t.code} ~ '^[A-Z0-9]{4,20}$'`),
    check('offers_limits_positive', sql`coalesce(${t.totalLimit}, 1) > 0 and coalesce(${t.perShopperLimit}, 1) > 0`),
  ],
);

/**
 * An operator's featured lists (docs/product/providers.md, Featured lists): per market and service, the shops and items a
 * service's home shows first, in this order; the rest of its shelves are filled by rating and
 * popularity.
 */
export const featuredEntries = pgTable(
  'featured_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    countryCode: text('country_code')
      .notNull()
      .references(() => marketplaces.countryCode, { onDelete: 'restrict' }),
    service: text('service', { enum: SERVICE_IDS }).notNull(),
    kind: text('kind', { enum: ['provider', 'item'] }).notNull(),
    /** A provider's or an item's id, by `kind`; an entry whose target is gone is skipped. */
    targetId: uuid('target_id').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    uniqueIndex('featured_entries_target_key').on(t.countryCode, t.service, t.kind, t.targetId),
    index('featured_entries_list_idx').on(t.countryCode, t.service, t.kind, t.position),
  ],
);

/**
 * Every distinct folded word of the catalog's search documents: search expands each query
 * word into the catalog words within its typo budget (and, for the last word, those it
 * begins) before the full-text query, and "did you mean" picks the nearest ones.
 */
export const catalogWords = pgTable(
  'catalog_words',
  {
    word: text('word').primaryKey(),
  },
  (t) => [index('catalog_words_prefix_idx').on(t.word.op('text_pattern_ops'))],
);

/**
 * Providers' photos (`photo:<id>` in items' images) that no item names any more, since the
 * hourly sweep first saw them so: a replaced photo. Their files are
 * deleted a week later, once no page or cache still shows them (listings/prune-photos.ts).
 */
export const retiredPhotos = pgTable('retired_photos', {
  id: text('id').primaryKey(),
  retiredAt: timestamp('retired_at', { withTimezone: true }).notNull().defaultNow(),
});

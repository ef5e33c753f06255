import { SUBSTITUTION_PREFERENCES } from '@malewa/contracts/carts/cart';
import { SERVICE_IDS } from '@malewa/contracts/catalog/vocabulary';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { oneOf } from '../sql-checks.ts';
import { users } from './accounts.ts';
import { items, offers } from './catalog.ts';
import { marketplaces } from './locations.ts';

// ─── Carts (issue 12) ────────────────────────────────────────────────────────────────────
// One cart per shopper (or guest cart token), per service and per market: a shopper who
// moves from Nairobi to Johannesburg finds a rand cart there and their shilling cart back
// home. A cart holds items of several providers of its service.

/**
 * A shopper's cart of one service in one market. Its owner is an account or a guest: the
 * SHA-256 of the guest's cart token (the token itself lives only in the shopper's httpOnly
 * cookie), merged into the account's cart at sign-in.
 */
export const carts = pgTable(
  'carts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    guestTokenHash: text('guest_token_hash'),
    service: text('service', { enum: SERVICE_IDS }).notNull(),
    countryCode: text('country_code')
      .notNull()
      .references(() => marketplaces.countryCode),
    /** The coupon the shopper applied; checked again on every read and at checkout. */
    couponOfferId: uuid('coupon_offer_id').references(() => offers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('carts_one_owner', sql`(${t.userId} is null) <> (${t.guestTokenHash} is null)`),
    check('carts_service', oneOf(t.service, SERVICE_IDS)),
    uniqueIndex('carts_user_key').on(t.userId, t.service, t.countryCode).where(sql`${t.userId} is not null`),
    uniqueIndex('carts_guest_key')
      .on(t.guestTokenHash, t.service, t.countryCode)
      .where(sql`${t.guestTokenHash} is not null`),
    index('carts_updated_idx').on(t.updatedAt),
  ],
);

/**
 * A line: an item with the shopper's choices (for each of the item's options, the indexes
 * of the chosen choices) and a quantity in thousandths of the item's unit (2 plates: 2000;
 * 1.5 kg: 1500). The unit price with its choices is kept as it was when the line was last
 * touched, so the cart can say "the price changed" rather than change it silently; checkout
 * always prices from the catalog.
 */
export const cartLines = pgTable(
  'cart_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    choices: jsonb('choices').$type<number[][]>().notNull().default(sql`'[]'::jsonb`),
    quantityMilli: integer('quantity_milli').notNull(),
    unitPriceMinor: bigint('unit_price_minor', { mode: 'number' }).notNull(),
    substitution: text('substitution', { enum: SUBSTITUTION_PREFERENCES }).notNull().default('best_match'),
    /** "This one instead": the shop's item the shopper named (best match again if it goes). */
    substituteItemId: uuid('substitute_item_id').references(() => items.id, { onDelete: 'set null' }),
    /**
     * A chef experience's booking: when it starts and for how many guests (a per-guest
     * experience's quantity is its guests; a per-event one's is 1). Null for everything else.
     */
    startsAt: timestamp('starts_at', { withTimezone: true }),
    guests: integer('guests'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('cart_lines_quantity_positive', sql`${t.quantityMilli} > 0`),
    check('cart_lines_price_not_negative', sql`${t.unitPriceMinor} >= 0`),
    check('cart_lines_substitution', oneOf(t.substitution, SUBSTITUTION_PREFERENCES)),
    check('cart_lines_booking', sql`(${t.startsAt} is null) = (${t.guests} is null) and coalesce(${t.guests}, 1) > 0`),
    // The same item with the same choices (and, for an experience, the same start) is one
    // line: adding it again adds to its quantity.
    uniqueIndex('cart_lines_same_key').on(
      t.cartId,
      t.itemId,
      t.choices,
      sql`coalesce(${t.startsAt}, '-infinity'::timestamptz)`,
    ),
  ],
);

/**
 * Each use of a coupon by a shopper: the per-shopper limit counts these (the total limit counts
 * `offers.redemptions`). Checkout writes one per order that used a coupon, in its transaction.
 */
export const offerRedemptions = pgTable(
  'offer_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('offer_redemptions_offer_user_idx').on(t.offerId, t.userId)],
);

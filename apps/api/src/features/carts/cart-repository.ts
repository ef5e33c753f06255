import type { SubstitutionPreference } from '@malewa/contracts/carts/cart';
import type { ItemOption, LocalizedText, WeeklyHours } from '@malewa/contracts/catalog/catalog-values';
import type { ServiceId, TaxClass } from '@malewa/contracts/catalog/vocabulary';
import type { Db } from '@malewa/db/database';
import { cartLines, carts, offerRedemptions } from '@malewa/db/schema/carts';
import { experiences, items, offers, providers } from '@malewa/db/schema/catalog';
import { locations, marketplaces } from '@malewa/db/schema/locations';
import { and, asc, count, eq, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { byIdOrSlug, mayBeId } from '#api/id-or-slug-sql.ts';
import { type Bind, boundRow, createPreparedStatements, rowValues } from '#api/prepared-statements-sql.ts';
import type { DeliveryRule } from '#api/pricing/delivery-quote.ts';
import type { AutomaticOffer } from '#api/pricing/price-groups.ts';
import { shownItem } from '#api/storefront-visibility-sql.ts';
import type { CouponOffer } from './evaluate-coupon.ts';

/** Who a cart belongs to: an account, or a guest by the hash of their cart token. */
export type CartOwner = { userId: string } | { guestTokenHash: string };

export interface CartMarket {
  countryCode: string;
  currency: string;
  defaultLocale: string;
  /** The market's clock, on which delivery windows are read. */
  timeZone: string;
}

/** An item as adding it to a cart needs it, from an active provider of the market. */
export interface ItemForCart {
  id: string;
  type: string;
  priceMinor: number;
  stepMilli: number;
  stock: number | null;
  available: boolean;
  /** The shop paused its orders (provider console): nothing of it goes into a cart meanwhile. */
  paused: boolean;
  options: ItemOption[];
  provider: { id: string; hours: WeeklyHours; closedDates: string[]; timeZone: string };
  /** A chef experience's terms; null for every other item. */
  experience: { guestsMin: number; guestsMax: number; durationMinutes: number; pricing: string } | null;
}

/** A booking on a line: when it starts and for how many. */
export interface LineBooking {
  startsAt: Date;
  guests: number;
}

/** A line with what the cart page shows of its item and provider. */
export interface CartLineRow {
  id: string;
  itemId: string;
  choices: number[][];
  quantityMilli: number;
  unitPriceMinor: number;
  substitution: SubstitutionPreference;
  /** "This one instead": the item named, while it is on sale. */
  substitute: { id: string; slug: string; name: LocalizedText } | null;
  booking: (LineBooking & { endsAt: Date }) | null;
  item: {
    slug: string;
    type: string;
    name: LocalizedText;
    images: string[];
    unit: string;
    stepMilli: number;
    stock: number | null;
    available: boolean;
    priceMinor: number;
    options: ItemOption[];
    taxClass: TaxClass;
  };
  provider: DeliveryRule & {
    id: string;
    slug: string;
    name: string;
    /** Its particulars for a tax invoice: registered for VAT when it has a number. */
    vatNumber: string | null;
    legalName: string | null;
    area: string;
    city: string;
    minimumOrderMinor: number;
    active: boolean;
    latitude: number;
    longitude: number;
    hours: WeeklyHours;
    closedDates: string[];
    timeZone: string;
  };
}

const COUPON_COLUMNS = {
  id: offers.id,
  code: offers.code,
  kind: offers.kind,
  value: offers.value,
  minimumSubtotalMinor: offers.minimumSubtotal,
  startsAt: offers.startsAt,
  endsAt: offers.endsAt,
  totalLimit: offers.totalLimit,
  perShopperLimit: offers.perShopperLimit,
  redemptions: offers.redemptions,
  providerSlug: providers.slug,
  fundedBy: offers.fundedBy,
  title: offers.title,
};

function asCoupon(row: { code: string | null } & Omit<CouponOffer, 'code'>): CouponOffer {
  return { ...row, code: row.code ?? '' };
}

/** The item a line names for "this one instead". */
const substituteItems = alias(items, 'substitute_items');

function ownedBy(owner: CartOwner) {
  return 'userId' in owner ? eq(carts.userId, owner.userId) : eq(carts.guestTokenHash, owner.guestTokenHash);
}

/** A prepared statement's shape and value for the owner: an account's id or a guest's token hash. */
function ownerOf(owner: CartOwner): { shape: 'user' | 'guest'; owner: string } {
  return 'userId' in owner ? { shape: 'user', owner: owner.userId } : { shape: 'guest', owner: owner.guestTokenHash };
}

/** The carts of the owner (bound as `owner`), in a prepared statement of the owner's shape. */
function boundOwner(shape: 'user' | 'guest', bind: Bind) {
  return shape === 'user'
    ? eq(carts.userId, bind('owner') as string)
    : eq(carts.guestTokenHash, bind('owner') as string);
}

/** The owner's cart of a service in a market (bound as `owner`, `service`, `countryCode`). */
function ownCart(db: Db, shape: 'user' | 'guest', bind: Bind) {
  return db
    .select({ id: carts.id })
    .from(carts)
    .where(
      and(
        boundOwner(shape, bind),
        eq(carts.service, bind('service') as ServiceId),
        eq(carts.countryCode, bind('countryCode') as string),
      ),
    );
}

export function createCartRepository(db: Db) {
  // Every cart request and checkout runs these: each is built once per shape (decision 25).
  const prepared = createPreparedStatements();
  // Markets are reference data, seeded and never edited: read once per process, as the catalog does.
  const markets = new Map<string, CartMarket>();

  return {
    async market(countryCode: string): Promise<CartMarket | undefined> {
      const known = markets.get(countryCode);
      if (known) return known;
      const [row] = await db
        .select({
          countryCode: marketplaces.countryCode,
          currency: sql<string>`${marketplaces.currencies}[1]`,
          defaultLocale: marketplaces.defaultLocale,
          timeZone: marketplaces.timezone,
        })
        .from(marketplaces)
        .where(eq(marketplaces.countryCode, countryCode));
      if (row) markets.set(countryCode, row);
      return row;
    },

    /** A location we serve: its market, and its centre, the shopper's point for delivery fees and ranges. */
    async location(
      locationId: string,
    ): Promise<{ countryCode: string; latitude: number; longitude: number } | undefined> {
      const [row] = await prepared('cart_location', '', { locationId }, (bind) =>
        db
          .select({ countryCode: locations.countryCode, latitude: locations.latitude, longitude: locations.longitude })
          .from(locations)
          .where(and(sql`${locations.id} = ${bind('locationId')}::uuid`, eq(locations.isActive, true))),
      );
      return row;
    },

    async cartId(owner: CartOwner, service: ServiceId, countryCode: string) {
      const { shape, ...values } = ownerOf(owner);
      const [row] = await prepared('cart_id', shape, { ...values, service, countryCode }, (bind) =>
        ownCart(db, shape, bind),
      );
      return row?.id;
    },

    /** How many lines each of the owner's carts holds in a market, by service. */
    async lineCounts(owner: CartOwner, countryCode: string): Promise<Map<string, number>> {
      // Prepared: every signed-in page's header counts them.
      const { shape, ...values } = ownerOf(owner);
      const rows = await prepared('line_counts', shape, { ...values, countryCode }, (bind) =>
        db
          .select({ service: carts.service, n: count(cartLines.id) })
          .from(carts)
          .innerJoin(cartLines, eq(cartLines.cartId, carts.id))
          .where(and(boundOwner(shape, bind), eq(carts.countryCode, bind('countryCode') as string)))
          .groupBy(carts.service),
      );
      return new Map(rows.map((row) => [row.service, Number(row.n)]));
    },

    /**
     * The owner's cart, made if there is none, touched and locked until the transaction ends
     * (one statement: the upsert locks the row it writes); two first adds at once make one cart.
     */
    async openCart(owner: CartOwner, service: ServiceId, countryCode: string): Promise<string> {
      const { shape, ...values } = ownerOf(owner);
      const [row] = await prepared('open_cart', shape, { ...values, service, countryCode }, (bind) =>
        db
          .insert(carts)
          .values({
            ...(shape === 'user' ? { userId: bind('owner') as string } : { guestTokenHash: bind('owner') as string }),
            service: bind('service') as ServiceId,
            countryCode: bind('countryCode') as string,
          })
          .onConflictDoUpdate({
            target:
              shape === 'user'
                ? [carts.userId, carts.service, carts.countryCode]
                : [carts.guestTokenHash, carts.service, carts.countryCode],
            targetWhere: shape === 'user' ? sql`user_id is not null` : sql`guest_token_hash is not null`,
            set: { updatedAt: sql`now()` },
          })
          .returning({ id: carts.id }),
      );
      if (!row) throw new Error('The cart just opened is not there');
      return row.id;
    },

    async touchCart(cartId: string): Promise<void> {
      await prepared('touch_cart', '', { cartId }, (bind) =>
        db
          .update(carts)
          .set({ updatedAt: sql`now()` })
          .where(eq(carts.id, bind('cartId') as string))
          .returning({ id: carts.id }),
      );
    },

    /** An item on sale in the market's service, by its id or slug. */
    async itemForCart(countryCode: string, service: ServiceId, idOrSlug: string): Promise<ItemForCart | undefined> {
      // A reference that may be an id is looked up as either; a slug only as one (id-or-slug-sql.ts).
      const byId = mayBeId(idOrSlug);
      const values = { slug: idOrSlug, service, countryCode, ...(byId ? { id: idOrSlug.toLowerCase() } : {}) };
      const [row] = await prepared('item_for_cart', byId ? 'id' : 'slug', values, (bind) =>
        db
          .select({
            id: items.id,
            type: items.type,
            priceMinor: items.price,
            stepMilli: items.stepMilli,
            stock: items.stock,
            available: items.available,
            paused: providers.paused,
            options: items.options,
            providerId: providers.id,
            hours: providers.hours,
            closedDates: providers.closedDates,
            timeZone: locations.timezone,
            guestsMin: experiences.guestsMin,
            guestsMax: experiences.guestsMax,
            durationMinutes: experiences.durationMinutes,
            pricing: experiences.pricing,
          })
          .from(items)
          .innerJoin(providers, eq(providers.id, items.providerId))
          .innerJoin(locations, eq(locations.id, providers.locationId))
          .leftJoin(experiences, eq(experiences.itemId, items.id))
          .where(
            and(
              byId
                ? sql`(${items.id} = ${bind('id')}::uuid or ${items.slug} = ${bind('slug')})`
                : eq(items.slug, bind('slug') as string),
              eq(items.service, bind('service') as ServiceId),
              eq(items.countryCode, bind('countryCode') as string),
              shownItem,
            ),
          ),
      );
      if (!row) return undefined;
      const { providerId, hours, closedDates, timeZone, guestsMin, guestsMax, durationMinutes, pricing, ...item } = row;
      return {
        ...item,
        provider: { id: providerId, hours, closedDates, timeZone },
        experience:
          guestsMin !== null && guestsMax !== null && durationMinutes !== null && pricing !== null
            ? { guestsMin, guestsMax, durationMinutes, pricing }
            : null,
      };
    },

    /**
     * What a shop could pack instead of one of its items: its other items on sale, the same
     * category first, then the closest in price.
     */
    async substitutesFor(line: { providerId: string; itemId: string; category: string; priceMinor: number }) {
      return db
        .select({
          id: items.id,
          slug: items.slug,
          name: items.name,
          priceMinor: items.price,
          unit: items.unit,
          images: items.images,
        })
        .from(items)
        .innerJoin(providers, eq(providers.id, items.providerId))
        .where(
          and(eq(items.providerId, line.providerId), ne(items.id, line.itemId), eq(items.available, true), shownItem),
        )
        .orderBy(
          sql`(${items.category} <> ${line.category})`,
          sql`abs(${items.price} - ${line.priceMinor})`,
          asc(items.slug),
        )
        .limit(12);
    },

    /** An item of a shop by its id or slug, on sale: the one a shopper names "instead". */
    async shopItem(providerId: string, idOrSlug: string): Promise<{ id: string } | undefined> {
      const [row] = await db
        .select({ id: items.id })
        .from(items)
        .innerJoin(providers, eq(providers.id, items.providerId))
        .where(
          and(eq(items.providerId, providerId), byIdOrSlug(items, idOrSlug), eq(items.available, true), shownItem),
        );
      return row;
    },

    async lines(cartId: string): Promise<CartLineRow[]> {
      const rows = await prepared('cart_lines', '', { cartId }, (bind) =>
        db
          .select({
            id: cartLines.id,
            itemId: cartLines.itemId,
            choices: cartLines.choices,
            quantityMilli: cartLines.quantityMilli,
            unitPriceMinor: cartLines.unitPriceMinor,
            substitution: cartLines.substitution,
            startsAt: cartLines.startsAt,
            guests: cartLines.guests,
            durationMinutes: experiences.durationMinutes,
            substituteId: substituteItems.id,
            substituteSlug: substituteItems.slug,
            substituteName: substituteItems.name,
            itemSlug: items.slug,
            itemType: items.type,
            itemName: items.name,
            itemImages: items.images,
            itemUnit: items.unit,
            itemStepMilli: items.stepMilli,
            itemStock: items.stock,
            itemAvailable: items.available,
            itemShown: sql<boolean>`${shownItem}`,
            itemPriceMinor: items.price,
            itemOptions: items.options,
            itemTaxClass: items.taxClass,
            providerId: providers.id,
            providerVatNumber: providers.vatNumber,
            providerLegalName: providers.legalName,
            providerArea: providers.area,
            providerCity: locations.name,
            providerSlug: providers.slug,
            providerName: providers.name,
            providerMinimumOrder: providers.minimumOrder,
            providerStatus: providers.status,
            providerPaused: providers.paused,
            providerLatitude: providers.latitude,
            providerLongitude: providers.longitude,
            providerRadiusKm: providers.deliveryRadiusKm,
            providerFeeBase: providers.deliveryFeeBase,
            providerFeePerKm: providers.deliveryFeePerKm,
            providerFreeAbove: providers.freeDeliveryAbove,
            providerPrepMinutes: providers.prepMinutes,
            providerHours: providers.hours,
            providerClosedDates: providers.closedDates,
            providerTimeZone: locations.timezone,
          })
          .from(cartLines)
          .innerJoin(items, eq(items.id, cartLines.itemId))
          .innerJoin(providers, eq(providers.id, items.providerId))
          .innerJoin(locations, eq(locations.id, providers.locationId))
          .leftJoin(experiences, eq(experiences.itemId, items.id))
          .leftJoin(substituteItems, eq(substituteItems.id, cartLines.substituteItemId))
          .where(eq(cartLines.cartId, bind('cartId') as string))
          .orderBy(asc(cartLines.createdAt), asc(cartLines.id)),
      );
      return rows.map((row) => ({
        id: row.id,
        itemId: row.itemId,
        choices: row.choices,
        quantityMilli: row.quantityMilli,
        unitPriceMinor: row.unitPriceMinor,
        substitution: row.substitution,
        substitute:
          row.substituteId && row.substituteSlug && row.substituteName
            ? { id: row.substituteId, slug: row.substituteSlug, name: row.substituteName }
            : null,
        booking:
          row.startsAt && row.guests !== null
            ? {
                startsAt: row.startsAt,
                guests: row.guests,
                endsAt: new Date(row.startsAt.getTime() + (row.durationMinutes ?? 0) * 60_000),
              }
            : null,
        item: {
          slug: row.itemSlug,
          type: row.itemType,
          name: row.itemName,
          images: row.itemImages,
          unit: row.itemUnit,
          stepMilli: row.itemStepMilli,
          stock: row.itemStock,
          // A hidden item's line stays in the cart, unavailable, like a sold-out one.
          available: row.itemAvailable && row.itemShown,
          priceMinor: row.itemPriceMinor,
          options: row.itemOptions,
          taxClass: row.itemTaxClass,
        },
        provider: {
          id: row.providerId,
          slug: row.providerSlug,
          name: row.providerName,
          vatNumber: row.providerVatNumber,
          legalName: row.providerLegalName,
          area: row.providerArea,
          city: row.providerCity,
          minimumOrderMinor: row.providerMinimumOrder,
          active: row.providerStatus === 'active' && !row.providerPaused,
          latitude: row.providerLatitude,
          longitude: row.providerLongitude,
          deliveryRadiusKm: row.providerRadiusKm,
          deliveryFeeBase: row.providerFeeBase,
          deliveryFeePerKm: row.providerFeePerKm,
          freeDeliveryAbove: row.providerFreeAbove,
          prepMinutes: row.providerPrepMinutes,
          hours: row.providerHours,
          closedDates: row.providerClosedDates,
          timeZone: row.providerTimeZone,
        },
      }));
    },

    /**
     * The line of this item with these choices (and this booking's start), locked for the rest
     * of the transaction.
     */
    async sameLine(cartId: string, itemId: string, choices: number[][], startsAt: Date | null = null) {
      const values = {
        cartId,
        itemId,
        choices: JSON.stringify(choices),
        ...(startsAt ? { startsAt: startsAt.toISOString() } : {}),
      };
      const [row] = await prepared('same_line', startsAt ? 'booked' : '', values, (bind) =>
        db
          .select({ id: cartLines.id, quantityMilli: cartLines.quantityMilli })
          .from(cartLines)
          .where(
            and(
              eq(cartLines.cartId, bind('cartId') as string),
              eq(cartLines.itemId, bind('itemId') as string),
              sql`${cartLines.choices} = ${bind('choices')}::jsonb`,
              startsAt ? sql`${cartLines.startsAt} = ${bind('startsAt')}::timestamptz` : isNull(cartLines.startsAt),
            ),
          )
          .for('update'),
      );
      return row;
    },

    /** A line of the owner's cart, locked, with its item's prices and limits; others' lines are not found. */
    async ownLine(owner: CartOwner, service: ServiceId, countryCode: string, lineId: string) {
      const [row] = await db
        .select({
          id: cartLines.id,
          cartId: cartLines.cartId,
          itemId: cartLines.itemId,
          providerId: items.providerId,
          itemName: items.name,
          category: items.category,
          choices: cartLines.choices,
          guests: cartLines.guests,
          priceMinor: items.price,
          stepMilli: items.stepMilli,
          stock: items.stock,
          options: items.options,
        })
        .from(cartLines)
        .innerJoin(carts, eq(carts.id, cartLines.cartId))
        .innerJoin(items, eq(items.id, cartLines.itemId))
        .where(
          and(eq(cartLines.id, lineId), ownedBy(owner), eq(carts.service, service), eq(carts.countryCode, countryCode)),
        )
        .for('update', { of: cartLines });
      return row;
    },

    async lineCount(cartId: string): Promise<number> {
      const [row] = await prepared('cart_line_count', '', { cartId }, (bind) =>
        db
          .select({ n: count() })
          .from(cartLines)
          .where(eq(cartLines.cartId, bind('cartId') as string)),
      );
      return Number(row?.n ?? 0);
    },

    async insertLine(line: {
      cartId: string;
      itemId: string;
      choices: number[][];
      quantityMilli: number;
      unitPriceMinor: number;
      substitution: SubstitutionPreference;
      substituteItemId?: string | null;
      startsAt?: Date | null;
      guests?: number | null;
    }): Promise<void> {
      const values = rowValues(cartLines, line);
      await prepared('insert_line', '', values, (bind) =>
        db
          .insert(cartLines)
          .values(boundRow(cartLines, values, bind))
          .returning({ id: cartLines.id }),
      );
    },

    async updateLine(
      lineId: string,
      change: {
        quantityMilli?: number;
        unitPriceMinor?: number;
        substitution?: SubstitutionPreference;
        substituteItemId?: string | null;
        guests?: number;
      },
    ): Promise<void> {
      await db
        .update(cartLines)
        .set({ ...change, updatedAt: sql`now()` })
        .where(eq(cartLines.id, lineId));
    },

    async deleteLine(lineId: string): Promise<void> {
      await db.delete(cartLines).where(eq(cartLines.id, lineId));
    },

    /** A guest's carts (every service and market), locked: a second merge waits, then finds none. */
    async guestCarts(guestTokenHash: string) {
      return db
        .select({ id: carts.id, service: carts.service, countryCode: carts.countryCode })
        .from(carts)
        .where(eq(carts.guestTokenHash, guestTokenHash))
        .for('update');
    },

    async rawLines(cartId: string) {
      return db
        .select({
          itemId: cartLines.itemId,
          choices: cartLines.choices,
          quantityMilli: cartLines.quantityMilli,
          unitPriceMinor: cartLines.unitPriceMinor,
          substitution: cartLines.substitution,
          substituteItemId: cartLines.substituteItemId,
          startsAt: cartLines.startsAt,
          guests: cartLines.guests,
        })
        .from(cartLines)
        .where(eq(cartLines.cartId, cartId))
        .orderBy(asc(cartLines.createdAt), asc(cartLines.id));
    },

    async deleteCart(cartId: string): Promise<void> {
      await db.delete(carts).where(eq(carts.id, cartId));
    },

    /** A market's coupon of a service by its code. */
    async couponByCode(countryCode: string, service: ServiceId, code: string): Promise<CouponOffer | undefined> {
      const [row] = await db
        .select(COUPON_COLUMNS)
        .from(offers)
        .leftJoin(providers, eq(providers.id, offers.providerId))
        .where(
          and(
            eq(offers.countryCode, countryCode),
            eq(offers.service, service),
            eq(offers.code, code),
            isNotNull(offers.code),
          ),
        );
      return row ? asCoupon(row) : undefined;
    },

    /**
     * The offers a cart is priced with, in one statement: the coupon on it, if any, and the
     * offers without a code of a market's service that run at `at` (their hours and minimums
     * are the pricing rule's to judge), each with the shop it is limited to.
     */
    async cartOffers(
      cartId: string,
      countryCode: string,
      service: ServiceId,
      at: Date,
    ): Promise<{ coupon: CouponOffer | undefined; automatic: AutomaticOffer[] }> {
      const values = { cartId, countryCode, service, at: at.toISOString() };
      const rows = await prepared('cart_offers', '', values, (bind) =>
        db
          .select({ ...COUPON_COLUMNS, itemIds: offers.itemIds, hours: offers.hours })
          .from(offers)
          .leftJoin(providers, eq(providers.id, offers.providerId))
          .where(
            // Two arms on the offers alone, so that each can use its index (the key, and the
            // market's listing) rather than read every offer.
            or(
              eq(offers.id, sql`(select ${carts.couponOfferId} from ${carts} where ${carts.id} = ${bind('cartId')})`),
              and(
                eq(offers.countryCode, bind('countryCode') as string),
                eq(offers.service, bind('service') as ServiceId),
                isNull(offers.code),
                sql`${offers.startsAt} <= ${bind('at')}::timestamptz`,
                sql`${offers.endsAt} > ${bind('at')}::timestamptz`,
              ),
            ),
          ),
      );
      let coupon: CouponOffer | undefined;
      const automatic: AutomaticOffer[] = [];
      // A coupon always has a code and an automatic offer never: the row with a code is the cart's coupon.
      for (const { itemIds, hours, minimumSubtotalMinor, totalLimit, perShopperLimit, redemptions, ...offer } of rows) {
        if (offer.code !== null) {
          coupon = asCoupon({
            ...offer,
            code: offer.code,
            minimumSubtotalMinor,
            totalLimit,
            perShopperLimit,
            redemptions,
          });
        } else {
          automatic.push({ ...offer, minimumSubtotal: minimumSubtotalMinor, itemIds, hours });
        }
      }
      return { coupon, automatic };
    },

    async redemptionsBy(offerId: string, userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(offerRedemptions)
        .where(and(eq(offerRedemptions.offerId, offerId), eq(offerRedemptions.userId, userId)));
      return Number(row?.n ?? 0);
    },

    async setCoupon(cartId: string, offerId: string | null): Promise<void> {
      await db.update(carts).set({ couponOfferId: offerId, updatedAt: sql`now()` }).where(eq(carts.id, cartId));
    },

    /** The owner's cart, locked for a checkout; undefined when they have none. */
    async lockCart(owner: CartOwner, service: ServiceId, countryCode: string): Promise<string | undefined> {
      const { shape, ...values } = ownerOf(owner);
      const [row] = await prepared('lock_cart', shape, { ...values, service, countryCode }, (bind) =>
        ownCart(db, shape, bind).for('update'),
      );
      return row?.id;
    },

    /** After a checkout: the cart keeps nothing, not even its coupon. */
    async clearCart(cartId: string): Promise<void> {
      // One statement: the lines go with the coupon (every checkout runs it).
      await db.execute(
        sql`with gone as (delete from ${cartLines} where ${eq(cartLines.cartId, cartId)})
            update ${carts} set coupon_offer_id = null, updated_at = now() where ${eq(carts.id, cartId)}`,
      );
    },

    async recordRedemption(offerId: string, userId: string): Promise<void> {
      await db.insert(offerRedemptions).values({ offerId, userId });
    },

    /** Forgets one of the shopper's uses of a coupon (its order was cancelled or rejected). */
    async forgetRedemption(offerId: string, userId: string): Promise<void> {
      const [one] = await db
        .select({ id: offerRedemptions.id })
        .from(offerRedemptions)
        .where(and(eq(offerRedemptions.offerId, offerId), eq(offerRedemptions.userId, userId)))
        .limit(1);
      if (one) await db.delete(offerRedemptions).where(eq(offerRedemptions.id, one.id));
    },
  };
}

export type CartRepository = ReturnType<typeof createCartRepository>;

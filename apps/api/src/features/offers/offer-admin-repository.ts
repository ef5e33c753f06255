import type { OfferFunder } from '@malewa/contracts/catalog/vocabulary';
import { type CurrencyCode, MARKET_CURRENCY } from '@malewa/contracts/currencies';
import type { CountryCode } from '@malewa/contracts/markets';
import type { ManagedOffer, OfferInput, OfferItem } from '@malewa/contracts/offers/manage-offers';
import { offerHoursOf, storedOfferHours } from '@malewa/contracts/offers/offer-hours';
import type { Db } from '@malewa/db/database';
import { items, offers, providers } from '@malewa/db/schema/catalog';
import { sqlState } from '@malewa/db/sql-state';
import { and, asc, count, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { AppError } from '#api/app-error.ts';
import { shopRunBy } from '#api/shop-membership-repository.ts';

const selection = {
  offer: offers,
  providerName: providers.name,
};

function present(row: { offer: typeof offers.$inferSelect; providerName: string | null }, now: Date): ManagedOffer {
  const { offer } = row;
  return {
    id: offer.id,
    countryCode: offer.countryCode as CountryCode,
    service: offer.service,
    provider: offer.providerId && row.providerName ? { id: offer.providerId, name: row.providerName } : null,
    fundedBy: offer.fundedBy,
    kind: offer.kind,
    value: offer.value,
    minimumSubtotal: offer.minimumSubtotal,
    currency: MARKET_CURRENCY[offer.countryCode as CountryCode] as CurrencyCode,
    title: offer.title ?? {},
    startsAt: offer.startsAt.toISOString(),
    endsAt: offer.endsAt.toISOString(),
    code: offer.code,
    totalLimit: offer.totalLimit,
    perShopperLimit: offer.perShopperLimit,
    hours: offerHoursOf(offer.hours),
    itemIds: offer.itemIds,
    redemptions: offer.redemptions,
    state: offer.endsAt <= now ? 'ended' : offer.startsAt > now ? 'scheduled' : 'running',
  };
}

/** A code already used in the market is a 409 on the code field, whoever holds it. */
function codeTaken(error: unknown): never {
  if (sqlState(error) === '23505') {
    throw new AppError('CONFLICT', 'This code is already used in this market', {
      fields: { code: ['This code is already used in this market'] },
    });
  }
  throw error;
}

/** Where an offer applies, and who pays for it: a shop for its own, the marketplace for an operator's. */
export type OfferScope = {
  countryCode: string;
  service: ManagedOffer['service'];
  providerId: string | null;
  fundedBy: OfferFunder;
};

/** Offers as the consoles manage them: a shop's own (through its people), or any (operators). */
export function createOfferAdminRepository(db: Db) {
  const base = () => db.select(selection).from(offers).leftJoin(providers, eq(providers.id, offers.providerId));

  return {
    /** The shop, when `userId` runs it: where its offers apply. */
    shopRunBy: (userId: string, shopId: string) => shopRunBy(db, userId, shopId),

    async shop(id: string) {
      const [row] = await db
        .select({ id: providers.id, countryCode: providers.countryCode, service: providers.service })
        .from(providers)
        .where(eq(providers.id, id));
      return row;
    },

    /** The items of `ids` that are the shop's and sold (a recipe is read, not bought). */
    async shopItemIds(shopId: string, ids: readonly string[]): Promise<string[]> {
      const rows = await db
        .select({ id: items.id })
        .from(items)
        .where(and(eq(items.providerId, shopId), inArray(items.id, [...ids]), ne(items.type, 'recipe')));
      return rows.map((row) => row.id);
    },

    /** A shop's items an offer can be limited to, by name. */
    async shopItems(shopId: string): Promise<OfferItem[]> {
      return db
        .select({ id: items.id, name: items.name, hidden: items.hidden })
        .from(items)
        .where(and(eq(items.providerId, shopId), ne(items.type, 'recipe')))
        .orderBy(asc(sql`${items.name}->>'en'`), asc(items.id));
    },

    async ofShop(shopId: string, now: Date): Promise<ManagedOffer[]> {
      const rows = await base().where(eq(offers.providerId, shopId)).orderBy(desc(offers.startsAt), desc(offers.id));
      return rows.map((row) => present(row, now));
    },

    async list(
      filter: {
        countryCode?: string | undefined;
        service?: string | undefined;
        state?: ManagedOffer['state'] | undefined;
      },
      page: { offset: number; limit: number },
      now: Date,
    ): Promise<{ rows: ManagedOffer[]; total: number }> {
      const conditions: SQL[] = [];
      if (filter.countryCode) conditions.push(eq(offers.countryCode, filter.countryCode));
      if (filter.service) conditions.push(eq(offers.service, filter.service as 'food'));
      const at = now.toISOString();
      if (filter.state === 'ended') conditions.push(sql`${offers.endsAt} <= ${at}::timestamptz`);
      if (filter.state === 'scheduled') conditions.push(sql`${offers.startsAt} > ${at}::timestamptz`);
      if (filter.state === 'running') {
        conditions.push(sql`${offers.startsAt} <= ${at}::timestamptz and ${offers.endsAt} > ${at}::timestamptz`);
      }
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      const [rows, [counted]] = await Promise.all([
        base().where(where).orderBy(desc(offers.createdAt), desc(offers.id)).limit(page.limit).offset(page.offset),
        db.select({ total: count() }).from(offers).where(where),
      ]);
      return { rows: rows.map((row) => present(row, now)), total: counted?.total ?? 0 };
    },

    async byId(id: string, now: Date): Promise<ManagedOffer | undefined> {
      const [row] = await base().where(eq(offers.id, id));
      return row ? present(row, now) : undefined;
    },

    async insert(scope: OfferScope, input: OfferInput): Promise<string> {
      const [row] = await db
        .insert(offers)
        .values({
          countryCode: scope.countryCode,
          service: scope.service,
          providerId: scope.providerId,
          fundedBy: scope.fundedBy,
          kind: input.kind,
          value: input.value,
          minimumSubtotal: input.minimumSubtotal,
          title: Object.keys(input.title).length > 0 ? (input.title as Record<string, string>) : null,
          startsAt: new Date(input.startsAt),
          endsAt: new Date(input.endsAt),
          code: input.code,
          totalLimit: input.totalLimit,
          perShopperLimit: input.perShopperLimit,
          hours: storedOfferHours(input.hours),
          itemIds: input.itemIds,
        })
        .returning({ id: offers.id })
        .catch(codeTaken);
      if (!row) throw new Error('The offer was not stored');
      return row.id;
    },

    /** Ends a running offer now; a scheduled one never runs (its window becomes the second before now). */
    async end(offer: ManagedOffer, now: Date): Promise<void> {
      const window =
        offer.state === 'scheduled'
          ? { startsAt: new Date(now.getTime() - 2000), endsAt: new Date(now.getTime() - 1000) }
          : { endsAt: now };
      await db.update(offers).set(window).where(eq(offers.id, offer.id));
    },
  };
}

export type OfferAdminRepository = ReturnType<typeof createOfferAdminRepository>;

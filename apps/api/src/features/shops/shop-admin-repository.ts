import type { ProviderStatus, ServiceId } from '@malewa/contracts/catalog/vocabulary';
import type { CurrencyCode } from '@malewa/contracts/currencies';
import type { CountryCode } from '@malewa/contracts/markets';
import type { OperatorProvider } from '@malewa/contracts/operator/providers';
import type { OrderStatus } from '@malewa/contracts/orders/order';
import type { Db } from '@malewa/db/database';
import { providers } from '@malewa/db/schema/catalog';
import { locations } from '@malewa/db/schema/locations';
import { orderRatings, orders } from '@malewa/db/schema/orders';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';

export interface ShopFilter {
  searchKeyword: string | undefined;
  service: ServiceId | undefined;
  status: ProviderStatus | undefined;
  countryCode: CountryCode | undefined;
  sortBy: 'name' | 'createdAt' | undefined;
  order: 'asc' | 'desc';
  offset: number;
  limit: number;
}

/** What a shop's state is, as the log keeps it before and after an operator's move. */
export interface ShopState {
  id: string;
  slug: string;
  name: string;
  status: ProviderStatus;
}

const orderCount = sql<number>`(select count(*)::int from ${orders} where ${orders.providerId} = ${providers.id})`;

const selection = {
  id: providers.id,
  slug: providers.slug,
  name: providers.name,
  service: providers.service,
  kind: providers.kind,
  status: providers.status,
  countryCode: providers.countryCode,
  cityId: locations.id,
  cityName: locations.name,
  area: providers.area,
  ratingAverage: providers.ratingAverage,
  ratingCount: providers.ratingCount,
  orderCount,
  suspendedReason: providers.suspendedReason,
  suspendedAt: providers.suspendedAt,
  createdAt: providers.createdAt,
};

/** A shop row as `selection` reads it. */
interface ShopRow {
  id: string;
  slug: string;
  name: string;
  service: ServiceId;
  kind: OperatorProvider['kind'];
  status: ProviderStatus;
  countryCode: string;
  cityId: string;
  cityName: string;
  area: string;
  ratingAverage: number;
  ratingCount: number;
  orderCount: number;
  suspendedReason: string | null;
  suspendedAt: Date | null;
  createdAt: Date;
}

function present(r: ShopRow): OperatorProvider {
  return {
    id: r.id,
    slug: r.slug,
    name: r.name,
    service: r.service,
    kind: r.kind,
    status: r.status,
    countryCode: r.countryCode as CountryCode,
    city: { id: r.cityId, name: r.cityName },
    area: r.area,
    rating: { average: Math.round(r.ratingAverage * 10) / 10, count: r.ratingCount },
    orderCount: Number(r.orderCount),
    suspension:
      r.status === 'suspended' && r.suspendedAt
        ? { reason: r.suspendedReason ?? '', at: r.suspendedAt.toISOString() }
        : null,
    createdAt: r.createdAt.toISOString(),
  };
}

/** The operators' view of every shop, whatever its state: the storefront's catalog sees active ones only. */
export function createShopAdminRepository(db: Db) {
  const base = () => db.select(selection).from(providers).innerJoin(locations, eq(locations.id, providers.locationId));

  return {
    async list(filter: ShopFilter): Promise<{ rows: OperatorProvider[]; total: number }> {
      const conditions: SQL[] = [];
      if (filter.service) conditions.push(eq(providers.service, filter.service));
      if (filter.status) conditions.push(eq(providers.status, filter.status));
      if (filter.countryCode) conditions.push(eq(providers.countryCode, filter.countryCode));
      if (filter.searchKeyword) {
        const pattern = `%${filter.searchKeyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        conditions.push(sql`(${providers.name} ilike ${pattern} or ${providers.slug} ilike ${pattern})`);
      }
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      const column = filter.sortBy === 'createdAt' ? providers.createdAt : providers.name;
      const direction = filter.order === 'desc' ? desc : asc;
      const [rows, [counted]] = await Promise.all([
        base().where(where).orderBy(direction(column), asc(providers.id)).limit(filter.limit).offset(filter.offset),
        db.select({ total: count() }).from(providers).where(where),
      ]);
      return { rows: rows.map(present), total: counted?.total ?? 0 };
    },

    async byId(id: string): Promise<OperatorProvider | undefined> {
      const [row] = await base().where(eq(providers.id, id)).limit(1);
      return row ? present(row) : undefined;
    },

    /** A shop's 20 latest orders, with the stars each was given. */
    async recentOrders(id: string) {
      const rows = await db
        .select({
          id: orders.id,
          status: orders.status,
          total: orders.total,
          currency: orders.currency,
          placedAt: orders.createdAt,
          stars: orderRatings.stars,
        })
        .from(orders)
        .leftJoin(orderRatings, eq(orderRatings.orderId, orders.id))
        .where(eq(orders.providerId, id))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(20);
      return rows.map((row) => ({
        id: row.id,
        status: row.status as OrderStatus,
        total: { amount: row.total, currency: row.currency as CurrencyCode },
        placedAt: row.placedAt.toISOString(),
        rating: row.stars ?? null,
      }));
    },

    /** The shop, locked for an operator's move. */
    async lock(id: string): Promise<ShopState | undefined> {
      const [row] = await db
        .select({ id: providers.id, slug: providers.slug, name: providers.name, status: providers.status })
        .from(providers)
        .where(eq(providers.id, id))
        .for('update');
      return row;
    },

    async setStatus(
      id: string,
      status: 'active' | 'suspended',
      suspension: { reason: string; at: Date } | null,
      at: Date,
    ): Promise<void> {
      await db
        .update(providers)
        .set({
          status,
          suspendedReason: suspension?.reason ?? null,
          suspendedAt: suspension?.at ?? null,
          updatedAt: at,
        })
        .where(eq(providers.id, id));
    },
  };
}

export type ShopAdminRepository = ReturnType<typeof createShopAdminRepository>;

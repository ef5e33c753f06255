import type { Db } from '@malewa/db/database';
import { orderLines, orders } from '@malewa/db/schema/orders';
import { and, eq, sql } from 'drizzle-orm';
import { shopRunBy } from '#api/shop-membership-repository.ts';

/** Orders that count as sales: neither turned down by the shop nor cancelled by the shopper. */
const SOLD = sql`${orders.status} not in ('rejected', 'cancelled')`;

/** A shop's sales, read only through a shop the caller is a member of. */
export function createSalesRepository(db: Db) {
  return {
    /** The shop's time zone and market, when `userId` runs it. */
    shopRunBy: (userId: string, shopId: string) => shopRunBy(db, userId, shopId),

    /** Orders and revenue per local day or week (by its Monday) between two local days, both included. */
    async periods(shop: { id: string; timeZone: string }, from: string, to: string, by: 'day' | 'week') {
      const local = sql`(${orders.createdAt} at time zone ${shop.timeZone})`;
      const start = by === 'week' ? sql`date_trunc('week', ${local})::date` : sql`(${local})::date`;
      const rows = await db
        .select({
          start: sql<string>`to_char(${start}, 'YYYY-MM-DD')`,
          orders: sql<number>`count(*)::int`,
          revenue: sql<string>`coalesce(sum(${orders.total}), 0)`,
        })
        .from(orders)
        .where(and(eq(orders.providerId, shop.id), SOLD, sql`(${local})::date between ${from}::date and ${to}::date`))
        // By position: the day's expression carries the time zone as a parameter, and a
        // repeated expression would be a second parameter PostgreSQL cannot match to the first.
        .groupBy(sql.raw('1'))
        .orderBy(sql.raw('1'));
      return rows.map((row) => ({ start: row.start, orders: row.orders, revenue: Number(row.revenue) }));
    },

    /** The ten items that brought the most between two local days. */
    async topItems(shop: { id: string; timeZone: string }, from: string, to: string) {
      const local = sql`(${orders.createdAt} at time zone ${shop.timeZone})`;
      const rows = await db
        .select({
          name: sql<string>`${orderLines.name} ->> 'text'`,
          quantityMilli: sql<string>`sum(${orderLines.quantityMilli})`,
          revenue: sql<string>`sum(${orderLines.total})`,
        })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(and(eq(orders.providerId, shop.id), SOLD, sql`(${local})::date between ${from}::date and ${to}::date`))
        .groupBy(
          sql`coalesce(${orderLines.itemId}::text, ${orderLines.name} ->> 'text')`,
          sql`${orderLines.name} ->> 'text'`,
        )
        .orderBy(sql`sum(${orderLines.total}) desc`)
        .limit(10);
      return rows.map((row) => ({
        name: row.name,
        quantity: Number(row.quantityMilli) / 1000,
        revenue: Number(row.revenue),
      }));
    },
  };
}

export type SalesRepository = ReturnType<typeof createSalesRepository>;

import type { Db } from '@malewa/db/database';
import { items } from '@malewa/db/schema/catalog';
import { and, eq, sql } from 'drizzle-orm';
import { createPreparedStatements } from '#api/prepared-statements-sql.ts';

/**
 * What is left of a listing: taken at checkout, given back when an order closes unserved. The
 * listings feature is the one writer of `items`; the flows that sell (checkout) and give back
 * (cancel, reject) call this inside their transactions.
 */
export function createStockRepository(db: Db) {
  // Every order placed takes its items' stock: built once (decision 25).
  const prepared = createPreparedStatements();

  return {
    /**
     * Takes `units` out of an item's stock inside a checkout's transaction, and counts the
     * order; false when fewer are left (another checkout took them first). Items without stock
     * (cooked to order) always give.
     */
    async takeStock(itemId: string, units: number): Promise<boolean> {
      const taken = await prepared('take_stock', '', { itemId, units }, (bind) =>
        db
          .update(items)
          .set({
            stock: sql`${items.stock} - ${bind('units')}::integer`,
            orderCount: sql`${items.orderCount} + 1`,
            updatedAt: sql`now()`,
          })
          .where(
            and(
              eq(items.id, bind('itemId') as string),
              sql`(${items.stock} is null or ${items.stock} >= ${bind('units')}::integer)`,
            ),
          )
          .returning({ id: items.id }),
      );
      return taken.length === 1;
    },

    /** Puts units back in stock (a cancelled or rejected order); items without stock are left alone. */
    async returnStock(itemId: string, units: number): Promise<void> {
      await db
        .update(items)
        .set({ stock: sql`${items.stock} + ${units}`, updatedAt: sql`now()` })
        .where(and(eq(items.id, itemId), sql`${items.stock} is not null`));
    },
  };
}

export type StockRepository = ReturnType<typeof createStockRepository>;

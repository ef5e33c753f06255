import type { Db } from '@malewa/db/database';
import { offers } from '@malewa/db/schema/catalog';
import { and, eq, sql } from 'drizzle-orm';

/**
 * A coupon's uses against its total limit: counted at checkout, given back when the last live
 * order of a checkout that used it closes unserved. The offers feature is the one writer of
 * `offers` (the consoles make and end them: offer-admin-repository.ts); checkout and the
 * order-closing flows (`release-order-holds.ts`) call this inside their transactions.
 */
export function createCouponRepository(db: Db) {
  return {
    /** Counts one use of a coupon against its total limit; false when it is spent. */
    async countCouponUse(offerId: string): Promise<boolean> {
      const counted = await db
        .update(offers)
        .set({ redemptions: sql`${offers.redemptions} + 1` })
        .where(
          and(
            eq(offers.id, offerId),
            sql`(${offers.totalLimit} is null or ${offers.redemptions} < ${offers.totalLimit})`,
          ),
        )
        .returning({ id: offers.id });
      return counted.length === 1;
    },

    /** Gives a coupon's use back to its total limit. */
    async returnCouponUse(offerId: string): Promise<void> {
      await db
        .update(offers)
        .set({ redemptions: sql`greatest(${offers.redemptions} - 1, 0)` })
        .where(eq(offers.id, offerId));
    },
  };
}

export type CouponRepository = ReturnType<typeof createCouponRepository>;

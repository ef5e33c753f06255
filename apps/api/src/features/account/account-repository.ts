import type { Db } from '@malewa/db/database';
import { users } from '@malewa/db/schema/accounts';
import { marketplaces } from '@malewa/db/schema/locations';
import { creditLedger } from '@malewa/db/schema/wallet';
import { eq, sql } from 'drizzle-orm';

export function createAccountRepository(db: Db) {
  return {
    /** The sum of the user's ledger entries in their market's main currency. */
    async creditBalance(userId: string): Promise<{ currency: string; balanceMinor: number } | undefined> {
      const [row] = await db
        .select({
          currency: sql<string>`${marketplaces.currencies}[1]`,
          // Spelled out: drizzle leaves columns unqualified in a one-table select, which a
          // correlated subquery would read as its own.
          balanceMinor: sql<string>`coalesce((select sum(cl.amount_minor) from credit_ledger cl where cl.user_id = "users"."id" and cl.currency = "marketplaces"."currencies"[1]), 0)`,
        })
        .from(users)
        .innerJoin(marketplaces, eq(marketplaces.countryCode, users.market))
        .where(eq(users.id, userId));
      return row ? { currency: row.currency, balanceMinor: Number(row.balanceMinor) } : undefined;
    },

    /** Money into the shopper's Malewa credit (a refund the payment method could not take back). */
    async addCredit(userId: string, currency: string, amountMinor: number, reason: string): Promise<void> {
      await db.insert(creditLedger).values({ userId, currency, amountMinor, reason });
    },
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;

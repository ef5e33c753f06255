import type { Db } from '@malewa/db/database';
import { users } from '@malewa/db/schema/accounts';
import { marketplaces } from '@malewa/db/schema/locations';
import { creditLedger } from '@malewa/db/schema/wallet';
import { and, desc, eq, sql } from 'drizzle-orm';

/** Store credit: the ledger's one writer. */
export function createAccountRepository(db: Db) {
  return {
    /**
     * The zero entry an account's credit opens with, in its market's main currency (auth's
     * `StoreCredit`: within the transaction that opens the account).
     */
    async openCredit(userId: string, market: string): Promise<void> {
      const [row] = await db
        .select({ currencies: marketplaces.currencies })
        .from(marketplaces)
        .where(eq(marketplaces.countryCode, market));
      const currency = row?.currencies[0];
      if (!currency) throw new Error(`market ${market} has no currency`);
      await db.insert(creditLedger).values({ userId, currency, amountMinor: 0, reason: 'opening' });
    },

    /** The sum of the user's ledger entries in their market's main currency, or in `currency`. */
    async creditBalance(
      userId: string,
      currency?: string,
    ): Promise<{ currency: string; balanceMinor: number } | undefined> {
      const wanted = currency ? sql`${currency}::text` : sql`"marketplaces"."currencies"[1]`;
      const [row] = await db
        .select({
          currency: sql<string>`${wanted}`,
          // Spelled out: drizzle leaves columns unqualified in a one-table select, which a
          // correlated subquery would read as its own.
          balanceMinor: sql<string>`coalesce((select sum(cl.amount_minor) from credit_ledger cl where cl.user_id = "users"."id" and cl.currency = ${wanted}), 0)`,
        })
        .from(users)
        .innerJoin(marketplaces, eq(marketplaces.countryCode, users.market))
        .where(eq(users.id, userId));
      return row ? { currency: row.currency, balanceMinor: Number(row.balanceMinor) } : undefined;
    },

    /**
     * Money into (positive) or out of (negative) the shopper's Malewa credit: a refund the
     * method could not take back, credit spent on an order or given back with it.
     */
    async addCredit(
      userId: string,
      currency: string,
      amountMinor: number,
      reason: string,
      orderId: string | null = null,
    ): Promise<void> {
      await db.insert(creditLedger).values({ userId, currency, amountMinor, reason, orderId });
    },

    /**
     * The user's credit entries in every currency, newest first (the latest 100): credit is kept
     * in the currency it came in, so a refund of a Kenyan order stays in shillings.
     */
    async creditEntries(userId: string) {
      return db
        .select({
          id: creditLedger.id,
          amountMinor: creditLedger.amountMinor,
          currency: creditLedger.currency,
          reason: creditLedger.reason,
          orderId: creditLedger.orderId,
          at: creditLedger.createdAt,
        })
        .from(creditLedger)
        .where(eq(creditLedger.userId, userId))
        .orderBy(desc(creditLedger.createdAt), desc(creditLedger.id))
        .limit(100);
    },

    /**
     * The user's balance in `currency`, held until the transaction ends: two checkouts at once
     * can't both spend the same credit (the second waits, then reads what the first left).
     */
    async lockedBalance(userId: string, currency: string): Promise<number> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`credit:${userId}:${currency}`}, 0))`);
      const [row] = await db
        .select({ balance: sql<string>`coalesce(sum(${creditLedger.amountMinor}), 0)` })
        .from(creditLedger)
        .where(and(eq(creditLedger.userId, userId), eq(creditLedger.currency, currency)));
      return Number(row?.balance ?? 0);
    },
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;

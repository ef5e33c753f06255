import type { Db } from '@malewa/db/database';
import { providers } from '@malewa/db/schema/catalog';
import { commissionRates, ledgerEntries, ledgerTransactions, payoutBatches, payouts } from '@malewa/db/schema/ledger';
import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { LedgerEntry } from '#api/ledger/postings.ts';
import { boundRow, createPreparedStatements, rowValues } from '#api/prepared-statements-sql.ts';
import { shopRunBy } from '#api/shop-membership-repository.ts';

/** A transaction to post: its kind, its once-only key, what it concerns, and its entries. */
export interface Posting {
  kind: string;
  key: string;
  currency: string;
  occurredAt: Date;
  orderId?: string | null;
  shopId?: string | null;
  userId?: string | null;
  entries: readonly LedgerEntry[];
}

/** The ledger's one writer: postings appended, never changed (decision 33). */
export function createLedgerRepository(db: Db) {
  // Every checkout reads its shop's commission rate: built once (decision 25).
  const prepared = createPreparedStatements();
  return {
    /** The shop, when `userId` runs it (anyone else's: undefined, a 404). */
    shopRunBy: (userId: string, shopId: string) => shopRunBy(db, userId, shopId),

    /**
     * Posts a transaction once: a key already posted changes nothing (a retried webhook, a
     * replayed request). The entries' sum is checked by the database at commit. The
     * transaction and its entries are one statement, one round trip (decision 37).
     */
    async post(posting: Posting): Promise<boolean> {
      const transaction = {
        kind: posting.kind,
        key: posting.key,
        currency: posting.currency,
        occurredAt: posting.occurredAt,
        orderId: posting.orderId ?? null,
        shopId: posting.shopId ?? null,
        userId: posting.userId ?? null,
      };
      if (posting.entries.length === 0) {
        const values = rowValues(ledgerTransactions, transaction);
        const [posted] = await prepared('ledger_transaction', '', values, (bind) =>
          db
            .insert(ledgerTransactions)
            .values(boundRow(ledgerTransactions, values, bind))
            .onConflictDoNothing({ target: ledgerTransactions.key })
            .returning({ id: ledgerTransactions.id }),
        );
        return posted !== undefined;
      }
      const occurredAt = sql`${posting.occurredAt.toISOString()}::timestamptz`;
      const orderId = sql`${transaction.orderId}::uuid`;
      const entries = sql.join(
        posting.entries.map(
          (entry) =>
            sql`(${entry.account}, ${entry.party}, ${entry.amount}::bigint, ${entry.purpose}, ${entry.shopId}::uuid)`,
        ),
        sql`, `,
      );
      // A key already posted inserts no transaction, so no entries either: no rows back.
      const result = await db.execute(sql`
        with posted as (
          insert into ${ledgerTransactions} (kind, key, currency, occurred_at, order_id, shop_id, user_id)
          values (${transaction.kind}, ${transaction.key}, ${transaction.currency}, ${occurredAt}, ${orderId},
                  ${transaction.shopId}::uuid, ${transaction.userId}::uuid)
          on conflict (key) do nothing
          returning id
        )
        insert into ${ledgerEntries} (transaction_id, account, party, amount, purpose, shop_id, order_id, occurred_at)
        select posted.id, entry.account, entry.party, entry.amount, entry.purpose, entry.shop_id, ${orderId}, ${occurredAt}
        from posted cross join (values ${entries}) as entry (account, party, amount, purpose, shop_id)
        returning transaction_id`);
      return (result as unknown as { rows: unknown[] }).rows.length > 0;
    },

    /** The entries of the transaction posted under `key`, as they were posted; none when it was not. */
    async entriesOf(key: string): Promise<LedgerEntry[]> {
      const rows = await db
        .select({
          account: ledgerEntries.account,
          party: ledgerEntries.party,
          amount: ledgerEntries.amount,
          purpose: ledgerEntries.purpose,
          shopId: ledgerEntries.shopId,
        })
        .from(ledgerEntries)
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
        .where(eq(ledgerTransactions.key, key))
        .orderBy(asc(ledgerEntries.id));
      return rows as LedgerEntry[];
    },

    /**
     * The commission rate in force at `at` for a shop of a market's service, in basis points:
     * the shop's own rate if it has one, else its market's and service's; none is 0.
     */
    async commissionRateAt(countryCode: string, service: string, shopId: string, at: Date): Promise<number> {
      const values = { countryCode, service, shopId, at: at.toISOString() };
      const [row] = await prepared('commission_rate', '', values, (bind) =>
        db
          .select({ rateBp: commissionRates.rateBp })
          .from(commissionRates)
          .where(
            and(
              eq(commissionRates.countryCode, bind('countryCode') as string),
              eq(commissionRates.service, bind('service') as string),
              or(isNull(commissionRates.providerId), eq(commissionRates.providerId, bind('shopId') as string)),
              sql`${commissionRates.validFrom} <= ${bind('at')}::timestamptz`,
            ),
          )
          .orderBy(
            sql`${commissionRates.providerId} is null`,
            desc(commissionRates.validFrom),
            desc(commissionRates.createdAt),
          )
          .limit(1),
      );
      return row?.rateBp ?? 0;
    },

    /**
     * A shop's entries summed by account and purpose: those before `from` (`before`), and those
     * from `from` to just before `to` (`during`). `promotions` are the discounts Malewa funded.
     */
    async shopSums(shopId: string, from: Date, to: Date) {
      return db
        .select({
          account: ledgerEntries.account,
          purpose: ledgerEntries.purpose,
          before: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.occurredAt} < ${from.toISOString()}::timestamptz), 0)`,
          during: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.occurredAt} >= ${from.toISOString()}::timestamptz), 0)`,
        })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.shopId, shopId), lt(ledgerEntries.occurredAt, to)))
        .groupBy(ledgerEntries.account, ledgerEntries.purpose);
    },

    /**
     * What each shop of a market is owed just before `at`: its payable and its tips (positive:
     * Malewa owes the shop), with whether it was paid for the period ending at `at`.
     */
    async owedByShop(countryCode: string, at: Date) {
      const rows = await db
        .select({
          shopId: providers.id,
          name: providers.name,
          slug: providers.slug,
          payable: sql<string>`coalesce(-sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.account} = 'shop_payable'), 0)`,
          tips: sql<string>`coalesce(-sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.account} = 'shop_tips'), 0)`,
          paid: sql<boolean>`exists (select 1 from ${payouts} where ${payouts.shopId} = ${providers.id} and ${payouts.periodTo} = ${at.toISOString()}::timestamptz)`,
        })
        .from(ledgerEntries)
        .innerJoin(providers, eq(providers.id, ledgerEntries.shopId))
        .where(
          and(
            eq(providers.countryCode, countryCode),
            inArray(ledgerEntries.account, ['shop_payable', 'shop_tips']),
            lt(ledgerEntries.occurredAt, at),
          ),
        )
        .groupBy(providers.id, providers.name, providers.slug)
        .orderBy(asc(providers.name));
      return rows.map((row) => ({ ...row, payable: Number(row.payable), tips: Number(row.tips) }));
    },

    /** Holds a payout batch's key for the transaction; false when another request holds it now. */
    async holdPayoutKey(key: string): Promise<boolean> {
      const result = await db.execute(
        sql`select pg_try_advisory_xact_lock(hashtextextended(${`payouts:${key}`}, 0)) as held`,
      );
      const [row] = (result as unknown as { rows: { held: boolean }[] }).rows;
      return row?.held === true;
    },

    /** A batch recorded under `key`, with its payouts. */
    async payoutBatch(key: string) {
      const [batch] = await db.select().from(payoutBatches).where(eq(payoutBatches.key, key));
      if (!batch) return undefined;
      const paid = await db.select().from(payouts).where(eq(payouts.batchId, batch.id)).orderBy(asc(payouts.shopId));
      return { ...batch, payouts: paid };
    },

    async insertPayoutBatch(batch: typeof payoutBatches.$inferInsert): Promise<string> {
      const [row] = await db.insert(payoutBatches).values(batch).returning({ id: payoutBatches.id });
      if (!row) throw new Error('The payout batch was not stored');
      return row.id;
    },

    /** A shop's payout for a period end; false when it was paid for it already. */
    async insertPayout(payout: typeof payouts.$inferInsert): Promise<boolean> {
      const rows = await db
        .insert(payouts)
        .values(payout)
        .onConflictDoNothing({ target: [payouts.shopId, payouts.periodTo] })
        .returning({ id: payouts.id });
      return rows.length === 1;
    },

    /** A market's commission rates with their shops' names, newest first. */
    async commissionRates(countryCode: string) {
      return db
        .select({
          id: commissionRates.id,
          countryCode: commissionRates.countryCode,
          service: commissionRates.service,
          shopId: commissionRates.providerId,
          shopName: providers.name,
          rateBp: commissionRates.rateBp,
          validFrom: commissionRates.validFrom,
        })
        .from(commissionRates)
        .leftJoin(providers, eq(providers.id, commissionRates.providerId))
        .where(eq(commissionRates.countryCode, countryCode))
        .orderBy(desc(commissionRates.validFrom), desc(commissionRates.createdAt));
    },

    async insertCommissionRate(rate: typeof commissionRates.$inferInsert): Promise<string> {
      const [row] = await db.insert(commissionRates).values(rate).returning({ id: commissionRates.id });
      if (!row) throw new Error('The commission rate was not stored');
      return row.id;
    },

    /** A shop of a market's service, by id: where a shop's own rate may apply. */
    async shopOf(shopId: string, countryCode: string, service: string) {
      const [row] = await db
        .select({ id: providers.id, name: providers.name })
        .from(providers)
        .where(
          and(
            eq(providers.id, shopId),
            eq(providers.countryCode, countryCode),
            eq(providers.service, service as 'food'),
          ),
        );
      return row;
    },

    /** An order's transactions with their entries, oldest first. */
    async transactionsOfOrder(orderId: string) {
      const rows = await db
        .select({
          id: ledgerTransactions.id,
          kind: ledgerTransactions.kind,
          key: ledgerTransactions.key,
          currency: ledgerTransactions.currency,
          occurredAt: ledgerTransactions.occurredAt,
          account: ledgerEntries.account,
          party: ledgerEntries.party,
          amount: ledgerEntries.amount,
          purpose: ledgerEntries.purpose,
        })
        .from(ledgerTransactions)
        .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
        .where(eq(ledgerTransactions.orderId, orderId))
        .orderBy(asc(ledgerTransactions.occurredAt), asc(ledgerTransactions.key), asc(ledgerEntries.id));
      return rows;
    },
  };
}

export type LedgerRepository = ReturnType<typeof createLedgerRepository>;

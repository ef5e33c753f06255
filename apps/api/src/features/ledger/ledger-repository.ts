import type { Db } from '@malewa/db/database';
import { commissionRates, ledgerEntries, ledgerTransactions } from '@malewa/db/schema/ledger';
import { and, asc, desc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { LedgerEntry } from '#api/ledger/postings.ts';

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
  return {
    /**
     * Posts a transaction once: a key already posted changes nothing (a retried webhook, a
     * replayed request). The entries' sum is checked by the database at commit.
     */
    async post(posting: Posting): Promise<boolean> {
      const [transaction] = await db
        .insert(ledgerTransactions)
        .values({
          kind: posting.kind,
          key: posting.key,
          currency: posting.currency,
          occurredAt: posting.occurredAt,
          orderId: posting.orderId ?? null,
          shopId: posting.shopId ?? null,
          userId: posting.userId ?? null,
        })
        .onConflictDoNothing({ target: ledgerTransactions.key })
        .returning({ id: ledgerTransactions.id });
      if (!transaction) return false;
      if (posting.entries.length > 0) {
        await db.insert(ledgerEntries).values(
          posting.entries.map((entry) => ({
            transactionId: transaction.id,
            account: entry.account,
            party: entry.party,
            amount: entry.amount,
            purpose: entry.purpose,
            shopId: entry.shopId,
            orderId: posting.orderId ?? null,
            occurredAt: posting.occurredAt,
          })),
        );
      }
      return true;
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
      const [row] = await db
        .select({ rateBp: commissionRates.rateBp })
        .from(commissionRates)
        .where(
          and(
            eq(commissionRates.countryCode, countryCode),
            eq(commissionRates.service, service),
            or(isNull(commissionRates.providerId), eq(commissionRates.providerId, shopId)),
            lte(commissionRates.validFrom, at),
          ),
        )
        .orderBy(
          sql`${commissionRates.providerId} is null`,
          desc(commissionRates.validFrom),
          desc(commissionRates.createdAt),
        )
        .limit(1);
      return row?.rateBp ?? 0;
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

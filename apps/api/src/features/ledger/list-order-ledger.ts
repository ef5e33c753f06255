import type { LedgerTransaction } from '@malewa/contracts/operator/list-ledger';
import type { LedgerRepository } from './ledger-repository.ts';

/** An order's money as the ledger has it: its transactions, each with its legs. */
export async function listOrderLedger(
  deps: { ledger: Pick<LedgerRepository, 'transactionsOfOrder'> },
  orderId: string,
): Promise<LedgerTransaction[]> {
  const byId = new Map<string, LedgerTransaction>();
  for (const row of await deps.ledger.transactionsOfOrder(orderId)) {
    const transaction = byId.get(row.id) ?? {
      id: row.id,
      kind: row.kind,
      key: row.key,
      currency: row.currency as LedgerTransaction['currency'],
      occurredAt: row.occurredAt.toISOString(),
      entries: [],
    };
    transaction.entries.push({ account: row.account, party: row.party, amount: row.amount, purpose: row.purpose });
    byId.set(row.id, transaction);
  }
  return [...byId.values()];
}

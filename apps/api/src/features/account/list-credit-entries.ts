import type { CreditEntry } from '@malewa/contracts/account/list-credit-entries';
import type { Principal } from '#api/plugins/access-control.ts';
import type { AccountRepository } from './account-repository.ts';

/** The ledger's reasons as they are written (`refund:<payment>`, `order:<id>`, …), by their kind. */
const KINDS: readonly [prefix: string, kind: CreditEntry['kind']][] = [
  ['refund:', 'refund'],
  ['order-closed:', 'order_closed'],
  ['order:', 'order'],
  ['goodwill:', 'goodwill'],
  ['problem:', 'problem'],
];

/** My credit's movements, newest first: what each was, and goodwill's words. */
export async function listCreditEntries(
  deps: { account: Pick<AccountRepository, 'creditEntries'> },
  principal: Principal,
): Promise<CreditEntry[]> {
  const rows = await deps.account.creditEntries(principal.userId);
  return rows.map((row) => {
    const [prefix, kind] = KINDS.find(([start]) => row.reason.startsWith(start)) ?? ['', 'opening' as const];
    return {
      id: row.id,
      kind,
      amountMinor: row.amountMinor,
      currency: row.currency as CreditEntry['currency'],
      orderId: row.orderId,
      note: kind === 'goodwill' ? row.reason.slice(prefix.length) : null,
      at: row.at.toISOString(),
    };
  });
}

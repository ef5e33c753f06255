import type { Transaction } from '@malewa/db/unit-of-work';

/**
 * What a service that writes in one transaction is given: the unit of work. Inside it, every
 * repository's queries join the transaction by themselves (decision 29).
 */
export interface TransactionDeps {
  transaction: Transaction;
}

/**
 * Opens a new account's store credit. The ledger is the account feature's (its table,
 * `credit_ledger`); auth asks through this, wired in `app.ts` to that feature's repository, so
 * the auth feature does not reach into it. Called inside the opening's transaction, the entry
 * joins it (decision 29).
 */
export interface StoreCredit {
  /** The zero entry every account opens with, in the main currency of its market. */
  openCredit(userId: string, market: string): Promise<void>;
}

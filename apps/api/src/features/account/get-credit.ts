import type { GetCreditResponse } from '@malewa/contracts/account/get-credit';
import { AppError } from '#api/app-error.ts';
import type { Principal } from '#api/plugins/access-control.ts';
import type { AccountRepository } from './account-repository.ts';

/** The store credit the account layout shows: real ledger rows, zero until credit is given. */
export async function getCredit(
  deps: { account: AccountRepository },
  principal: Principal,
  currency?: string,
): Promise<GetCreditResponse['data']> {
  const credit = await deps.account.creditBalance(principal.userId, currency);
  if (!credit) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
  return credit as GetCreditResponse['data'];
}

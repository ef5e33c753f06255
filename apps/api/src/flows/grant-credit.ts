import { randomUUID } from 'node:crypto';
import type { CurrencyCode } from '@malewa/contracts/currencies';
import type { GrantCreditRequest } from '@malewa/contracts/operator/grant-credit';
import { AppError } from '../app-error.ts';
import { type Clock, clock } from '../clock.ts';
import type { AccountRepository } from '../features/account/account-repository.ts';
import type { AuditRepository } from '../features/audit/audit-repository.ts';
import type { AccountsRepository } from '../features/auth/accounts-repository.ts';
import type { LedgerRepository } from '../features/ledger/ledger-repository.ts';
import { goodwillPosting } from '../ledger/postings.ts';
import type { Principal } from '../plugins/access-control.ts';
import type { TransactionDeps } from '../transaction-deps.ts';
import { actorOf } from './operator-actor.ts';

export interface GrantCreditDeps extends TransactionDeps {
  credits: Pick<AccountRepository, 'creditBalance' | 'lockedBalance' | 'addCredit'>;
  audit: AuditRepository;
  ledger: Pick<LedgerRepository, 'post'>;
  accounts: Pick<AccountsRepository, 'contactOf'>;
  now?: Clock;
}

/**
 * An operator gives an account goodwill credit in its market's currency, in one transaction
 * with the audit entry that says who, how much and why; the reason is also what the shopper
 * reads beside it in their credit's list. No such account: 404.
 */
export async function grantCredit(
  deps: GrantCreditDeps,
  principal: Principal,
  accountId: string,
  grant: GrantCreditRequest,
): Promise<{ accountId: string; currency: CurrencyCode; balanceMinor: number }> {
  const at = clock(deps);
  const actor = await actorOf(deps, principal);
  return deps.transaction(async () => {
    const credit = await deps.credits.creditBalance(accountId);
    if (!credit) throw new AppError('NOT_FOUND', 'No such account');
    if (credit.currency !== grant.currency) {
      throw new AppError('BUSINESS_RULE', `This account's credit is in ${credit.currency}`, {
        fields: { currency: [`The account's credit is in ${credit.currency}`] },
        problem: { code: 'currency', currency: credit.currency },
      });
    }
    const before = await deps.credits.lockedBalance(accountId, credit.currency);
    await deps.credits.addCredit(accountId, credit.currency, grant.amount, `goodwill:${grant.reason}`);
    await deps.ledger.post({
      kind: 'goodwill',
      key: `goodwill:${randomUUID()}`,
      currency: credit.currency,
      occurredAt: at,
      userId: accountId,
      entries: goodwillPosting(accountId, grant.amount),
    });
    await deps.audit.record([
      {
        ...actor,
        action: 'account.credit',
        subjectType: 'account',
        subjectId: accountId,
        before: { balanceMinor: before, currency: credit.currency },
        after: { balanceMinor: before + grant.amount, amount: grant.amount, reason: grant.reason },
        at,
      },
    ]);
    return { accountId, currency: credit.currency as CurrencyCode, balanceMinor: before + grant.amount };
  });
}

import { createHash } from 'node:crypto';
import { MARKET_TIME_ZONES } from '@malewa/contracts/country-codes';
import { type CurrencyCode, MARKET_CURRENCY } from '@malewa/contracts/currencies';
import type { CountryCode } from '@malewa/contracts/markets';
import type { PayoutLine, PayoutsQuery, RecordPayoutsRequest } from '@malewa/contracts/operator/payouts';
import { addDays, zonedInstant } from '@malewa/contracts/zoned-time';
import { AppError } from '../app-error.ts';
import { type Clock, clock } from '../clock.ts';
import type { AuditRepository } from '../features/audit/audit-repository.ts';
import type { AccountsRepository } from '../features/auth/accounts-repository.ts';
import type { LedgerRepository } from '../features/ledger/ledger-repository.ts';
import { payoutPosting } from '../ledger/postings.ts';
import type { Principal } from '../plugins/access-control.ts';
import type { TransactionDeps } from '../transaction-deps.ts';
import { actorOf } from './operator-actor.ts';

export interface PayoutDeps extends TransactionDeps {
  ledger: LedgerRepository;
  audit: AuditRepository;
  accounts: Pick<AccountsRepository, 'contactOf'>;
  now?: Clock;
}

/** The end of a period: midnight after its last day, on the market's clock. */
function periodEnd(countryCode: string, to: string): Date {
  return zonedInstant(addDays(to, 1), 0, MARKET_TIME_ZONES[countryCode as CountryCode]);
}

/** What each shop of the market is owed at the end of the period: the list a bulk payment is made from. */
export async function listPayouts(deps: Pick<PayoutDeps, 'ledger'>, query: PayoutsQuery): Promise<PayoutLine[]> {
  const currency: CurrencyCode = MARKET_CURRENCY[query.countryCode];
  const owed = await deps.ledger.owedByShop(query.countryCode, periodEnd(query.countryCode, query.to));
  return owed
    .filter((shop) => shop.payable + shop.tips > 0)
    .map((shop) => ({
      shop: { id: shop.shopId, name: shop.name, slug: shop.slug },
      amount: { amount: shop.payable + shop.tips, currency },
      paid: shop.paid,
    }));
}

function refuse(problem: { code: 'amount_changed' | 'already_paid'; shopId: string } | { code: 'key_reused' }): never {
  const messages = {
    amount_changed: 'A shop’s amount is not what it is owed now: list the payouts again',
    already_paid: 'A shop was paid for this period already',
    key_reused: 'This Idempotency-Key was used for another batch',
  } as const;
  throw new AppError('BUSINESS_RULE', messages[problem.code], { problem });
}

/**
 * Records a batch of payouts as paid, in one transaction with the ledger's payout postings and
 * the audit entry: each shop's amount must be what it is owed at the period's end, and a shop
 * is paid once per period end. The same key again answers the batch it recorded (nothing
 * changes); the same key in flight at once is a 409.
 */
export async function recordPayouts(
  deps: PayoutDeps,
  principal: Principal,
  key: string,
  request: RecordPayoutsRequest,
) {
  const at = clock(deps);
  const actor = await actorOf(deps, principal);
  const requestHash = createHash('sha256').update(JSON.stringify(request)).digest('hex');
  const currency: CurrencyCode = MARKET_CURRENCY[request.countryCode];
  const end = periodEnd(request.countryCode, request.to);
  return deps.transaction(async () => {
    if (!(await deps.ledger.holdPayoutKey(key))) {
      throw new AppError('CONFLICT', 'A batch with this Idempotency-Key is still being recorded');
    }
    const recorded = await deps.ledger.payoutBatch(key);
    if (recorded) {
      if (recorded.requestHash !== requestHash) refuse({ code: 'key_reused' });
      return {
        batchId: recorded.id,
        payouts: recorded.payouts.map((payout) => ({
          shopId: payout.shopId,
          amount: { amount: payout.amount, currency: payout.currency as CurrencyCode },
        })),
      };
    }
    const owed = new Map(
      (await deps.ledger.owedByShop(request.countryCode, end)).map((shop) => [shop.shopId, shop] as const),
    );
    const batchId = await deps.ledger.insertPayoutBatch({
      key,
      requestHash,
      periodFrom: zonedInstant(request.from, 0, MARKET_TIME_ZONES[request.countryCode]),
      periodTo: end,
      createdBy: principal.userId,
      createdAt: at,
    });
    for (const payout of request.payouts) {
      const shop = owed.get(payout.shopId);
      if (shop?.paid) refuse({ code: 'already_paid', shopId: payout.shopId });
      if (!shop || shop.payable + shop.tips !== payout.amount) {
        refuse({ code: 'amount_changed', shopId: payout.shopId });
      }
      const first = await deps.ledger.insertPayout({
        batchId,
        shopId: payout.shopId,
        periodTo: end,
        amount: payout.amount,
        currency,
      });
      if (!first) refuse({ code: 'already_paid', shopId: payout.shopId });
      await deps.ledger.post({
        kind: 'payout',
        key: `payout:${payout.shopId}:${end.toISOString()}`,
        currency,
        occurredAt: at,
        shopId: payout.shopId,
        entries: payoutPosting(payout.shopId, shop.payable, shop.tips),
      });
    }
    await deps.audit.record([
      {
        ...actor,
        action: 'payouts.record',
        subjectType: 'payout_batch',
        subjectId: batchId,
        before: null,
        after: { countryCode: request.countryCode, from: request.from, to: request.to, payouts: request.payouts },
        at,
      },
    ]);
    return {
      batchId,
      payouts: request.payouts.map((payout) => ({
        shopId: payout.shopId,
        amount: { amount: payout.amount, currency },
      })),
    };
  });
}

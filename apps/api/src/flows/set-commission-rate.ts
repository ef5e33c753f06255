import type { CommissionRate, SetCommissionRateRequest } from '@malewa/contracts/operator/commission-rates';
import { AppError } from '../app-error.ts';
import { clock } from '../clock.ts';
import type { LedgerRepository } from '../features/ledger/ledger-repository.ts';
import type { Principal } from '../plugins/access-control.ts';
import { actorOf } from './operator-actor.ts';
import type { PayoutDeps } from './record-payouts.ts';

/**
 * An operator sets Malewa's commission from a date, for a market's service or one shop of it,
 * in one transaction with its audit entry. Rates are only ever added: orders keep the rate in
 * force when they were placed, so a new rate changes none of them.
 */
export async function setCommissionRate(
  deps: PayoutDeps & { ledger: LedgerRepository },
  principal: Principal,
  request: SetCommissionRateRequest,
): Promise<CommissionRate> {
  const at = clock(deps);
  const actor = await actorOf(deps, principal);
  return deps.transaction(async () => {
    const shop = request.shopId
      ? await deps.ledger.shopOf(request.shopId, request.countryCode, request.service)
      : undefined;
    if (request.shopId && !shop) throw new AppError('NOT_FOUND', 'No such shop in this market and service');
    const id = await deps.ledger.insertCommissionRate({
      countryCode: request.countryCode,
      service: request.service,
      providerId: shop?.id ?? null,
      rateBp: request.rateBp,
      validFrom: new Date(request.validFrom),
      createdBy: principal.userId,
    });
    await deps.audit.record([
      {
        ...actor,
        action: 'commission.set',
        subjectType: shop ? 'provider' : 'commission',
        subjectId: shop?.id ?? id,
        before: null,
        after: { ...request },
        at,
      },
    ]);
    return {
      id,
      countryCode: request.countryCode,
      service: request.service,
      shop: shop ? { id: shop.id, name: shop.name } : null,
      rateBp: request.rateBp,
      validFrom: new Date(request.validFrom).toISOString(),
    };
  });
}

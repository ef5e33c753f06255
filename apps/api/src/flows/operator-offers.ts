import { listMeta } from '@malewa/contracts/envelope';
import type { ListOperatorOffersQuery, ManagedOffer, OperatorOfferInput } from '@malewa/contracts/offers/manage-offers';
import { AppError } from '../app-error.ts';
import { type Clock, clock } from '../clock.ts';
import type { AuditRepository } from '../features/audit/audit-repository.ts';
import type { AccountsRepository } from '../features/auth/accounts-repository.ts';
import { assertShopItems } from '../features/offers/manage-offers.ts';
import type { OfferAdminRepository } from '../features/offers/offer-admin-repository.ts';
import type { Principal } from '../plugins/access-control.ts';
import type { TransactionDeps } from '../transaction-deps.ts';
import { actorOf } from './operator-actor.ts';

export interface OperatorOfferDeps extends TransactionDeps {
  offers: OfferAdminRepository;
  audit: AuditRepository;
  accounts: Pick<AccountsRepository, 'contactOf'>;
  now?: Clock;
}

/** Every offer and coupon, by market, service and state, newest first (operators). */
export async function listOperatorOffers(deps: OperatorOfferDeps, query: ListOperatorOffersQuery) {
  const { rows, total } = await deps.offers.list(
    { countryCode: query.countryCode, service: query.service, state: query.state },
    { offset: (query.page - 1) * query.perPage, limit: query.perPage },
    clock(deps),
  );
  return { data: rows, meta: listMeta(query.page, query.perPage, total) };
}

/**
 * An operator's offer or coupon for a market's whole service, or for one of its shops, in one
 * transaction with its audit entry. A shop of another market or service is refused.
 */
export async function createOperatorOffer(
  deps: OperatorOfferDeps,
  principal: Principal,
  input: OperatorOfferInput,
): Promise<ManagedOffer> {
  const { countryCode, service, providerId, ...offer } = input;
  if (providerId) {
    const shop = await deps.offers.shop(providerId);
    if (!shop || shop.countryCode !== countryCode || shop.service !== service) {
      throw new AppError('VALIDATION_FAILED', 'Choose a shop of this market and service', {
        fields: { providerId: ['Choose a shop of this market and service'] },
      });
    }
    await assertShopItems(deps.offers, providerId, offer.itemIds);
  }
  const [actor, at] = [await actorOf(deps, principal), clock(deps)];
  const id = await deps.transaction(async () => {
    const created = await deps.offers.insert(
      // The marketplace's promotion, even for one shop: a shop funds only what it offers itself.
      { countryCode, service, providerId, fundedBy: 'marketplace' },
      offer,
    );
    await deps.audit.record([
      {
        ...actor,
        action: 'offer.create',
        subjectType: 'offer',
        subjectId: created,
        before: null,
        after: { ...input },
        at,
      },
    ]);
    return created;
  });
  return (await deps.offers.byId(id, clock(deps))) as ManagedOffer;
}

/** A shop's items an operator's offer for it can be limited to; no such shop is a 404. */
export async function listOfferItems(deps: Pick<OperatorOfferDeps, 'offers'>, shopId: string) {
  if (!(await deps.offers.shop(shopId))) throw new AppError('NOT_FOUND', 'No such shop');
  return { data: await deps.offers.shopItems(shopId) };
}

/** An operator ends any offer now, logged; one already over is a 409. */
export async function endOperatorOffer(
  deps: OperatorOfferDeps,
  principal: Principal,
  id: string,
): Promise<ManagedOffer> {
  const now = clock(deps);
  const offer = await deps.offers.byId(id, now);
  if (!offer) throw new AppError('NOT_FOUND', 'No such offer');
  if (offer.state === 'ended')
    throw new AppError('CONFLICT', 'This offer is already over', { problem: { code: 'offer_over' } });
  const actor = await actorOf(deps, principal);
  await deps.transaction(async () => {
    await deps.offers.end(offer, now);
    await deps.audit.record([
      {
        ...actor,
        action: 'offer.end',
        subjectType: 'offer',
        subjectId: id,
        before: { state: offer.state, endsAt: offer.endsAt },
        after: { state: 'ended' },
        at: now,
      },
    ]);
  });
  return (await deps.offers.byId(id, clock(deps))) as ManagedOffer;
}

import type { ManagedOffer, OfferInput } from '@malewa/contracts/offers/manage-offers';
import { AppError } from '#api/app-error.ts';
import { type Clock, clock } from '#api/clock.ts';
import type { Principal } from '#api/plugins/access-control.ts';
import type { OfferAdminRepository } from './offer-admin-repository.ts';

export interface ShopOfferDeps {
  offers: OfferAdminRepository;
  now?: Clock;
}

/** A shop's own offers, newest first, for the people who run it (anyone else: 404). */
export async function listShopOffers(deps: ShopOfferDeps, principal: Principal, shopId: string) {
  const shop = await deps.offers.shopRunBy(principal.userId, shopId);
  if (!shop) throw new AppError('NOT_FOUND', 'No such shop');
  return deps.offers.ofShop(shop.id, clock(deps));
}

/** A shop's new offer or coupon, in its market and service, for its items only. */
export async function createShopOffer(
  deps: ShopOfferDeps,
  principal: Principal,
  shopId: string,
  input: OfferInput,
): Promise<ManagedOffer> {
  const shop = await deps.offers.shopRunBy(principal.userId, shopId);
  if (!shop) throw new AppError('NOT_FOUND', 'No such shop');
  await assertShopItems(deps.offers, shop.id, input.itemIds);
  const id = await deps.offers.insert(
    // A shop's own offer comes out of what it is owed (docs/decisions/0032).
    { countryCode: shop.countryCode, service: shop.service, providerId: shop.id, fundedBy: 'shop' },
    input,
  );
  return (await deps.offers.byId(id, clock(deps))) as ManagedOffer;
}

/**
 * An offer limited to items takes only items its shop sells: another shop's item, a recipe or
 * an id that is no item is a 400 on `itemIds`.
 */
export async function assertShopItems(
  offers: Pick<OfferAdminRepository, 'shopItemIds'>,
  shopId: string,
  itemIds: readonly string[] | null,
): Promise<void> {
  if (!itemIds) return;
  const found = await offers.shopItemIds(shopId, itemIds);
  if (found.length !== itemIds.length) {
    throw new AppError('VALIDATION_FAILED', 'Choose items this shop sells', {
      fields: { itemIds: ['Choose items this shop sells'] },
    });
  }
}

/** Ends one of the shop's offers now; one already over is a 409. */
export async function endShopOffer(deps: ShopOfferDeps, principal: Principal, id: string): Promise<ManagedOffer> {
  const now = clock(deps);
  const offer = await deps.offers.byId(id, now);
  const runs = offer?.provider && (await deps.offers.shopRunBy(principal.userId, offer.provider.id));
  if (!offer || !runs) throw new AppError('NOT_FOUND', 'No such offer');
  if (offer.state === 'ended')
    throw new AppError('CONFLICT', 'This offer is already over', { problem: { code: 'offer_over' } });
  await deps.offers.end(offer, now);
  return (await deps.offers.byId(id, clock(deps))) as ManagedOffer;
}

import type { Rider } from '@malewa/contracts/delivery/rider';
import { AppError } from '#api/app-error.ts';
import type { Principal } from '#api/plugins/access-control.ts';
import type { RiderRepository } from './rider-repository.ts';

/** The riders who deliver for a shop, for its people: its own, then the fleet's. */
export async function listShopRiders(
  deps: { riders: RiderRepository; runsShop: (userId: string, shopId: string) => Promise<boolean> },
  principal: Principal,
  shopId: string,
): Promise<Rider[]> {
  const shop = (await deps.runsShop(principal.userId, shopId)) ? await deps.riders.shopPlace(shopId) : undefined;
  if (!shop) throw new AppError('NOT_FOUND', 'No such shop');
  return deps.riders.listForShop(shop);
}

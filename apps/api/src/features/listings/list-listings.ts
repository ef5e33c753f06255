import type { Listing } from '@malewa/contracts/provider/listings';
import { AppError } from '#api/app-error.ts';
import type { Principal } from '#api/plugins/access-control.ts';
import type { ListingRepository } from './listing-repository.ts';

/** A shop's listings, newest change first, for the people who run it (anyone else: 404). */
export async function listListings(
  deps: { listings: ListingRepository },
  principal: Principal,
  shopId: string,
): Promise<Listing[]> {
  const shop = await deps.listings.shopRunBy(principal.userId, shopId);
  if (!shop) throw new AppError('NOT_FOUND', 'No such shop');
  return deps.listings.ofShop(shop.id);
}

import type { Listing, ListingVisibilityInput } from '@malewa/contracts/provider/listings';
import { AppError } from '#api/app-error.ts';
import type { Principal } from '#api/plugins/access-control.ts';
import type { ListingRepository } from './listing-repository.ts';

/**
 * Takes a listing of a shop the caller runs out of the storefront, or puts it back (anyone
 * else's: 404). Hidden rather than deleted: the orders and carts that hold it still name it.
 */
export async function setListingVisibility(
  deps: { listings: ListingRepository },
  principal: Principal,
  id: string,
  input: ListingVisibilityInput,
): Promise<Listing> {
  const current = await deps.listings.runBy(principal.userId, id);
  if (!current) throw new AppError('NOT_FOUND', 'No such listing');
  if (current.hidden !== input.hidden) await deps.listings.setHidden(id, input.hidden);
  const changed = await deps.listings.runBy(principal.userId, id);
  if (!changed) throw new Error('The listing just changed is gone');
  return changed;
}

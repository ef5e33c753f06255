import { randomBytes } from 'node:crypto';
import { MARKET_CURRENCY } from '@malewa/contracts/currencies';
import type { CountryCode } from '@malewa/contracts/markets';
import {
  LISTING_CATEGORIES,
  LISTING_TYPE,
  LISTING_UNITS,
  type Listing,
  type ListingInput,
  type ListingService,
} from '@malewa/contracts/provider/listings';
import { AppError } from '../../app-error.ts';
import type { Principal } from '../../plugins/access-control.ts';
import { slugify } from '../../slugify.ts';
import type { ListingRepository } from './listing-repository.ts';

type Deps = { listings: ListingRepository };

/**
 * The category and unit must be ones the shop's service lists under (the storefront labels
 * them), and a chef's listing, and only that, carries its experience.
 */
function checkVocabulary(service: string, input: ListingInput): ListingService {
  if (!(service in LISTING_TYPE)) {
    throw new AppError('CONFLICT', 'This shop’s listings are not edited here yet');
  }
  const kind = service as ListingService;
  const fields: Record<string, string[]> = {};
  if (!LISTING_CATEGORIES[kind].includes(input.category)) fields.category = ['Choose one of the categories'];
  if (!LISTING_UNITS[kind].includes(input.unit)) fields.unit = ['Choose one of the units'];
  // A chef's experience says its guests, duration and place; nothing else has one.
  if (kind === 'chef' && !input.experience) fields.experience = ['Say the guests, duration and place'];
  if (kind !== 'chef' && input.experience) fields.experience = ['Only a chef’s experience has one'];
  if (Object.keys(fields).length > 0) {
    throw new AppError('VALIDATION_FAILED', 'Some details of the listing need another look', { fields });
  }
  return kind;
}

/** A shop's new listing, priced in its market's currency, with a drawing until a photo comes. */
export async function createListing(
  deps: Deps,
  principal: Principal,
  shopId: string,
  input: ListingInput,
): Promise<Listing> {
  const shop = await deps.listings.shopRunBy(principal.userId, shopId);
  if (!shop) throw new AppError('NOT_FOUND', 'No such shop');
  const kind = checkVocabulary(shop.service, input);
  const firstName = Object.values(input.name)[0] ?? 'item';
  const id = await deps.listings.insert(shop, {
    ...input,
    slug: `${slugify(firstName) || 'item'}-${randomBytes(3).toString('hex')}`,
    type: LISTING_TYPE[kind],
    currency: MARKET_CURRENCY[shop.countryCode as CountryCode],
    images: [],
  });
  const created = await deps.listings.runBy(principal.userId, id);
  if (!created) throw new Error('The listing just made is gone');
  return created;
}

/** Changes a listing of a shop the caller runs (anyone else's: 404). */
export async function updateListing(
  deps: Deps,
  principal: Principal,
  id: string,
  input: ListingInput,
): Promise<Listing> {
  const current = await deps.listings.runBy(principal.userId, id);
  if (!current) throw new AppError('NOT_FOUND', 'No such listing');
  checkVocabulary(current.service, input);
  await deps.listings.update(id, input);
  const updated = await deps.listings.runBy(principal.userId, id);
  if (!updated) throw new Error('The listing just changed is gone');
  return updated;
}

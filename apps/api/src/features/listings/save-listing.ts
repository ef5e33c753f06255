import { randomBytes } from 'node:crypto';
import type { ServiceId } from '@malewa/contracts/catalog/vocabulary';
import { MARKET_CURRENCY } from '@malewa/contracts/currencies';
import type { CountryCode } from '@malewa/contracts/markets';
import {
  LISTING_CATEGORIES,
  LISTING_TYPE,
  LISTING_TYPES_OF,
  LISTING_UNITS,
  type Listing,
  type ListingInput,
  type ListingType,
} from '@malewa/contracts/provider/listings';
import { AppError } from '#api/app-error.ts';
import type { Principal } from '#api/plugins/access-control.ts';
import { slugify } from '#api/slugify.ts';
import type { ListingRepository } from './listing-repository.ts';

type Deps = { listings: ListingRepository };

/**
 * The category and unit must be ones the kind of listing uses (the storefront labels them); an
 * experience, and only that, carries its guests, duration and place; a recipe, and only that,
 * its servings, steps and ingredients, and no price (it is read, not sold); anything else has a
 * price. The input is returned priced as its kind is.
 */
function checkListing(type: ListingType, input: ListingInput): ListingInput {
  const fields: Record<string, string[]> = {};
  if (!LISTING_CATEGORIES[type].includes(input.category)) fields.category = ['Choose one of the categories'];
  if (!LISTING_UNITS[type].includes(input.unit)) fields.unit = ['Choose one of the units'];
  if (type === 'experience' && !input.experience) fields.experience = ['Say the guests, duration and place'];
  if (type !== 'experience' && input.experience) fields.experience = ['Only a chef’s experience has one'];
  if (type === 'recipe' && !input.recipe) fields.recipe = ['Give the servings, steps and ingredients'];
  if (type !== 'recipe' && input.recipe) fields.recipe = ['Only a recipe has one'];
  if (type !== 'recipe' && input.price < 1) fields.price = ['Give it a price'];
  if (Object.keys(fields).length > 0) {
    throw new AppError('VALIDATION_FAILED', 'Some details of the listing need another look', { fields });
  }
  return type === 'recipe' ? { ...input, price: 0 } : input;
}

/** The kind of a shop's new listing: the one asked for, if the service lists it, else the service's first. */
function typeOfNew(service: ServiceId, input: ListingInput): ListingType {
  const types: readonly ListingType[] = LISTING_TYPES_OF[service];
  if (input.type === undefined) return LISTING_TYPE[service];
  if (!types.includes(input.type)) {
    throw new AppError('VALIDATION_FAILED', 'Some details of the listing need another look', {
      fields: { type: [`This shop lists ${types.join(', ')}`] },
    });
  }
  return input.type;
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
  const type = typeOfNew(shop.service, input);
  const checked = checkListing(type, input);
  const firstName = Object.values(input.name)[0] ?? 'item';
  const id = await deps.listings.insert(shop, {
    ...checked,
    slug: `${slugify(firstName) || 'item'}-${randomBytes(3).toString('hex')}`,
    type,
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
  if (input.type !== undefined && input.type !== current.type) {
    throw new AppError('VALIDATION_FAILED', 'Some details of the listing need another look', {
      fields: { type: ['A listing keeps the kind it was made as'] },
    });
  }
  await deps.listings.update(id, checkListing(current.type, input));
  const updated = await deps.listings.runBy(principal.userId, id);
  if (!updated) throw new Error('The listing just changed is gone');
  return updated;
}

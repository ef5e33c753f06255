import {
  MAX_SAVED_ADDRESSES,
  type SavedAddress,
  type SavedAddressInput,
} from '@malewa/contracts/addresses/saved-address';
import { AppError } from '#api/app-error.ts';
import { shopperPlace } from '#api/shopper-market.ts';
import type { TransactionDeps } from '#api/transaction-deps.ts';
import type { AddressRepository } from './address-repository.ts';
import { type AddressShopper, checkPhone } from './address-shopper.ts';

/**
 * Keeps an address in the shopper's market. The first one there is the default whatever was
 * asked; asking for the default moves it from the one that had it, in the same transaction.
 */
export async function createAddress(
  deps: { addresses: AddressRepository } & TransactionDeps,
  shopper: AddressShopper,
  input: SavedAddressInput,
): Promise<SavedAddress> {
  const market = (await shopperPlace(deps.addresses, shopper)).market.countryCode;
  checkPhone(input.phone, market);
  return deps.transaction(async () => {
    const hasDefault = await deps.addresses.hasDefault(shopper.userId, market);
    if ((await deps.addresses.countOf(shopper.userId)) >= MAX_SAVED_ADDRESSES) {
      throw new AppError('BUSINESS_RULE', `Keep at most ${MAX_SAVED_ADDRESSES} addresses: forget one first`);
    }
    const isDefault = input.isDefault || !hasDefault;
    if (isDefault && hasDefault) await deps.addresses.clearDefault(shopper.userId, market);
    return deps.addresses.insert(shopper.userId, market, { ...input, isDefault });
  });
}

import type { SavedAddress, SavedAddressInput } from '@malewa/contracts/addresses/saved-address';
import { AppError } from '#api/app-error.ts';
import type { TransactionDeps } from '#api/transaction-deps.ts';
import type { AddressRepository } from './address-repository.ts';
import { checkPhone } from './address-shopper.ts';

/**
 * Writes one of the shopper's addresses anew (another's is not found). Making it the default
 * moves the default; the default stays one until another takes its place.
 */
export async function updateAddress(
  deps: { addresses: AddressRepository } & TransactionDeps,
  userId: string,
  id: string,
  input: SavedAddressInput,
): Promise<SavedAddress> {
  return deps.transaction(async () => {
    const own = await deps.addresses.lockOwn(userId, id);
    if (!own) throw new AppError('NOT_FOUND', 'No such address');
    checkPhone(input.phone, own.countryCode);
    const isDefault = input.isDefault || own.isDefault;
    if (isDefault && !own.isDefault) await deps.addresses.clearDefault(userId, own.countryCode);
    return deps.addresses.update(id, { ...input, isDefault });
  });
}

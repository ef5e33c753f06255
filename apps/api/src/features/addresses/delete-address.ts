import { AppError } from '../../app-error.ts';
import type { AddressRepository } from './address-repository.ts';

/** Forgets one of the shopper's addresses; when it was the default, the newest left takes over. */
export async function deleteAddress(
  deps: { addresses: AddressRepository },
  userId: string,
  id: string,
): Promise<{ id: string }> {
  return deps.addresses.transaction(async (tx) => {
    const own = await deps.addresses.lockOwn(tx, userId, id);
    if (!own) throw new AppError('NOT_FOUND', 'No such address');
    await deps.addresses.remove(tx, id);
    if (own.isDefault) await deps.addresses.promoteNewest(tx, userId, own.countryCode, id);
    return { id };
  });
}

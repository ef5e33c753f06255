import { AppError } from '#api/app-error.ts';
import type { TransactionDeps } from '#api/transaction-deps.ts';
import type { AddressRepository } from './address-repository.ts';

/** Forgets one of the shopper's addresses; when it was the default, the newest left takes over. */
export async function deleteAddress(
  deps: { addresses: AddressRepository } & TransactionDeps,
  userId: string,
  id: string,
): Promise<{ id: string }> {
  return deps.transaction(async () => {
    const own = await deps.addresses.lockOwn(userId, id);
    if (!own) throw new AppError('NOT_FOUND', 'No such address');
    await deps.addresses.remove(id);
    if (own.isDefault) await deps.addresses.promoteNewest(userId, own.countryCode, id);
    return { id };
  });
}

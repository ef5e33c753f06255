import { AppError } from '#api/app-error.ts';
import type { Principal } from '#api/plugins/access-control.ts';
import type { TransactionDeps } from '#api/transaction-deps.ts';
import { riderOf } from './rider-of.ts';
import type { RiderRepository } from './rider-repository.ts';

/**
 * A rider goes on or off shift: only riders on shift are offered jobs. Not off while carrying
 * an order (deliver it first), and a suspended rider cannot come on.
 */
export async function setShift(
  deps: { riders: RiderRepository } & TransactionDeps,
  principal: Principal,
  onShift: boolean,
): Promise<{ onShift: boolean }> {
  return deps.transaction(async () => {
    const rider = await riderOf(deps, principal);
    await deps.riders.lockRider(rider.id);
    if (onShift && rider.suspendedAt)
      throw new AppError('CONFLICT', 'Your account is suspended: ask the marketplace why');
    if (!onShift && (await deps.riders.isBusy(rider.id))) {
      throw new AppError('CONFLICT', 'Deliver the order you carry before going off shift');
    }
    await deps.riders.setShift(rider.id, onShift);
    return { onShift };
  });
}

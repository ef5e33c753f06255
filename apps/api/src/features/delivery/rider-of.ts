import { AppError } from '#api/app-error.ts';
import type { Principal } from '#api/plugins/access-control.ts';
import type { RiderRepository, RiderRow } from './rider-repository.ts';

/**
 * The rider the signed-in account is. An account with the role but no rider row (removed by
 * its shop meanwhile) finds nothing: 404, as for any job that is not theirs.
 */
export async function riderOf(
  deps: { riders: Pick<RiderRepository, 'riderOfUser'> },
  principal: Principal,
): Promise<RiderRow> {
  const rider = await deps.riders.riderOfUser(principal.userId);
  if (!rider) throw new AppError('NOT_FOUND', 'This account does not ride for any shop or for the fleet');
  return rider;
}

/** Riders who may work now: not suspended, and on shift. */
export function mustBeOnShift(rider: RiderRow): void {
  if (rider.suspendedAt) throw new AppError('CONFLICT', 'Your account is suspended: ask the marketplace why');
  if (!rider.onShift) throw new AppError('CONFLICT', 'Go on shift first');
}

import type { Rider } from '@malewa/contracts/delivery/rider';
import type { SuspendRiderRequest } from '@malewa/contracts/delivery/suspend-rider';
import { AppError } from '#api/app-error.ts';
import { clock } from '#api/clock.ts';
import type { Principal } from '#api/plugins/access-control.ts';
import type { AddRiderDeps } from './add-rider.ts';
import { actorOf } from './operator-actor.ts';

/**
 * An operator suspends any rider (shop's or fleet's), with the reason, or reinstates them
 * (logged). A suspended rider goes off shift and is offered nothing; a job they carry now
 * stays theirs to finish, or the shop completes it.
 */
export async function suspendRider(
  deps: AddRiderDeps,
  principal: Principal,
  riderId: string,
  input: SuspendRiderRequest,
): Promise<Rider> {
  return deps.transaction(async () => {
    const before = await deps.riders.listOne(riderId);
    if (!before) throw new AppError('NOT_FOUND', 'No such rider');
    const at = clock(deps);
    await deps.riders.setSuspension(riderId, input.suspended ? { at, reason: input.reason } : null);
    const after = await deps.riders.listOne(riderId);
    if (!after) throw new Error('The rider just suspended is gone');
    await deps.audit.record([
      {
        ...(await actorOf(deps, principal)),
        action: input.suspended ? 'rider.suspend' : 'rider.reinstate',
        subjectType: 'rider',
        subjectId: riderId,
        before: { suspended: before.suspended },
        after: { suspended: after.suspended },
        at,
      },
    ]);
    return after;
  });
}

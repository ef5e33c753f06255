import type { RiderJob } from '@malewa/contracts/delivery/rider-job';
import { AppError } from '#api/app-error.ts';
import { clock } from '#api/clock.ts';
import { announceOrderMoved } from '#api/events/order-moves.ts';
import { presentRiderJob } from '#api/features/delivery/present-rider-job.ts';
import { riderOf } from '#api/features/delivery/rider-of.ts';
import type { OrderRepository } from '#api/features/orders/order-repository.ts';
import type { Principal } from '#api/plugins/access-control.ts';
import { sendNotices } from './send-notices.ts';
import type { TakeJobDeps } from './take-job.ts';

/**
 * The rider has the order from the shop: the job is picked up, and the order, which the shop
 * has made ready, is on its way. The shopper is told; their map starts following the rider.
 */
export async function pickUpJob(
  deps: TakeJobDeps & { orders: OrderRepository },
  principal: Principal,
  jobId: string,
): Promise<RiderJob> {
  const picked = await deps.transaction(async () => {
    const rider = await riderOf(deps, principal);
    const job = await deps.jobs.lockJob(jobId);
    if (!job || job.riderId !== rider.id) throw new AppError('NOT_FOUND', 'No such job');
    if (job.status === 'picked_up') return { job, rider, changed: false };
    if (job.status !== 'assigned') throw new AppError('CONFLICT', `This job is ${job.status.replaceAll('_', ' ')}`);
    const order = await deps.orders.lockOrder(job.orderId);
    if (!order) throw new AppError('NOT_FOUND', 'No such job');
    if (order.status !== 'ready') {
      throw new AppError('CONFLICT', 'The shop has not marked this order ready yet', {
        problem: { code: 'not_ready' },
      });
    }
    const now = clock(deps);
    await deps.jobs.markPickedUp(job.id, now);
    await deps.orders.moveOrder(order.id, 'out_for_delivery');
    await sendNotices(deps, [
      {
        userId: job.order.userId,
        kind: 'order-picked-up',
        params: {
          orderId: job.orderId,
          shop: job.shop.name,
          rider: rider.firstName,
          ...(job.order.deliveryCode ? { code: job.order.deliveryCode } : {}),
        },
        dedupeKey: `picked-up:${job.orderId}`,
      },
    ]);
    const moved = await deps.jobs.jobView(job.id);
    if (!moved) throw new Error('The job just picked up is gone');
    return { job: moved, rider, changed: true };
  });
  if (picked.changed)
    await announceOrderMoved(deps, { id: picked.job.orderId, provider: { slug: picked.job.shop.slug } });
  return presentRiderJob(picked.job, picked.rider, null);
}

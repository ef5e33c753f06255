import type { OrderDelivery } from '@malewa/contracts/delivery/rider';
import { AppError } from '#api/app-error.ts';
import { clock } from '#api/clock.ts';
import { announceOrderMoved } from '#api/events/order-moves.ts';
import type { OrderRepository } from '#api/features/orders/order-repository.ts';
import { presentShopOrder } from '#api/features/orders/present-order.ts';
import type { Principal } from '#api/plugins/access-control.ts';
import { sendNotices } from './send-notices.ts';
import type { TakeJobDeps } from './take-job.ts';

/**
 * The shop gives an order's delivery to a rider by hand: one of its own or of the fleet that
 * serves it, on shift and free. The same conditional update as a rider's own tap, so a rider
 * taking it at that moment and the shop's hand never both win.
 */
export type AssignRiderDeps = TakeJobDeps & { orders: OrderRepository };

export async function assignRider(
  deps: AssignRiderDeps,
  principal: Principal,
  orderId: string,
  riderId: string,
): Promise<OrderDelivery> {
  const assigned = await deps.transaction(async () => {
    const job = await deps.jobs.jobOfOrder(orderId);
    if (!job || !(await deps.orders.runsShop(principal.userId, job.shopId))) {
      throw new AppError('NOT_FOUND', 'No such order');
    }
    await deps.jobs.lockJob(job.id);
    const serving = deps.riders.servingShop({ id: job.shopId, locationId: job.shop.locationId });
    const rider = (await deps.jobs.serves(riderId, serving)) ? await deps.riders.riderById(riderId) : undefined;
    if (!rider)
      throw new AppError('NOT_FOUND', 'No such rider delivers for this shop', {
        fields: { riderId: ['Choose one of the riders listed'] },
      });
    await deps.riders.lockRider(rider.id);
    if (!rider.onShift) throw new AppError('CONFLICT', `${rider.firstName} is off shift`);
    if (await deps.riders.isBusy(rider.id)) throw new AppError('CONFLICT', `${rider.firstName} is on another job`);
    const now = clock(deps);
    if (!(await deps.jobs.take(job.id, rider.id, now))) {
      throw new AppError('CONFLICT', 'A rider already has this order', { problem: { code: 'gone' } });
    }
    await deps.jobs.answerOffers(job.id, rider.id, 'accepted', now, 'gone');
    await sendNotices(deps, [
      {
        userId: rider.userId,
        kind: 'new-job',
        params: { orderId: job.orderId, shop: job.shop.name, jobId: job.id },
        dedupeKey: `assigned:${job.id}:${rider.id}`,
      },
      {
        userId: job.order.userId,
        kind: 'rider-assigned',
        params: {
          orderId: job.orderId,
          shop: job.shop.name,
          rider: rider.firstName,
          vehicle: rider.vehicle,
          // The shopper's own notice carries the code they will give at the door.
          ...(job.order.deliveryCode ? { code: job.order.deliveryCode } : {}),
        },
        dedupeKey: `rider-assigned:${job.orderId}:${rider.id}`,
      },
    ]);
    const order = await deps.orders.orderById(orderId);
    if (!order) throw new Error('The order just assigned is gone');
    return presentShopOrder(order);
  });
  await announceOrderMoved(deps, assigned);
  if (!assigned.delivery) throw new Error('An assigned order without its delivery');
  return assigned.delivery;
}

import { MAX_CODE_TRIES } from '@malewa/contracts/delivery/vocabulary';
import { type Order, type OrderStatus, PROVIDER_NEXT_STATUS } from '@malewa/contracts/orders/order';
import { AppError } from '#api/app-error.ts';
import { type ClockDeps, clock } from '#api/clock.ts';
import { announceOrderMoved, type OrderMoveDeps } from '#api/events/order-moves.ts';
import type { JobRepository } from '#api/features/delivery/job-repository.ts';
import { presentShopOrder } from '#api/features/orders/present-order.ts';
import type { Principal } from '#api/plugins/access-control.ts';
import type { TransactionDeps } from '#api/transaction-deps.ts';
import { type DeliverOrderDeps, deliverOrder } from './deliver-order.ts';
import { shopperNotice } from './order-step-notices.ts';
import { type NoticeDeps, sendNotices } from './send-notices.ts';
import { shopOrder } from './shop-order.ts';

/**
 * Moves an order of the provider's own shop one step on, to `to`: accepted → preparing → ready →
 * out_for_delivery → delivered (the handover: `deliverOrder`). An order already at `to` is
 * answered as it is (the same press sent again, or a second cook's); `to` not its next step is a
 * 409 that says where it is. Once a rider has the order's
 * job, the rider moves it past ready (docs/decisions/0034); the shop may still complete a
 * delivery its rider could not, after too many wrong codes. A shop that takes an order out
 * itself while no rider has it ends the job's search.
 */
export async function advanceOrder(
  deps: DeliverOrderDeps & {
    jobs: Pick<JobRepository, 'jobOfOrder' | 'cancelForOrder' | 'markDelivered'>;
  } & TransactionDeps &
    OrderMoveDeps &
    NoticeDeps &
    ClockDeps,
  principal: Principal,
  orderId: string,
  to: OrderStatus,
): Promise<Order> {
  const advanced = await deps.transaction(async () => {
    const order = await deps.orders.lockOrder(orderId);
    if (!order || !(await deps.orders.runsShop(principal.userId, order.providerId))) {
      throw new AppError('NOT_FOUND', 'No such order');
    }
    if (order.status === to) {
      return { order: await shopOrder(deps.orders, order.id), moved: false };
    }
    const next = PROVIDER_NEXT_STATUS[order.status];
    if (!next) throw new AppError('CONFLICT', `An order that is ${order.status.replaceAll('_', ' ')} goes no further`);
    if (next !== to) {
      throw new AppError('CONFLICT', `This order is ${order.status.replaceAll('_', ' ')}: its next step is not ${to}`);
    }
    const job = next === 'out_for_delivery' || next === 'delivered' ? await deps.jobs.jobOfOrder(order.id) : undefined;
    const riderHasIt = job?.status === 'assigned' || job?.status === 'picked_up';
    if (riderHasIt) {
      const locked = job?.status === 'picked_up' && job.codeTries >= MAX_CODE_TRIES;
      if (!(next === 'delivered' && locked)) {
        throw new AppError('CONFLICT', 'A rider has this order: it moves on when they pick it up and deliver it');
      }
    }
    if (next === 'delivered') {
      await deliverOrder(deps, order);
      if (job && riderHasIt) await deps.jobs.markDelivered(job.id, clock(deps), null);
    } else {
      await deps.orders.moveOrder(order.id, next);
      // The shop delivers it itself: no rider is wanted any more.
      if (next === 'out_for_delivery' && job?.status === 'searching') {
        await deps.jobs.cancelForOrder(order.id, clock(deps));
      }
    }
    const moved = await deps.orders.orderById(order.id);
    if (!moved) throw new Error('The order just moved is gone');
    // The shopper hears that it left (with the code the rider will ask for) and that it
    // arrived; the keys are the rider's flows' too, so a step told both ways is told once.
    if (next === 'out_for_delivery') {
      const notice = shopperNotice(moved, 'order-picked-up', 'picked-up');
      if (moved.deliveryCode) notice.params.code = moved.deliveryCode;
      await sendNotices(deps, [notice]);
    }
    if (next === 'delivered') await sendNotices(deps, [shopperNotice(moved, 'order-delivered', 'delivered')]);
    return { order: presentShopOrder(moved), moved: true };
  });
  if (advanced.moved) await announceOrderMoved(deps, advanced.order);
  return advanced.order;
}

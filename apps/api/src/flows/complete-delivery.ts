import type { CompleteDeliveryRequest } from '@malewa/contracts/delivery/complete-delivery';
import type { OrderDelivery } from '@malewa/contracts/delivery/rider';
import { MAX_CODE_TRIES } from '@malewa/contracts/delivery/vocabulary';
import { AppError } from '#api/app-error.ts';
import { clock } from '#api/clock.ts';
import { announceOrderMoved } from '#api/events/order-moves.ts';
import type { AuditRepository } from '#api/features/audit/audit-repository.ts';
import type { AccountsRepository } from '#api/features/auth/accounts-repository.ts';
import { presentShopOrder } from '#api/features/orders/present-order.ts';
import type { Principal } from '#api/plugins/access-control.ts';
import type { DeliverOrderDeps } from './deliver-order.ts';
import { deliverOrder } from './deliver-order.ts';
import { actorOf } from './operator-actor.ts';
import { sendNotices } from './send-notices.ts';
import type { TakeJobDeps } from './take-job.ts';

/**
 * An operator completes a delivery its rider could not, after five wrong codes (the shop may
 * too, by moving the order on): the same handover as the rider's (invoice, ledger), logged
 * with how the operator checked it. Only a locked job; any other is a 409 that says why.
 */
export async function completeDelivery(
  deps: TakeJobDeps &
    DeliverOrderDeps & {
      audit: Pick<AuditRepository, 'record'>;
      accounts: Pick<AccountsRepository, 'contactOf'>;
    },
  principal: Principal,
  orderId: string,
  input: CompleteDeliveryRequest,
): Promise<OrderDelivery> {
  const completed = await deps.transaction(async () => {
    const job = await deps.jobs.jobOfOrder(orderId);
    if (!job) throw new AppError('NOT_FOUND', 'No such delivery');
    const locked = await deps.jobs.lockJob(job.id);
    if (locked?.status !== 'picked_up' || locked.codeTries < MAX_CODE_TRIES) {
      throw new AppError('CONFLICT', 'Only a delivery locked after five wrong codes is completed here');
    }
    const order = await deps.orders.lockOrder(orderId);
    if (!order) throw new AppError('NOT_FOUND', 'No such delivery');
    const at = clock(deps);
    await deliverOrder(deps, order);
    await deps.jobs.markDelivered(locked.id, at, null);
    await sendNotices(deps, [
      {
        userId: locked.order.userId,
        kind: 'order-delivered',
        params: { orderId, shop: locked.shop.name },
        dedupeKey: `delivered:${orderId}`,
      },
    ]);
    await deps.audit.record([
      {
        ...(await actorOf(deps, principal)),
        action: 'delivery.complete',
        subjectType: 'order',
        subjectId: orderId,
        before: { status: 'picked_up', codeTries: locked.codeTries },
        after: { status: 'delivered', reason: input.reason },
        at,
      },
    ]);
    const moved = await deps.orders.orderById(orderId);
    if (!moved) throw new Error('The order just delivered is gone');
    return presentShopOrder(moved);
  });
  await announceOrderMoved(deps, completed);
  if (!completed.delivery) throw new Error('A completed delivery without its job');
  return completed.delivery;
}

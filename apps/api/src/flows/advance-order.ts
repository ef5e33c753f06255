import { type Order, PROVIDER_NEXT_STATUS } from '@malewa/contracts/orders/order';
import { AppError } from '#api/app-error.ts';
import { type ClockDeps, clock } from '#api/clock.ts';
import { announceOrderMoved, type OrderMoveDeps } from '#api/events/order-moves.ts';
import type { LedgerRepository } from '#api/features/ledger/ledger-repository.ts';
import type { OrderRepository } from '#api/features/orders/order-repository.ts';
import { presentShopOrder } from '#api/features/orders/present-order.ts';
import { orderMoneyOf } from '#api/ledger/order-money.ts';
import { deliveredPosting } from '#api/ledger/postings.ts';
import type { Principal } from '#api/plugins/access-control.ts';
import type { TransactionDeps } from '#api/transaction-deps.ts';

/**
 * Moves an order of the provider's own shop one step on: accepted → preparing → ready →
 * out_for_delivery → delivered. Cash is paid at the door, so a delivered cash order is paid.
 * Delivery is the time of supply: it is dated on the API's clock and takes the shop's next
 * invoice number, `{shop slug}-{n}`, in the same transaction (gapless per shop). It is also
 * when the ledger settles the order (a flow: the ledger is another owner's): cash the shop
 * took at the door, and Malewa's commission.
 */
export async function advanceOrder(
  deps: {
    orders: OrderRepository;
    ledger: Pick<LedgerRepository, 'post'>;
    gateway: { name: string };
  } & TransactionDeps &
    OrderMoveDeps &
    ClockDeps,
  principal: Principal,
  orderId: string,
): Promise<Order> {
  const advanced = await deps.transaction(async () => {
    const order = await deps.orders.lockOrder(orderId);
    if (!order || !(await deps.orders.runsShop(principal.userId, order.providerId))) {
      throw new AppError('NOT_FOUND', 'No such order');
    }
    const next = PROVIDER_NEXT_STATUS[order.status];
    if (!next) throw new AppError('CONFLICT', `An order that is ${order.status.replaceAll('_', ' ')} goes no further`);
    const delivered =
      next === 'delivered'
        ? {
            ...(order.paymentMethod === 'cash' ? { paymentStatus: 'paid' as const } : {}),
            deliveredAt: clock(deps),
            invoiceNumber: `${order.providerSlug}-${await deps.orders.takeInvoiceSerial(order.providerId)}`,
          }
        : {};
    await deps.orders.moveOrder(order.id, next, delivered);
    if (next === 'delivered') {
      await deps.ledger.post({
        kind: 'order_delivered',
        key: `delivered:${order.id}`,
        currency: order.currency,
        occurredAt: clock(deps),
        orderId: order.id,
        shopId: order.providerId,
        userId: order.userId,
        entries: deliveredPosting(orderMoneyOf(order, deps.gateway.name)),
      });
    }
    const moved = await deps.orders.orderById(order.id);
    if (!moved) throw new Error('The order just moved is gone');
    return presentShopOrder(moved);
  });
  await announceOrderMoved(deps, advanced);
  return advanced;
}

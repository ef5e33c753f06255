import { type ClockDeps, clock } from '#api/clock.ts';
import type { LedgerRepository } from '#api/features/ledger/ledger-repository.ts';
import type { OrderRepository } from '#api/features/orders/order-repository.ts';
import { orderMoneyOf } from '#api/ledger/order-money.ts';
import { deliveredPosting } from '#api/ledger/postings.ts';

export type DeliverOrderDeps = {
  orders: OrderRepository;
  ledger: Pick<LedgerRepository, 'post'>;
  gateway: { name: string };
} & ClockDeps;

type LockedOrder = NonNullable<Awaited<ReturnType<OrderRepository['lockOrder']>>>;

/**
 * The handover, whoever makes it (the shop's own step, or a rider with the shopper's code),
 * inside the caller's transaction with the order locked. Cash is paid at the door, so a
 * delivered cash order is paid. Delivery is the time of supply: dated on the API's clock, it
 * takes the shop's next invoice number, `{shop slug}-{n}` (gapless per shop), and the ledger
 * settles the order: cash the shop took at the door, and Malewa's commission.
 */
export async function deliverOrder(deps: DeliverOrderDeps, order: LockedOrder): Promise<void> {
  await deps.orders.moveOrder(order.id, 'delivered', {
    ...(order.paymentMethod === 'cash' ? { paymentStatus: 'paid' as const } : {}),
    deliveredAt: clock(deps),
    invoiceNumber: `${order.providerSlug}-${await deps.orders.takeInvoiceSerial(order.providerId)}`,
  });
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

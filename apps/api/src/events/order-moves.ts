import type { EventBus } from './event-bus.ts';

/** The bus channel of one order's moves: its live page listens there. */
export function orderChannel(orderId: string): string {
  return `order:${orderId}`;
}

/** The bus channel of a shop's orders (by its slug): its live order boards listen there. */
export function shopChannel(shopSlug: string): string {
  return `shop:${shopSlug}`;
}

export interface OrderMoveDeps {
  /** Absent in tests that do not watch orders live. */
  events?: EventBus | undefined;
}

/** An order as the announcements need it. */
interface Announced {
  id: string;
  provider: { slug: string };
}

/**
 * After a move has committed: wakes the order's live pages and its shop's boards, in every API
 * process. A failed publish loses no status (the streams read the database, and look again on
 * their own every few seconds), so it never fails the move that was made.
 */
export async function announceOrderMoved(deps: OrderMoveDeps, order: Announced): Promise<void> {
  await Promise.all([
    deps.events?.publish(orderChannel(order.id), 'moved').catch(() => {}),
    deps.events?.publish(shopChannel(order.provider.slug), 'moved').catch(() => {}),
  ]);
}

/** After a checkout has committed: its new orders ring on their shops' boards. */
export async function announceOrdersPlaced(deps: OrderMoveDeps, orders: readonly Announced[]): Promise<void> {
  const shops = new Set(orders.map((order) => order.provider.slug));
  await Promise.all([...shops].map((slug) => deps.events?.publish(shopChannel(slug), 'placed').catch(() => {})));
}

/**
 * After a chat message has committed: wakes the order's live pages (its shopper's, its rider's)
 * and its shop's boards. Like a move, a lost wake-up delays a message and never loses it.
 */
export async function announceOrderMessage(deps: OrderMoveDeps, order: Announced): Promise<void> {
  await Promise.all([
    deps.events?.publish(orderChannel(order.id), 'message').catch(() => {}),
    deps.events?.publish(shopChannel(order.provider.slug), 'message').catch(() => {}),
  ]);
}

import type { EventBus } from './event-bus.ts';

/** The bus channel of one order's moves: its live page listens there. */
export function orderChannel(orderId: string): string {
  return `order:${orderId}`;
}

export interface OrderMoveDeps {
  /** Absent in tests that do not watch orders live. */
  events?: EventBus | undefined;
}

/**
 * After a move has committed: wakes the order's live pages, in every API process. A failed
 * publish loses no status (the streams read the database, and look again on their own every
 * few seconds), so it never fails the move that was made.
 */
export async function announceOrderMoved(deps: OrderMoveDeps, orderId: string): Promise<void> {
  await deps.events?.publish(orderChannel(orderId), 'moved').catch(() => {});
}

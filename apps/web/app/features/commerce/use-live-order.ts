import type { RiderPositionEvent } from '@malewa/contracts/delivery/rider';
import type { OrderStatus } from '@malewa/contracts/orders/order';
import { useEffect, useRef } from 'react';
import { useRevalidator } from 'react-router';

const FINAL: readonly OrderStatus[] = ['delivered', 'rejected', 'cancelled'];

/**
 * Follows an order live while it is on its way: the page's own EventSource on the storefront's
 * pass-through (routes/account/order-events.ts), which reconnects by itself with the last
 * event's id. A status the page does not show yet reloads the page's data (its timeline,
 * payment and what the shopper may still do); a final status closes the stream. A chat
 * message reloads it too; the rider's positions go to `onPosition`.
 */
export function useLiveOrder(
  orderId: string,
  status: OrderStatus,
  /** Each `rider.position` event (issue 33): the map moves without reloading the page. */
  onPosition?: (position: RiderPositionEvent) => void,
): void {
  const moved = useRef(onPosition);
  moved.current = onPosition;
  const { revalidate } = useRevalidator();
  const shown = useRef(status);
  shown.current = status;
  const reload = useRef(revalidate);
  reload.current = revalidate;
  const final = FINAL.includes(status);

  useEffect(() => {
    if (final || typeof EventSource === 'undefined') return;
    const source = new EventSource(`/account/orders/${orderId}/events`);
    source.addEventListener('status', (event) => {
      const next = (JSON.parse((event as MessageEvent<string>).data) as { status: OrderStatus }).status;
      if (next !== shown.current) void reload.current();
      if (FINAL.includes(next)) source.close();
    });
    // A chat message (issue 33): the page's data brings it, with the chat's own state.
    source.addEventListener('message', () => void reload.current());
    // The delivery changed (a rider took it): the page shows who is coming.
    source.addEventListener('delivery', () => void reload.current());
    source.addEventListener('rider.position', (event) => {
      moved.current?.(JSON.parse((event as MessageEvent<string>).data) as RiderPositionEvent);
    });
    // Back after the network dropped: messages sent meanwhile are not replayed (only statuses
    // are, by Last-Event-ID), so the page's data is read again.
    let opened = false;
    source.addEventListener('open', () => {
      if (opened) void reload.current();
      opened = true;
    });
    return () => source.close();
  }, [orderId, final]);
}

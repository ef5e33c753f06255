import type { OrderStatus } from '@malewa/contracts/orders/order';
import { useEffect, useRef } from 'react';
import { useRevalidator } from 'react-router';

const FINAL: readonly OrderStatus[] = ['delivered', 'rejected', 'cancelled'];

/**
 * Follows an order live while it is on its way: the page's own EventSource on the storefront's
 * pass-through (routes/account/order-events.ts), which reconnects by itself with the last
 * event's id. A status the page does not show yet reloads the page's data (its timeline,
 * payment and what the shopper may still do); a final status closes the stream. A chat
 * message reloads it too.
 */
export function useLiveOrder(orderId: string, status: OrderStatus): void {
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
    return () => source.close();
  }, [orderId, final]);
}

import { type OrderEvent, ZOrderEventSchema } from '@malewa/contracts/orders/stream-order-events';
import { AppError } from '#api/app-error.ts';
import type { EventBus } from '#api/events/event-bus.ts';
import { orderChannel } from '#api/events/order-moves.ts';
import type { Principal } from '#api/plugins/access-control.ts';
import { type EventSink, runLiveStream, STREAM_DEFAULTS, type StreamOptions } from './live-stream.ts';
import type { OrderRepository } from './order-repository.ts';

function frame(seq: number, event: OrderEvent): string {
  return `id: ${seq}\nevent: status\ndata: ${JSON.stringify(ZOrderEventSchema.parse(event))}\n\n`;
}

/**
 * One of the shopper's orders as a live stream: every move after `afterSeq` (0: from the start;
 * a reconnecting browser's Last-Event-ID: from where it stopped), then each new one as the bus
 * announces it. The moves are read from the database in order, one reader at a time, so the
 * stream never repeats or skips one, whichever process moved the order. Another shopper's
 * order is not found, before anything is streamed. Returns the function that starts streaming
 * into a sink; it stops when the sink closes.
 */
export async function streamOrderEvents(
  deps: { orders: OrderRepository; events?: EventBus | undefined },
  principal: Principal,
  orderId: string,
  afterSeq: number,
  options: StreamOptions = STREAM_DEFAULTS,
): Promise<(sink: EventSink) => Promise<void>> {
  if (!(await deps.orders.orderOf(principal.userId, orderId))) throw new AppError('NOT_FOUND', 'No such order');
  let last = afterSeq;
  return (sink) =>
    runLiveStream(sink, {
      events: deps.events,
      channel: orderChannel(orderId),
      options,
      read: async (closed) => {
        const events = await deps.orders.eventsAfter(orderId, last);
        for (const event of events) {
          if (closed()) return false;
          sink.write(frame(event.seq, { status: event.status, at: event.at.toISOString() }));
          last = event.seq;
        }
        return events.length === 100;
      },
    });
}

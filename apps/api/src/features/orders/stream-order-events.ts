import { type OrderEvent, ZOrderEventSchema } from '@malewa/contracts/orders/stream-order-events';
import { AppError } from '../../app-error.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { orderChannel } from '../../events/order-moves.ts';
import type { Principal } from '../../plugins/access-control.ts';
import type { OrderRepository } from './order-repository.ts';

/** Where a stream writes, and how it learns that the client has gone. */
export interface EventSink {
  write(chunk: string): void;
  onClose(listener: () => void): void;
}

export interface StreamOptions {
  /** A look at the database without a wake-up call, in case one was lost on the way. */
  recheckMs: number;
  /** A comment now and then, so that proxies and phones keep an idle connection open. */
  heartbeatMs: number;
}

const DEFAULTS: StreamOptions = { recheckMs: 10_000, heartbeatMs: 25_000 };

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
  options: StreamOptions = DEFAULTS,
): Promise<(sink: EventSink) => Promise<void>> {
  if (!(await deps.orders.orderOf(principal.userId, orderId))) throw new AppError('NOT_FOUND', 'No such order');
  return async (sink) => {
    let last = afterSeq;
    let closed = false;
    let reading: Promise<void> | undefined;
    let again = false;
    const read = async () => {
      do {
        again = false;
        const events = await deps.orders.eventsAfter(orderId, last);
        for (const event of events) {
          if (closed) return;
          sink.write(frame(event.seq, { status: event.status, at: event.at.toISOString() }));
          last = event.seq;
        }
        if (events.length === 100) again = true;
      } while (again && !closed);
    };
    // A wake-up while reading asks for one more read after it, not a second reader.
    const wake = () => {
      if (closed) return;
      if (reading) {
        again = true;
        return;
      }
      reading = read()
        .catch(() => {
          // The database did not answer: the next wake-up or recheck tries again.
        })
        .finally(() => {
          reading = undefined;
        });
    };
    const unsubscribe = deps.events ? await deps.events.subscribe(orderChannel(orderId), wake) : async () => {};
    sink.write('retry: 3000\n\n');
    const recheck = setInterval(wake, options.recheckMs);
    const heartbeat = setInterval(() => sink.write(': still here\n\n'), options.heartbeatMs);
    sink.onClose(() => {
      closed = true;
      clearInterval(recheck);
      clearInterval(heartbeat);
      void unsubscribe();
    });
    wake();
    await reading;
  };
}

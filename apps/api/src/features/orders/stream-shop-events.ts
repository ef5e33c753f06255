import { type ShopOrderEvent, ZShopOrderEventSchema } from '@malewa/contracts/orders/stream-shop-events';
import { AppError } from '#api/app-error.ts';
import type { EventBus } from '#api/events/event-bus.ts';
import { shopChannel } from '#api/events/order-moves.ts';
import type { Principal } from '#api/plugins/access-control.ts';
import { type EventSink, runLiveStream, STREAM_DEFAULTS, type StreamOptions } from './live-stream.ts';
import type { OrderRepository } from './order-repository.ts';

/** How many sent sequence numbers a stream remembers, to send each move once. */
const REMEMBERED = 1000;

function frame(seq: number, event: ShopOrderEvent): string {
  return `id: ${seq}\nevent: order\ndata: ${JSON.stringify(ZShopOrderEventSchema.parse(event))}\n\n`;
}

/**
 * A shop's orders as a live stream, for its order board (docs/product/providers.md, provider
 * console): every move after `afterSeq` (or from now), a new order's `placed` among them, then
 * each new one as the bus announces it (checkout and every move publish on the shop's channel);
 * and `activity` (no id) when a chat message or a delivery step changed something on the board.
 * Only a shop the caller runs; another is not found, before anything is streamed. Returns the
 * function that starts streaming into a sink; it stops when the sink closes.
 */
export async function streamShopEvents(
  deps: { orders: OrderRepository; events?: EventBus | undefined },
  principal: Principal,
  shopId: string,
  /** Where the client stopped; undefined on a first connection, which starts from now (the board has just loaded). */
  afterSeq: number | undefined,
  options: StreamOptions = STREAM_DEFAULTS,
): Promise<(sink: EventSink) => Promise<void>> {
  const shop = (await deps.orders.shopsOf(principal.userId)).find((candidate) => candidate.id === shopId);
  if (!shop) throw new AppError('NOT_FOUND', 'No such shop');
  const from = afterSeq ?? (await deps.orders.latestEventSeq());
  return async (sink) => {
    let last = from;
    const sent = new Set<number>();
    if (afterSeq === undefined) {
      // From now: the moves already there when the board loaded are not news.
      for (const event of await deps.orders.shopEventsAfter(shop.id, from)) if (event.seq <= from) sent.add(event.seq);
    }
    // Chat messages and delivery steps make no move: the board is told to look again.
    let activity = await deps.orders.shopActivity(shop.id);
    await runLiveStream(sink, {
      events: deps.events,
      channel: shopChannel(shop.slug),
      options,
      read: async (closed) => {
        const events = await deps.orders.shopEventsAfter(shop.id, last);
        for (const event of events) {
          if (closed()) return false;
          // The last minute's come again on every read: each is sent once. (One the client had
          // before it reconnected may come twice: the board reloads, no harm.)
          if (sent.has(event.seq)) continue;
          sink.write(frame(event.seq, { orderId: event.orderId, status: event.status, at: event.at.toISOString() }));
          sent.add(event.seq);
          if (sent.size > REMEMBERED) sent.delete(sent.values().next().value as number);
          last = Math.max(last, event.seq);
        }
        const now = await deps.orders.shopActivity(shop.id);
        if (now !== activity && !closed()) {
          sink.write('event: activity\ndata: {}\n\n');
          activity = now;
        }
        return events.length === 200;
      },
    });
  };
}

import { type RiderPositionEvent, ZRiderPositionEventSchema } from '@malewa/contracts/delivery/rider';
import type { Order } from '@malewa/contracts/orders/order';
import { type OrderMessage, ZOrderMessageSchema } from '@malewa/contracts/orders/order-message';
import { type OrderEvent, ZOrderEventSchema } from '@malewa/contracts/orders/stream-order-events';
import { AppError } from '#api/app-error.ts';
import type { EventBus } from '#api/events/event-bus.ts';
import { orderChannel } from '#api/events/order-moves.ts';
import { chatOf } from '#api/features/chat/chat-part.ts';
import type { ChatRepository } from '#api/features/chat/chat-repository.ts';
import type { JobRepository } from '#api/features/delivery/job-repository.ts';
import type { RiderRepository } from '#api/features/delivery/rider-repository.ts';
import {
  type EventSink,
  runLiveStream,
  STREAM_DEFAULTS,
  type StreamOptions,
} from '#api/features/orders/live-stream.ts';
import type { OrderRepository } from '#api/features/orders/order-repository.ts';
import { presentShopOrder } from '#api/features/orders/present-order.ts';
import type { Principal } from '#api/plugins/access-control.ts';

function statusFrame(seq: number, event: OrderEvent): string {
  return `id: ${seq}\nevent: status\ndata: ${JSON.stringify(ZOrderEventSchema.parse(event))}\n\n`;
}

// Positions and messages carry no id: a reconnecting browser's Last-Event-ID stays the last
// status, which is what must never be missed; a position is only ever the latest, and the
// page reloads its messages when it reconnects.
function positionFrame(event: RiderPositionEvent): string {
  return `event: rider.position\ndata: ${JSON.stringify(ZRiderPositionEventSchema.parse(event))}\n\n`;
}

/** The delivery's state (searching, a rider assigned, picked up …): the page reads it again. */
function deliveryFrame(delivery: NonNullable<Order['delivery']>): string {
  return `event: delivery\ndata: ${JSON.stringify({ status: delivery.status, rider: delivery.rider, codeLocked: delivery.codeLocked })}\n\n`;
}

function messageFrame(message: OrderMessage): string {
  return `event: message\ndata: ${JSON.stringify(ZOrderMessageSchema.parse(message))}\n\n`;
}

export interface StreamOrderDeps {
  orders: OrderRepository;
  jobs: Pick<JobRepository, 'jobOfOrder'>;
  riders: Pick<RiderRepository, 'riderById'>;
  chat: ChatRepository;
  events?: EventBus | undefined;
}

/** Who may follow an order live: its shopper, its shop's people, its rider, operators. */
async function mayFollow(deps: StreamOrderDeps, principal: Principal, orderId: string): Promise<boolean> {
  const order = await deps.orders.orderById(orderId);
  if (!order) return false;
  if (order.userId === principal.userId || principal.roles.includes('operator')) return true;
  if (await deps.orders.runsShop(principal.userId, order.providerId)) return true;
  const job = await deps.jobs.jobOfOrder(orderId);
  const rider = job?.riderId ? await deps.riders.riderById(job.riderId) : undefined;
  return rider?.userId === principal.userId;
}

/**
 * An order as a live stream, for those who may follow it (anyone else: 404 before anything is
 * streamed): every move after `afterSeq` (0: from the start; a reconnecting browser's
 * Last-Event-ID: from where it stopped), then each one as the bus announces it; its delivery's
 * changes (a rider took it, the code locked) as `delivery` events; the rider's
 * newest position (by the phone's time) with an ETA while the order is on its way, and no
 * more once it is delivered; and the chat's new messages, to those who may read the chat.
 * Read from the database one reader at a time, so nothing repeats or is skipped whichever
 * process moved the order.
 */
export async function streamOrderEvents(
  deps: StreamOrderDeps,
  principal: Principal,
  orderId: string,
  afterSeq: number,
  options: StreamOptions = STREAM_DEFAULTS,
): Promise<(sink: EventSink) => Promise<void>> {
  if (!(await mayFollow(deps, principal, orderId))) throw new AppError('NOT_FOUND', 'No such order');
  const readsChat = await chatOf(deps, principal, orderId).then(
    () => true,
    () => false,
  );
  let last = afterSeq;
  let lastMessage = readsChat ? await deps.chat.lastSeq(orderId) : 0;
  let lastPosition = '';
  let lastDelivery: string | undefined;
  return (sink) =>
    runLiveStream(sink, {
      events: deps.events,
      channel: orderChannel(orderId),
      options,
      read: async (closed) => {
        const events = await deps.orders.eventsAfter(orderId, last);
        for (const event of events) {
          if (closed()) return false;
          sink.write(statusFrame(event.seq, { status: event.status, at: event.at.toISOString() }));
          last = event.seq;
        }
        const order = await deps.orders.orderById(orderId);
        const delivery = order ? presentShopOrder(order).delivery : null;
        const state = delivery ? `${delivery.status}:${delivery.rider?.firstName ?? ''}:${delivery.codeLocked}` : '';
        // Not on the first read: the page was drawn with it (and reads it again on reconnecting).
        if (delivery && lastDelivery !== undefined && state !== lastDelivery && !closed()) {
          sink.write(deliveryFrame(delivery));
        }
        lastDelivery = state;
        if (delivery?.position && delivery.position.at !== lastPosition && !closed()) {
          sink.write(positionFrame({ ...delivery.position, etaMinutes: delivery.etaMinutes }));
          lastPosition = delivery.position.at;
        }
        if (readsChat) {
          for (const message of await deps.chat.messagesAfter(orderId, lastMessage)) {
            if (closed()) return false;
            sink.write(messageFrame(message));
            lastMessage = message.seq;
          }
        }
        return events.length === 100;
      },
    });
}

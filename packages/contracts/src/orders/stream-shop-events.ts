import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { ZEventStreamHeadersSchema } from '../request-headers.ts';
import { ORDER_STATUSES } from './order.ts';

/**
 * `GET /api/provider/orders/events?shop=`: the moves of a shop's orders as server-sent events,
 * a new order's `placed` first of all, for the provider's live order board. Each event is
 * `id: <sequence>`, `event: order`, `data: <ZShopOrderEvent as JSON>`; a reconnecting browser's
 * `Last-Event-ID` resumes after what it had. `event: activity` (no id, `{}`) says a chat
 * message or a delivery step (a rider took an order, picked it up) changed the board.
 */
export const ZStreamShopEventsQuerySchema = z.object({
  shop: z.uuid(),
  after: z.coerce.number().int().min(0).optional(),
});

export const ZShopOrderEventSchema = z.object({
  orderId: z.uuid(),
  status: z.enum(ORDER_STATUSES),
  at: z.iso.datetime(),
});
export type ShopOrderEvent = z.infer<typeof ZShopOrderEventSchema>;

export const ZShopEventStreamSchema = z
  .string()
  .describe('text/event-stream: `id: <sequence>`, `event: order`, `data: {"orderId": …, "status": …, "at": …}`');

/** Its success is `text/event-stream` (the route says so); a refusal before it starts is JSON. */
export const streamShopEventsEndpoint = defineEndpoint({
  api: 'base',
  method: 'GET',
  path: '/provider/orders/events',
  tags: ['provider'],
  summary:
    'A shop’s orders as they come and move (server-sent events, for its live board; resumes after Last-Event-ID)',
  access: ['provider'],
  query: ZStreamShopEventsQuerySchema,
  headers: ZEventStreamHeadersSchema,
  success: { 200: ZShopEventStreamSchema },
  refusals: [401, 403, 404],
});

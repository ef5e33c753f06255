import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { ZEventStreamHeadersSchema } from '../request-headers.ts';
import { ORDER_STATUSES } from './order.ts';

/**
 * `GET /api/orders/{id}/events`: the order's moves as server-sent events (`text/event-stream`),
 * from its first unless the client says where it stopped: the `Last-Event-ID` header a browser
 * sends when it reconnects, or `?after=` on a first connection. Each move is
 * `id: <sequence>`, `event: status`, `data: <ZOrderEvent as JSON>`. While the order is on its
 * way, `event: rider.position` (`ZRiderPositionEventSchema`, no id: only the newest matters)
 * follows the rider; `event: delivery` (`{ status, rider, codeLocked }`, no id) says its
 * delivery changed (a rider took it); `event: message` (`ZOrderMessageSchema`, no id) brings the order chat's
 * new messages to those who read it. Its shopper, its shop's people, its rider and operators
 * may follow it; anyone else gets a 404.
 */
export const ZStreamOrderEventsParamsSchema = z.object({ id: z.uuid() });
export const ZStreamOrderEventsQuerySchema = z.object({
  after: z.coerce.number().int().min(0).optional(),
});

export const ZOrderEventSchema = z.object({
  status: z.enum(ORDER_STATUSES),
  at: z.iso.datetime(),
});
export type OrderEvent = z.infer<typeof ZOrderEventSchema>;

/** What the stream is, for the OpenAPI document: its body is a stream, not one JSON value. */
export const ZOrderEventStreamSchema = z
  .string()
  .describe(
    'text/event-stream: `id: <sequence>`, `event: status`, `data: {"status": …, "at": …}`; `event: rider.position`; `event: message`',
  );

/** Its success is `text/event-stream` (the route says so); a refusal before it starts is JSON. */
export const streamOrderEventsEndpoint = defineEndpoint({
  api: 'base',
  method: 'GET',
  path: '/orders/:id/events',
  tags: ['orders'],
  summary:
    'An order’s moves, its rider’s position and its chat as they happen (server-sent events; resumes after Last-Event-ID)',
  access: 'signed-in',
  params: ZStreamOrderEventsParamsSchema,
  query: ZStreamOrderEventsQuerySchema,
  headers: ZEventStreamHeadersSchema,
  success: { 200: ZOrderEventStreamSchema },
  refusals: [401, 404],
});

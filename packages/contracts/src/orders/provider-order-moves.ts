import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ADVANCED_STATUSES, ZOrderSchema } from './order.ts';

/** The provider console's order moves (`/api/provider/orders/{id}/…`), on the caller's own shops only. */
export const ZProviderOrderParamsSchema = z.object({ id: z.uuid() });

/**
 * `POST …/accept`: the kitchen takes a placed order and says how long it needs. An order already
 * accepted is answered as it is, with the minutes of the accept that took it (the same press
 * sent again, or a second cook's); one anywhere else is a 409.
 */
export const ZAcceptOrderRequestSchema = z.strictObject({ prepMinutes: z.number().int().min(1).max(240) });

/**
 * `POST …/reject`: the kitchen turns a placed order down, saying why; stock and coupon come back.
 * An order already rejected (by this press, another's, or the time-out) is answered as it is,
 * with the reason it was rejected for; one anywhere else is a 409.
 */
export const ZRejectOrderRequestSchema = z.strictObject({ reason: z.string().trim().min(1).max(300) });

/**
 * `POST …/advance`: accepted → preparing → ready → out_for_delivery → delivered (cash is then
 * paid). The request names the status it moves to, so that a retry on a poor connection (or a
 * second cook pressing the same button) cannot move the order twice: an order already there is
 * answered as it is, one anywhere else is a 409.
 */
export const ZAdvanceOrderRequestSchema = z.strictObject({ to: z.enum(ADVANCED_STATUSES) });

export const ZMoveOrderResponseSchema = dataEnvelope(ZOrderSchema);

export const acceptOrderEndpoint = defineEndpoint({
  api: 'base',
  method: 'POST',
  path: '/provider/orders/:id/accept',
  tags: ['provider'],
  summary: 'Accept a placed order of one of my shops, with the minutes it needs',
  access: ['provider'],
  params: ZProviderOrderParamsSchema,
  body: ZAcceptOrderRequestSchema,
  success: { 200: ZMoveOrderResponseSchema },
  refusals: [400, 401, 403, 404, 409],
  repeatable: true,
});

export const rejectOrderEndpoint = defineEndpoint({
  api: 'base',
  method: 'POST',
  path: '/provider/orders/:id/reject',
  tags: ['provider'],
  summary: 'Reject a placed order of one of my shops, saying why',
  access: ['provider'],
  params: ZProviderOrderParamsSchema,
  body: ZRejectOrderRequestSchema,
  success: { 200: ZMoveOrderResponseSchema },
  refusals: [400, 401, 403, 404, 409],
  repeatable: true,
});

export const advanceOrderEndpoint = defineEndpoint({
  api: 'base',
  method: 'POST',
  path: '/provider/orders/:id/advance',
  tags: ['provider'],
  summary: 'Move an order of one of my shops to its next status',
  access: ['provider'],
  params: ZProviderOrderParamsSchema,
  body: ZAdvanceOrderRequestSchema,
  success: { 200: ZMoveOrderResponseSchema },
  refusals: [400, 401, 403, 404, 409],
  repeatable: true,
});

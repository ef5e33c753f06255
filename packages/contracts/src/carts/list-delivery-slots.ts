import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZCartHeadersSchema } from '../request-headers.ts';
import { ZCartParamsSchema, ZDeliveryPointQuerySchema } from './cart.ts';

/**
 * `GET /api/carts/{service}/delivery-slots`: the half-hour windows the shopper's cart can be
 * delivered in, from now to a few days ahead, each one every shop of the cart can make (open
 * while it prepares and sends it). Their starts, read on the clock of `timeZone`; empty for an
 * empty cart and for Chef, whose time is its bookings'. For delivery to `lat`/`lng` when given.
 */
export const ZListDeliverySlotsRequestSchema = ZDeliveryPointQuerySchema;
export const ZListDeliverySlotsResponseSchema = dataEnvelope(
  z.object({
    timeZone: z.string(),
    slotMinutes: z.number().int().positive(),
    slots: z.array(z.iso.datetime()),
  }),
);
export type DeliverySlots = z.infer<typeof ZListDeliverySlotsResponseSchema>['data'];

export const listDeliverySlotsEndpoint = defineEndpoint({
  api: 'base',
  method: 'GET',
  path: '/carts/:service/delivery-slots',
  tags: ['carts'],
  summary: 'The delivery windows my cart of a service can be scheduled for, to a point if given (none for Chef)',
  access: 'anyone-or-signed-in',
  headers: ZCartHeadersSchema,
  params: ZCartParamsSchema,
  query: ZListDeliverySlotsRequestSchema,
  success: { 200: ZListDeliverySlotsResponseSchema },
  refusals: [400, 404],
});

import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

/** A delivery whose rider entered five wrong codes: the shop or an operator completes it. */
export const ZLockedDeliverySchema = z.object({
  orderId: z.uuid(),
  orderRef: z.string(),
  shop: z.string(),
  rider: z.string().nullable(),
  pickedUpAt: z.iso.datetime().nullable(),
});
export type LockedDelivery = z.infer<typeof ZLockedDeliverySchema>;
export const ZListLockedDeliveriesResponseSchema = z.object({ data: z.array(ZLockedDeliverySchema) });

export const listLockedDeliveriesEndpoint = defineEndpoint({
  api: 'base',
  method: 'GET',
  path: '/operator/deliveries/locked',
  tags: ['operator'],
  summary: 'Deliveries locked after five wrong codes, waiting for a shop or an operator (operators)',
  access: ['operator'],
  success: { 200: ZListLockedDeliveriesResponseSchema },
  refusals: [401, 403],
});

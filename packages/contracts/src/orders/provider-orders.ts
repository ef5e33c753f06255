import { z } from 'zod';
import { PROVIDER_STATUSES, SERVICE_IDS } from '../catalog/vocabulary.ts';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope, listEnvelope, ZPageQuerySchema } from '../envelope.ts';
import { ZCountryCodeSchema } from '../markets.ts';
import { ORDER_STATUSES, ZOrderSchema } from './order.ts';
import { ZProviderOrderParamsSchema } from './provider-order-moves.ts';

/** A shop the caller runs, as the provider console names it. */
export const ZMyShopSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  service: z.enum(SERVICE_IDS),
  status: z.enum(PROVIDER_STATUSES),
  /** Its market: its prices are in this market's currency. */
  countryCode: ZCountryCodeSchema,
});
export type MyShop = z.infer<typeof ZMyShopSchema>;

/** `GET /api/provider/shops`: the shops the caller runs (one account may run several). */
export const ZListMyShopsResponseSchema = z.object({ data: z.array(ZMyShopSchema) });

/**
 * `GET /api/provider/orders`: the orders of the caller's shops, newest first; `shop` keeps one
 * of them (another's shop is a 404), `status` one status. `scheduled=upcoming` keeps the orders
 * wanted at a time not yet past (scheduled deliveries, chef bookings), soonest first: the
 * console's calendar.
 */
export const ZListProviderOrdersRequestSchema = ZPageQuerySchema.extend({
  shop: z.uuid().optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  scheduled: z.enum(['upcoming']).optional(),
});
export type ListProviderOrdersRequest = z.infer<typeof ZListProviderOrdersRequestSchema>;
export const ZListProviderOrdersResponseSchema = listEnvelope(ZOrderSchema);

/** `GET /api/provider/orders/{id}`: one order of the caller's shops; another shop's is a 404. */
export const ZGetProviderOrderResponseSchema = dataEnvelope(ZOrderSchema);

export const listMyShopsEndpoint = defineEndpoint({
  api: 'base',
  method: 'GET',
  path: '/provider/shops',
  tags: ['provider'],
  summary: 'The shops I run',
  access: ['provider'],
  success: { 200: ZListMyShopsResponseSchema },
  refusals: [401, 403],
});

export const listProviderOrdersEndpoint = defineEndpoint({
  api: 'base',
  method: 'GET',
  path: '/provider/orders',
  tags: ['provider'],
  summary: 'The orders of my shops, newest first (one shop, one status)',
  access: ['provider'],
  query: ZListProviderOrdersRequestSchema,
  success: { 200: ZListProviderOrdersResponseSchema },
  refusals: [400, 401, 403, 404, 409],
});

export const getProviderOrderEndpoint = defineEndpoint({
  api: 'base',
  method: 'GET',
  path: '/provider/orders/:id',
  tags: ['provider'],
  summary: 'One order of my shops',
  access: ['provider'],
  params: ZProviderOrderParamsSchema,
  success: { 200: ZGetProviderOrderResponseSchema },
  refusals: [400, 401, 403, 404, 409],
});

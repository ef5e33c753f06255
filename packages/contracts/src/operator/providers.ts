import { z } from 'zod';
import { ZMoneySchema } from '../catalog/catalog-card.ts';
import { PROVIDER_KINDS, PROVIDER_STATUSES, SERVICE_IDS } from '../catalog/vocabulary.ts';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope, listEnvelope, listQuery } from '../envelope.ts';
import { ZCountryCodeSchema } from '../markets.ts';
import { ORDER_STATUSES } from '../orders/order.ts';
import { multiLine } from '../text.ts';

/**
 * A shop as operators see it (docs/product/providers.md, shops): who it is, where, its state, how
 * shoppers rate it and how many orders it has had. `suspension` says why and since when a
 * suspended shop is out.
 */
export const ZOperatorProviderSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  service: z.enum(SERVICE_IDS),
  kind: z.enum(PROVIDER_KINDS),
  status: z.enum(PROVIDER_STATUSES),
  countryCode: ZCountryCodeSchema,
  city: z.object({ id: z.uuid(), name: z.string() }),
  area: z.string(),
  rating: z.object({ average: z.number(), count: z.number().int() }),
  orderCount: z.number().int(),
  suspension: z.object({ reason: z.string(), at: z.iso.datetime() }).nullable(),
  createdAt: z.iso.datetime(),
});
export type OperatorProvider = z.infer<typeof ZOperatorProviderSchema>;

/** `GET /api/operator/providers` (operators): shops by name (`searchKeyword`), service and state. */
export const ZListProvidersRequestSchema = listQuery(['name', 'createdAt']).extend({
  service: z.enum(SERVICE_IDS).optional(),
  status: z.enum(PROVIDER_STATUSES).optional(),
  countryCode: ZCountryCodeSchema.optional(),
});
export type ListProvidersRequest = z.infer<typeof ZListProvidersRequestSchema>;
export const ZListProvidersResponseSchema = listEnvelope(ZOperatorProviderSchema);

export const ZProviderParamsSchema = z.object({ id: z.uuid() });

/** One order of a shop, as its operator page lists it. */
export const ZOperatorProviderOrderSchema = z.object({
  id: z.uuid(),
  status: z.enum(ORDER_STATUSES),
  total: ZMoneySchema,
  placedAt: z.iso.datetime(),
  rating: z.number().int().min(1).max(5).nullable(),
});

/** `GET /api/operator/providers/{id}` (operators): the shop and its 20 latest orders. */
export const ZGetProviderResponseSchema = dataEnvelope(
  ZOperatorProviderSchema.extend({ recentOrders: z.array(ZOperatorProviderOrderSchema) }),
);

/**
 * `POST /api/operator/providers/{id}/suspend` (operators): the shop leaves the storefront and
 * checkout refuses its items until it is reinstated; the reason is kept in the audit log.
 */
export const ZSuspendProviderRequestSchema = z
  .object({ reason: multiLine().trim().min(10, 'Say why (10 characters or more)').max(500) })
  .strict();
export type SuspendProviderRequest = z.infer<typeof ZSuspendProviderRequestSchema>;
export const ZSuspendProviderResponseSchema = dataEnvelope(ZOperatorProviderSchema);

/** `POST /api/operator/providers/{id}/reinstate` (operators): a suspended shop is back. */
export const ZReinstateProviderResponseSchema = dataEnvelope(ZOperatorProviderSchema);

export const listProvidersEndpoint = defineEndpoint({
  api: 'base',
  method: 'GET',
  path: '/operator/providers',
  tags: ['operator'],
  summary: 'Shops of every service and state, by name (operators)',
  access: ['operator'],
  query: ZListProvidersRequestSchema,
  success: { 200: ZListProvidersResponseSchema },
  refusals: [400, 401, 403, 404],
});

export const getProviderEndpoint = defineEndpoint({
  api: 'base',
  method: 'GET',
  path: '/operator/providers/:id',
  tags: ['operator'],
  summary: 'One shop with its latest orders and their ratings (operators)',
  access: ['operator'],
  params: ZProviderParamsSchema,
  success: { 200: ZGetProviderResponseSchema },
  refusals: [400, 401, 403, 404],
});

export const suspendProviderEndpoint = defineEndpoint({
  api: 'base',
  method: 'POST',
  path: '/operator/providers/:id/suspend',
  tags: ['operator'],
  summary: 'Suspend a shop: out of the storefront, its items refused at checkout (operators)',
  access: ['operator'],
  params: ZProviderParamsSchema,
  body: ZSuspendProviderRequestSchema,
  success: { 200: ZSuspendProviderResponseSchema },
  refusals: [400, 401, 403, 404, 409],
});

export const reinstateProviderEndpoint = defineEndpoint({
  api: 'base',
  method: 'POST',
  path: '/operator/providers/:id/reinstate',
  tags: ['operator'],
  summary: 'Reinstate a suspended shop (operators)',
  access: ['operator'],
  params: ZProviderParamsSchema,
  success: { 200: ZReinstateProviderResponseSchema },
  refusals: [400, 401, 403, 404, 409],
});

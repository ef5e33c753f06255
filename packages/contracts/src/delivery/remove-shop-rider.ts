import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZShopRiderParamsSchema } from './rider.ts';

export const ZRemoveShopRiderResponseSchema = dataEnvelope(z.object({ id: z.uuid() }));

export const removeShopRiderEndpoint = defineEndpoint({
  api: 'base',
  method: 'DELETE',
  path: '/provider/shops/:shopId/riders/:riderId',
  tags: ['provider'],
  summary: 'Stop one of the shop’s own riders delivering for it (not while on a job)',
  access: ['provider'],
  params: ZShopRiderParamsSchema,
  success: { 200: ZRemoveShopRiderResponseSchema },
  refusals: [400, 401, 403, 404, 409],
});

import type { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZShopParamsSchema } from '../provider/listings.ts';
import { ZAddRiderBaseSchema, ZRiderSchema } from './rider.ts';

export const ZAddShopRiderRequestSchema = ZAddRiderBaseSchema;
export type AddShopRiderRequest = z.infer<typeof ZAddShopRiderRequestSchema>;
export const ZAddShopRiderResponseSchema = dataEnvelope(ZRiderSchema);

export const addShopRiderEndpoint = defineEndpoint({
  api: 'base',
  method: 'POST',
  path: '/provider/shops/:shopId/riders',
  tags: ['provider'],
  summary: 'Add one of the shop’s own riders by the email or phone of their account (its people only)',
  access: ['provider'],
  params: ZShopParamsSchema,
  body: ZAddShopRiderRequestSchema,
  success: { 201: ZAddShopRiderResponseSchema },
  refusals: [400, 401, 403, 404, 409],
});

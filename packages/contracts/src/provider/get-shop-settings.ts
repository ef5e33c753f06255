import { defineEndpoint } from '../endpoint.ts';
import { ZShopParamsSchema } from './listings.ts';
import { ZShopSettingsResponseSchema } from './shop-settings.ts';

export const getShopSettingsEndpoint = defineEndpoint({
  api: 'base',
  method: 'GET',
  path: '/provider/shops/:shopId/settings',
  tags: ['provider'],
  summary: 'A shop’s hours and closed days, delivery, minimum order, preparation time and pause (its people only)',
  access: ['provider'],
  params: ZShopParamsSchema,
  success: { 200: ZShopSettingsResponseSchema },
  refusals: [400, 401, 403, 404],
});

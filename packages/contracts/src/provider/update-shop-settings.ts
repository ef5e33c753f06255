import { defineEndpoint } from '../endpoint.ts';
import { ZShopParamsSchema } from './listings.ts';
import { ZShopSettingsResponseSchema, ZShopSettingsSchema } from './shop-settings.ts';

export const updateShopSettingsEndpoint = defineEndpoint({
  api: 'base',
  method: 'PUT',
  path: '/provider/shops/:shopId/settings',
  tags: ['provider'],
  summary: 'Change a shop’s settings (its people only)',
  access: ['provider'],
  params: ZShopParamsSchema,
  body: ZShopSettingsSchema,
  success: { 200: ZShopSettingsResponseSchema },
  refusals: [400, 401, 403, 404],
});

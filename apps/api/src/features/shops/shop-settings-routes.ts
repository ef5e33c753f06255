import { ZErrorResponseSchema } from '@malewa/contracts/errors';
import { ZShopParamsSchema } from '@malewa/contracts/provider/listings';
import { ZShopSettingsResponseSchema, ZShopSettingsSchema } from '@malewa/contracts/provider/shop-settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ClockDeps } from '../../clock.ts';
import { principalOf, requireRole } from '../../plugins/access-control.ts';
import { getShopSettings, updateShopSettings } from './shop-settings.ts';
import type { ShopSettingsRepository } from './shop-settings-repository.ts';

const providerOnly = requireRole('provider');
const errors = {
  400: ZErrorResponseSchema,
  401: ZErrorResponseSchema,
  403: ZErrorResponseSchema,
  404: ZErrorResponseSchema,
};

/** The provider console's shop settings (issue 13 §3). */
export const shopSettingsRoutes: FastifyPluginAsyncZod<{ settings: ShopSettingsRepository } & ClockDeps> = async (
  app,
  deps,
) => {
  app.get(
    '/provider/shops/:shopId/settings',
    {
      onRequest: providerOnly,
      schema: {
        security: [{ bearer: [] }],
        tags: ['provider'],
        summary:
          'A shop’s hours and closed days, delivery, minimum order, preparation time and pause (its people only)',
        params: ZShopParamsSchema,
        response: { 200: ZShopSettingsResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await getShopSettings(deps, principalOf(request), request.params.shopId) }),
  );

  app.put(
    '/provider/shops/:shopId/settings',
    {
      onRequest: providerOnly,
      schema: {
        security: [{ bearer: [] }],
        tags: ['provider'],
        summary: 'Change a shop’s settings (its people only)',
        params: ZShopParamsSchema,
        body: ZShopSettingsSchema,
        response: { 200: ZShopSettingsResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await updateShopSettings(deps, principalOf(request), request.params.shopId, request.body),
    }),
  );
};

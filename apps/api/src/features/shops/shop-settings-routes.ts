import { getShopSettingsEndpoint } from '@malewa/contracts/provider/get-shop-settings';
import { updateShopSettingsEndpoint } from '@malewa/contracts/provider/update-shop-settings';
import type { FastifyPluginAsync } from 'fastify';
import type { ClockDeps } from '#api/clock.ts';
import { principalOf } from '#api/plugins/access-control.ts';
import { registerEndpoint } from '#api/plugins/endpoint-route.ts';
import { getShopSettings, updateShopSettings } from './shop-settings.ts';
import type { ShopSettingsRepository } from './shop-settings-repository.ts';

/** The provider console's shop settings (docs/product/providers.md, provider console). */
export const shopSettingsRoutes: FastifyPluginAsync<{ settings: ShopSettingsRepository } & ClockDeps> = async (
  app,
  deps,
) => {
  registerEndpoint(app, getShopSettingsEndpoint, {
    handler: async (request) => ({ data: await getShopSettings(deps, principalOf(request), request.params.shopId) }),
  });
  registerEndpoint(app, updateShopSettingsEndpoint, {
    handler: async (request) => ({
      data: await updateShopSettings(deps, principalOf(request), request.params.shopId, request.body),
    }),
  });
};

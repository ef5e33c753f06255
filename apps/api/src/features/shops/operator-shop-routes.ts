import {
  getProviderEndpoint,
  listProvidersEndpoint,
  reinstateProviderEndpoint,
  suspendProviderEndpoint,
} from '@malewa/contracts/operator/providers';
import type { FastifyPluginAsync } from 'fastify';
import { reinstateShop, type ShopMoveDeps, suspendShop } from '#api/flows/suspend-shop.ts';
import { principalOf } from '#api/plugins/access-control.ts';
import { registerEndpoint } from '#api/plugins/endpoint-route.ts';
import { getShop } from './get-shop.ts';
import { listShops } from './list-shops.ts';

/**
 * The operator console's shops (docs/product/providers.md, shops): search them, see one with its
 * orders, suspend and reinstate.
 */
export const operatorShopRoutes: FastifyPluginAsync<ShopMoveDeps> = async (app, deps) => {
  registerEndpoint(app, listProvidersEndpoint, { handler: (request) => listShops(deps, request.query) });
  registerEndpoint(app, getProviderEndpoint, {
    handler: async (request) => ({ data: await getShop(deps, request.params.id) }),
  });
  registerEndpoint(app, suspendProviderEndpoint, {
    handler: async (request) => ({
      data: await suspendShop(deps, principalOf(request), request.params.id, request.body.reason),
    }),
  });
  registerEndpoint(app, reinstateProviderEndpoint, {
    handler: async (request) => ({ data: await reinstateShop(deps, principalOf(request), request.params.id) }),
  });
};

import { addShopRiderEndpoint } from '@malewa/contracts/delivery/add-shop-rider';
import { assignRiderEndpoint } from '@malewa/contracts/delivery/assign-rider';
import { listShopRidersEndpoint } from '@malewa/contracts/delivery/list-shop-riders';
import { removeShopRiderEndpoint } from '@malewa/contracts/delivery/remove-shop-rider';
import type { FastifyPluginAsync } from 'fastify';
import { type AddRiderDeps, addShopRider, removeShopRider } from '#api/flows/add-rider.ts';
import { type AssignRiderDeps, assignRider } from '#api/flows/assign-rider.ts';
import { principalOf } from '#api/plugins/access-control.ts';
import { registerEndpoint } from '#api/plugins/endpoint-route.ts';
import { listShopRiders } from './list-shop-riders.ts';

/** A shop's riders in the provider console, and an order given to one by hand. */
export const shopRiderRoutes: FastifyPluginAsync<AddRiderDeps & AssignRiderDeps> = async (app, deps) => {
  const runsShop = (userId: string, shopId: string) => deps.orders.runsShop(userId, shopId);
  registerEndpoint(app, listShopRidersEndpoint, {
    handler: async (request) => ({
      data: await listShopRiders({ riders: deps.riders, runsShop }, principalOf(request), request.params.shopId),
    }),
  });
  registerEndpoint(app, addShopRiderEndpoint, {
    handler: async (request) => ({
      data: await addShopRider(deps, principalOf(request), request.params.shopId, request.body),
    }),
  });
  registerEndpoint(app, removeShopRiderEndpoint, {
    handler: async (request) => ({
      data: await removeShopRider(deps, principalOf(request), request.params.shopId, request.params.riderId),
    }),
  });
  registerEndpoint(app, assignRiderEndpoint, {
    handler: async (request) => ({
      data: await assignRider(deps, principalOf(request), request.params.id, request.body.riderId),
    }),
  });
};

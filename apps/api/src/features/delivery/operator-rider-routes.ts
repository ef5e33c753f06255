import { addFleetRiderEndpoint } from '@malewa/contracts/delivery/add-fleet-rider';
import { listFleetRidersEndpoint } from '@malewa/contracts/delivery/list-fleet-riders';
import { suspendRiderEndpoint } from '@malewa/contracts/delivery/suspend-rider';
import type { FastifyPluginAsync } from 'fastify';
import { type AddRiderDeps, addFleetRider } from '#api/flows/add-rider.ts';
import { suspendRider } from '#api/flows/suspend-rider.ts';
import { principalOf } from '#api/plugins/access-control.ts';
import { registerEndpoint } from '#api/plugins/endpoint-route.ts';

/** The marketplace's fleet in the operator console: every rider, added, suspended (logged). */
export const operatorRiderRoutes: FastifyPluginAsync<AddRiderDeps> = async (app, deps) => {
  registerEndpoint(app, listFleetRidersEndpoint, {
    handler: async () => ({ data: await deps.riders.listAll() }),
  });
  registerEndpoint(app, addFleetRiderEndpoint, {
    handler: async (request) => ({ data: await addFleetRider(deps, principalOf(request), request.body) }),
  });
  registerEndpoint(app, suspendRiderEndpoint, {
    handler: async (request) => ({
      data: await suspendRider(deps, principalOf(request), request.params.riderId, request.body),
    }),
  });
};

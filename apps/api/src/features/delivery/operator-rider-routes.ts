import { addFleetRiderEndpoint } from '@malewa/contracts/delivery/add-fleet-rider';
import { completeDeliveryEndpoint } from '@malewa/contracts/delivery/complete-delivery';
import { listFleetRidersEndpoint } from '@malewa/contracts/delivery/list-fleet-riders';
import { listLockedDeliveriesEndpoint } from '@malewa/contracts/delivery/list-locked-deliveries';
import { suspendRiderEndpoint } from '@malewa/contracts/delivery/suspend-rider';
import { MAX_CODE_TRIES } from '@malewa/contracts/delivery/vocabulary';
import type { FastifyPluginAsync } from 'fastify';
import { type AddRiderDeps, addFleetRider } from '#api/flows/add-rider.ts';
import { completeDelivery } from '#api/flows/complete-delivery.ts';
import type { DeliverOrderDeps } from '#api/flows/deliver-order.ts';
import { suspendRider } from '#api/flows/suspend-rider.ts';
import type { TakeJobDeps } from '#api/flows/take-job.ts';
import { principalOf } from '#api/plugins/access-control.ts';
import { registerEndpoint } from '#api/plugins/endpoint-route.ts';

/**
 * The marketplace's fleet in the operator console: every rider, added, suspended (logged); and
 * the deliveries locked after five wrong codes, which an operator completes (logged).
 */
export const operatorRiderRoutes: FastifyPluginAsync<AddRiderDeps & TakeJobDeps & DeliverOrderDeps> = async (
  app,
  deps,
) => {
  registerEndpoint(app, listLockedDeliveriesEndpoint, {
    handler: async () => ({
      data: (await deps.jobs.lockedJobs(MAX_CODE_TRIES)).map((job) => ({
        orderId: job.orderId,
        orderRef: job.orderId.slice(0, 8).toUpperCase(),
        shop: job.shop,
        rider: job.rider,
        pickedUpAt: job.pickedUpAt?.toISOString() ?? null,
      })),
    }),
  });
  registerEndpoint(app, completeDeliveryEndpoint, {
    handler: async (request) => ({
      data: await completeDelivery(deps, principalOf(request), request.params.id, request.body),
    }),
  });
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

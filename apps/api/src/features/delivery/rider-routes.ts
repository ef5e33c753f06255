import { acceptJobEndpoint } from '@malewa/contracts/delivery/accept-job';
import { declineJobEndpoint } from '@malewa/contracts/delivery/decline-job';
import { deliverJobEndpoint } from '@malewa/contracts/delivery/deliver-job';
import { listRiderJobsEndpoint } from '@malewa/contracts/delivery/list-rider-jobs';
import { pickUpJobEndpoint } from '@malewa/contracts/delivery/pick-up-job';
import { setShiftEndpoint } from '@malewa/contracts/delivery/set-shift';
import { shareLocationEndpoint } from '@malewa/contracts/delivery/share-location';
import type { FastifyPluginAsync } from 'fastify';
import { declineJob } from '#api/flows/decline-job.ts';
import { deliverJob } from '#api/flows/deliver-job.ts';
import type { DeliverOrderDeps } from '#api/flows/deliver-order.ts';
import type { DispatchDeps } from '#api/flows/dispatch-jobs.ts';
import { pickUpJob } from '#api/flows/pick-up-job.ts';
import { shareLocation } from '#api/flows/share-location.ts';
import { type TakeJobDeps, takeJob } from '#api/flows/take-job.ts';
import { principalOf } from '#api/plugins/access-control.ts';
import { registerEndpoint } from '#api/plugins/endpoint-route.ts';
import type { RateLimiter } from '#api/rate-limit/rate-limiter.ts';
import { listRiderJobs } from './list-rider-jobs.ts';
import { setShift } from './set-shift.ts';

/** The rider's app (`/api/rider/…`): shift, jobs, the handover, and positions. */
export const riderRoutes: FastifyPluginAsync<
  TakeJobDeps & DispatchDeps & DeliverOrderDeps & { limiter: RateLimiter }
> = async (app, deps) => {
  registerEndpoint(app, setShiftEndpoint, {
    handler: async (request) => ({ data: await setShift(deps, principalOf(request), request.body.onShift) }),
  });
  registerEndpoint(app, listRiderJobsEndpoint, {
    handler: async (request) => ({ data: await listRiderJobs(deps, principalOf(request)) }),
  });
  registerEndpoint(app, acceptJobEndpoint, {
    handler: async (request) => ({ data: await takeJob(deps, principalOf(request), request.params.id) }),
  });
  registerEndpoint(app, declineJobEndpoint, {
    handler: async (request) => ({ data: await declineJob(deps, principalOf(request), request.params.id) }),
  });
  registerEndpoint(app, pickUpJobEndpoint, {
    handler: async (request) => ({ data: await pickUpJob(deps, principalOf(request), request.params.id) }),
  });
  registerEndpoint(app, deliverJobEndpoint, {
    handler: async (request) => ({
      data: await deliverJob(deps, principalOf(request), request.params.id, request.body),
    }),
  });
  registerEndpoint(app, shareLocationEndpoint, {
    handler: async (request) => ({ data: await shareLocation(deps, principalOf(request), request.body) }),
  });
};

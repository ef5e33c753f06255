import type { ListRiderJobsResponse } from '@malewa/contracts/delivery/list-rider-jobs';
import { type ClockDeps, clock } from '#api/clock.ts';
import type { Principal } from '#api/plugins/access-control.ts';
import type { JobRepository } from './job-repository.ts';
import { presentRiderJob } from './present-rider-job.ts';
import { riderOf } from './rider-of.ts';
import type { RiderRepository } from './rider-repository.ts';

/** A rider's screen: their shift, the job they carry, and the jobs they may take, nearest first. */
export async function listRiderJobs(
  deps: { riders: RiderRepository; jobs: JobRepository } & ClockDeps,
  principal: Principal,
): Promise<ListRiderJobsResponse['data']> {
  const rider = await riderOf(deps, principal);
  const now = clock(deps);
  const current = await deps.jobs.currentJobOf(rider.id);
  const offers = current || !rider.onShift || rider.suspendedAt ? [] : await deps.jobs.offersFor(rider.id, now);
  const shown = offers
    .map((job) => presentRiderJob(job, rider, job.offerExpiresAt))
    .sort(
      (a, b) => (a.pickup.distanceKm ?? Number.POSITIVE_INFINITY) - (b.pickup.distanceKm ?? Number.POSITIVE_INFINITY),
    );
  return {
    rider: {
      firstName: rider.firstName,
      vehicle: rider.vehicle,
      onShift: rider.onShift,
      suspended: rider.suspendedAt !== null,
      shop: rider.shopName,
    },
    current: current ? presentRiderJob(current, rider, null) : null,
    offers: shown,
  };
}

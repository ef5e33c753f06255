import type { RiderJob } from '@malewa/contracts/delivery/rider-job';
import { AppError } from '#api/app-error.ts';
import { type ClockDeps, clock } from '#api/clock.ts';
import { announceOrderMoved, type OrderMoveDeps } from '#api/events/order-moves.ts';
import type { JobRepository } from '#api/features/delivery/job-repository.ts';
import { presentRiderJob } from '#api/features/delivery/present-rider-job.ts';
import { mustBeOnShift, riderOf } from '#api/features/delivery/rider-of.ts';
import type { RiderRepository } from '#api/features/delivery/rider-repository.ts';
import type { Principal } from '#api/plugins/access-control.ts';
import type { TransactionDeps } from '#api/transaction-deps.ts';
import { type NoticeDeps, sendNotices } from './send-notices.ts';

export type TakeJobDeps = {
  jobs: JobRepository;
  riders: RiderRepository;
} & NoticeDeps &
  TransactionDeps &
  OrderMoveDeps &
  ClockDeps;

const gone = () => new AppError('CONFLICT', 'Another rider took this job', { problem: { code: 'gone' } });

/**
 * A rider takes a job offered to them, or open to them after their turn (docs/decisions/0034).
 * The job changes hands in one conditional update: of riders taking it at once, exactly one
 * gets it and the others are told it is gone. A job never offered to them is not found.
 */
export async function takeJob(deps: TakeJobDeps, principal: Principal, jobId: string): Promise<RiderJob> {
  const taken = await deps.transaction(async () => {
    const rider = await riderOf(deps, principal);
    // One job at a time: a rider's own two taps never take two jobs.
    await deps.riders.lockRider(rider.id);
    const now = clock(deps);
    const job = await deps.jobs.jobView(jobId);
    const offers = job ? await deps.jobs.offersTo(job.id, rider.id, now) : undefined;
    if (!job || !offers?.any) throw new AppError('NOT_FOUND', 'No such job');
    if (job.riderId === rider.id && (job.status === 'assigned' || job.status === 'picked_up')) {
      return { job, rider, changed: false };
    }
    if (job.status !== 'searching') throw gone();
    mustBeOnShift(rider);
    if (offers.declined) throw new AppError('CONFLICT', 'You said no to this job');
    if (!offers.open && (await deps.jobs.hasOpenOffer(job.id, now))) {
      throw new AppError('CONFLICT', 'This job is offered to another rider now', {
        problem: { code: 'offered_elsewhere' },
      });
    }
    if (await deps.riders.isBusy(rider.id)) throw new AppError('CONFLICT', 'Deliver your current job first');
    if (!(await deps.jobs.take(job.id, rider.id, now))) throw gone();
    await deps.jobs.answerOffers(job.id, rider.id, 'accepted', now, 'gone');
    await sendNotices(deps, [
      {
        userId: job.order.userId,
        kind: 'rider-assigned',
        params: {
          orderId: job.orderId,
          shop: job.shop.name,
          rider: rider.firstName,
          vehicle: rider.vehicle,
          // The shopper's own notice carries the code they will give at the door.
          ...(job.order.deliveryCode ? { code: job.order.deliveryCode } : {}),
        },
        dedupeKey: `rider-assigned:${job.orderId}:${rider.id}`,
      },
    ]);
    const mine = await deps.jobs.jobView(job.id);
    if (!mine) throw new Error('The job just taken is gone');
    return { job: mine, rider, changed: true };
  });
  if (taken.changed) await announceOrderMoved(deps, { id: taken.job.orderId, provider: { slug: taken.job.shop.slug } });
  return presentRiderJob(taken.job, taken.rider, null);
}

import { AppError } from '#api/app-error.ts';
import { clock } from '#api/clock.ts';
import { riderOf } from '#api/features/delivery/rider-of.ts';
import type { Principal } from '#api/plugins/access-control.ts';
import { type DispatchDeps, offerNext } from './dispatch-jobs.ts';
import type { TakeJobDeps } from './take-job.ts';

/**
 * A rider says no to a job offered to them (or open to them): it goes to the next rider at
 * once, and is never offered to them again.
 */
export async function declineJob(deps: TakeJobDeps & DispatchDeps, principal: Principal, jobId: string): Promise<null> {
  await deps.transaction(async () => {
    const rider = await riderOf(deps, principal);
    const now = clock(deps);
    const job = await deps.jobs.lockJob(jobId);
    const offers = job ? await deps.jobs.offersTo(job.id, rider.id, now) : undefined;
    if (!job || !offers?.any) throw new AppError('NOT_FOUND', 'No such job');
    if (job.status !== 'searching') {
      throw new AppError(
        'CONFLICT',
        job.riderId === rider.id ? 'This job is yours now' : 'Another rider took this job',
      );
    }
    if (offers.declined) return;
    await deps.jobs.answerOffers(job.id, rider.id, 'declined', now);
    await offerNext(deps, job, now);
  });
  return null;
}

import { distanceKm } from '@malewa/contracts/delivery/eta';
import type { DispatchConfig } from '#api/config.ts';
import type { Candidate, JobRepository, JobView } from '#api/features/delivery/job-repository.ts';
import type { RiderRepository } from '#api/features/delivery/rider-repository.ts';
import type { TransactionDeps } from '#api/transaction-deps.ts';
import { type NoticeDeps, sendNotices } from './send-notices.ts';

export type DispatchDeps = {
  jobs: JobRepository;
  riders: Pick<RiderRepository, 'servingShop'>;
  dispatch: Pick<DispatchConfig, 'offerMs' | 'untakenMs'>;
} & NoticeDeps;

/**
 * Who is offered a job next (docs/decisions/0034): only riders who never had it; the shop's
 * own before the fleet; then the nearest to the shop in a straight line, riders whose phone
 * never said where they are last.
 */
export function nextRider(candidates: readonly Candidate[], shop: { latitude: number; longitude: number }) {
  const away = (candidate: Candidate) =>
    candidate.latitude === null || candidate.longitude === null
      ? Number.POSITIVE_INFINITY
      : distanceKm(shop, { latitude: candidate.latitude, longitude: candidate.longitude });
  return candidates
    .filter((candidate) => candidate.offers === 0)
    .map((candidate) => ({ candidate, km: away(candidate) }))
    .sort((a, b) => Number(b.candidate.ownRider) - Number(a.candidate.ownRider) || a.km - b.km)[0]?.candidate;
}

/**
 * Offers a searching job to the next rider, unless one holds an open offer of it: within the
 * caller's transaction, the job's row locked. Lapsed offers are closed first. Undefined when
 * nobody new is left: the job is then open to the riders who had their turn.
 */
export async function offerNext(deps: DispatchDeps, job: JobView, now: Date): Promise<string | undefined> {
  await deps.jobs.lapseOffers(job.id, now);
  if (job.status !== 'searching' || (await deps.jobs.hasOpenOffer(job.id, now))) return undefined;
  const serving = deps.riders.servingShop({ id: job.shopId, locationId: job.shop.locationId });
  const next = nextRider(await deps.jobs.candidates(job, now, serving), job.shop);
  if (!next) return undefined;
  const offerId = await deps.jobs.offer({
    jobId: job.id,
    riderId: next.riderId,
    now,
    expiresAt: new Date(now.getTime() + deps.dispatch.offerMs),
  });
  await sendNotices(deps, [
    {
      userId: next.userId,
      kind: 'new-job',
      params: { orderId: job.orderId, shop: job.shop.name, jobId: job.id },
      dedupeKey: `offer:${offerId}`,
    },
  ]);
  return next.riderId;
}

/**
 * One round of the dispatcher, run by every API process on a timer: jobs whose offer lapsed
 * (or that wait for a rider to come on shift) are offered to the next rider, and jobs nobody
 * took in time alert their shop and the operators, once. Rows are claimed SKIP LOCKED, so two
 * processes never offer one job twice. Each job's work is a savepoint of its own: a job that
 * fails is reported in `failed` and the rest of the batch goes on. A job whose offer failed has
 * been looked at, so it waits behind the others; one whose alert failed is alerted next round.
 */
export async function runDispatchRound(
  deps: DispatchDeps & TransactionDeps,
  now: Date,
): Promise<{ offered: number; alerted: number; failed: { jobId: string; error: unknown }[] }> {
  const failed: { jobId: string; error: unknown }[] = [];
  const offered = await deps.transaction(async () => {
    let count = 0;
    for (const jobId of await deps.jobs.claimUnoffered(now, 20)) {
      try {
        const rider = await deps.transaction(async () => {
          const job = await deps.jobs.jobView(jobId);
          return job ? offerNext(deps, job, now) : undefined;
        });
        if (rider) count += 1;
      } catch (error) {
        failed.push({ jobId, error });
      }
    }
    return count;
  });
  const alerted = await deps.transaction(async () => {
    const untaken = await deps.jobs.markUntaken(new Date(now.getTime() - deps.dispatch.untakenMs), now);
    if (untaken.length === 0) return 0;
    const operators = await deps.jobs.operatorIds();
    let count = 0;
    for (const job of untaken) {
      try {
        await deps.transaction(async () => {
          const view = await deps.jobs.jobView(job.jobId);
          const people = new Set([...(await deps.jobs.shopPeople(job.shopId)), ...operators]);
          await sendNotices(
            deps,
            [...people].map((userId) => ({
              userId,
              kind: 'job-not-taken' as const,
              params: { orderId: job.orderId, shop: view?.shop.name ?? '' },
              dedupeKey: `untaken:${job.jobId}`,
            })),
          );
        });
        count += 1;
      } catch (error) {
        failed.push({ jobId: job.jobId, error });
        await deps.jobs.unmarkUntaken(job.jobId);
      }
    }
    return count;
  });
  return { offered, alerted, failed };
}

/** Runs `runDispatchRound` every `pollMs` until stopped; one round at a time. */
export function startDispatcher(
  deps: DispatchDeps & TransactionDeps & { now?: () => Date },
  pollMs: number,
  log: { error(context: object, message: string): void },
): { stop(): Promise<void> } {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    running = runDispatchRound(deps, deps.now?.() ?? new Date())
      .then(({ failed }) => {
        for (const { jobId, error } of failed)
          log.error({ err: error, jobId }, 'dispatch failed for one job; the rest went on');
      })
      .catch((error: unknown) => log.error({ err: error }, 'dispatch round failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, pollMs);
      });
  };
  timer = setTimeout(tick, pollMs);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

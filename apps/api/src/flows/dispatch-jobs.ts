import { distanceKm } from '@malewa/contracts/delivery/eta';
import type { DispatchConfig } from '#api/config.ts';
import type { Candidate, JobRepository, JobView } from '#api/features/delivery/job-repository.ts';
import type { RiderRepository } from '#api/features/delivery/rider-repository.ts';
import type { TransactionDeps } from '#api/transaction-deps.ts';
import { createRetryBook, nextRoundMs, type RetryBook, TRIES_BEFORE_ALARM, URGENT_ROUND_CAP_MS } from './retry-book.ts';
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
 * This process's jobs whose offer, or whose untaken alert, failed: each waits out its back-off
 * (retry-book.ts) before it is tried again, so a job that keeps failing is not tried and
 * logged every poll. Two books: a job whose offer fails still gets its alert.
 */
export function createDispatchRetries(): { offers: RetryBook; alerts: RetryBook } {
  return { offers: createRetryBook(), alerts: createRetryBook() };
}
export type DispatchRetries = ReturnType<typeof createDispatchRetries>;

export type DispatchFailure = { jobId: string; error: unknown; tries: number; retryAt: Date };

/**
 * One round of the dispatcher, run by every API process on a timer: jobs whose offer lapsed
 * (or that wait for a rider to come on shift) are offered to the next rider, and jobs nobody
 * took in time alert their shop and the operators, once. Rows are claimed SKIP LOCKED, so two
 * processes never offer one job twice. Each job's work is a savepoint of its own: a job that
 * fails is reported in `failed` and the rest of the batch goes on. A job whose offer failed has
 * been looked at, so it waits behind the others; one whose alert failed is alerted again. Either
 * is passed over until its back-off in `retries` has passed.
 */
export async function runDispatchRound(
  deps: DispatchDeps & TransactionDeps,
  now: Date,
  retries: DispatchRetries = createDispatchRetries(),
): Promise<{ offered: number; alerted: number; failed: DispatchFailure[] }> {
  const failed: DispatchFailure[] = [];
  const offered = await deps.transaction(async () => {
    let count = 0;
    for (const jobId of await deps.jobs.claimUnoffered(now, 20, retries.offers.waiting(now))) {
      try {
        const rider = await deps.transaction(async () => {
          const job = await deps.jobs.jobView(jobId);
          return job ? offerNext(deps, job, now) : undefined;
        });
        retries.offers.done(jobId);
        if (rider) count += 1;
      } catch (error) {
        failed.push({ jobId, error, ...retries.offers.failed(jobId, now) });
      }
    }
    return count;
  });
  const alerted = await deps.transaction(async () => {
    const untaken = await deps.jobs.markUntaken(
      new Date(now.getTime() - deps.dispatch.untakenMs),
      now,
      retries.alerts.waiting(now),
    );
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
        retries.alerts.done(job.jobId);
        count += 1;
      } catch (error) {
        failed.push({ jobId: job.jobId, error, ...retries.alerts.failed(job.jobId, now) });
        await deps.jobs.unmarkUntaken(job.jobId);
      }
    }
    return count;
  });
  return { offered, alerted, failed };
}

/**
 * Runs `runDispatchRound` every `pollMs` until stopped; one round at a time. A round that
 * failed whole (the database gone) waits longer each time, up to 30 s (`nextRoundMs`): an
 * offer lasts less than a minute, so dispatch is soon back once the database is.
 */
export function startDispatcher(
  deps: DispatchDeps & TransactionDeps & { now?: () => Date },
  pollMs: number,
  log: { warn(context: object, message: string): void; error(context: object, message: string): void },
): { stop(): Promise<void> } {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let failedRounds = 0;
  const retries = createDispatchRetries();
  const tick = () => {
    running = runDispatchRound(deps, deps.now?.() ?? new Date(), retries)
      .then(({ failed }) => {
        failedRounds = 0;
        for (const { jobId, error, tries, retryAt } of failed)
          log[tries >= TRIES_BEFORE_ALARM ? 'error' : 'warn'](
            { err: error, jobId, tries, retryAt },
            'dispatch failed for one job; the rest went on, and it is tried again later',
          );
      })
      .catch((error: unknown) => {
        failedRounds += 1;
        log.error({ err: error, failedRounds }, 'dispatch round failed; trying again later');
      })
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, nextRoundMs(pollMs, failedRounds, URGENT_ROUND_CAP_MS));
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

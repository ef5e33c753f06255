import { timingSafeEqual } from 'node:crypto';
import type { DeliverJobRequest } from '@malewa/contracts/delivery/deliver-job';
import type { RiderJob } from '@malewa/contracts/delivery/rider-job';
import { MAX_CODE_TRIES } from '@malewa/contracts/delivery/vocabulary';
import { AppError } from '#api/app-error.ts';
import { clock } from '#api/clock.ts';
import { announceOrderMoved } from '#api/events/order-moves.ts';
import { presentRiderJob } from '#api/features/delivery/present-rider-job.ts';
import { riderOf } from '#api/features/delivery/rider-of.ts';
import type { Principal } from '#api/plugins/access-control.ts';
import { type DeliverOrderDeps, deliverOrder } from './deliver-order.ts';
import { sendNotices } from './send-notices.ts';
import type { TakeJobDeps } from './take-job.ts';

function sameCode(given: string, expected: string | null): boolean {
  if (expected === null || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

/**
 * The handover at the door: the rider enters the shopper's four digits. A wrong code is
 * counted (and the count kept, whatever else fails); after five the job is locked and the
 * shop or an operator completes it. A cash order also says what was taken and the change
 * given, which must come to what was due. Then the order is delivered, as when a shop
 * delivers it (invoice, ledger), and the shopper is told.
 */
export async function deliverJob(
  deps: TakeJobDeps & DeliverOrderDeps,
  principal: Principal,
  jobId: string,
  input: DeliverJobRequest,
): Promise<RiderJob> {
  const outcome = await deps.transaction(async () => {
    const rider = await riderOf(deps, principal);
    const job = await deps.jobs.lockJob(jobId);
    if (!job || job.riderId !== rider.id) throw new AppError('NOT_FOUND', 'No such job');
    if (job.status === 'delivered') return { kind: 'done' as const, job, rider, changed: false };
    if (job.status !== 'picked_up') throw new AppError('CONFLICT', 'Pick the order up at the shop first');
    if (job.codeTries >= MAX_CODE_TRIES) return { kind: 'locked' as const };
    if (!sameCode(input.code, job.order.deliveryCode)) {
      const tries = await deps.jobs.addCodeTry(job.id);
      return { kind: 'wrong' as const, triesLeft: Math.max(0, MAX_CODE_TRIES - tries) };
    }
    const due = job.order.paymentMethod === 'cash' ? job.order.total - job.order.creditUsed : 0;
    if (due > 0 && (!input.cash || input.cash.taken - input.cash.change !== due)) {
      throw new AppError('BUSINESS_RULE', 'The cash taken less the change must be what was due', {
        problem: { code: 'cash_mismatch', due },
      });
    }
    const order = await deps.orders.lockOrder(job.orderId);
    if (!order) throw new AppError('NOT_FOUND', 'No such job');
    const now = clock(deps);
    await deliverOrder(deps, order);
    await deps.jobs.markDelivered(job.id, now, due > 0 && input.cash ? input.cash : null);
    await sendNotices(deps, [
      {
        userId: job.order.userId,
        kind: 'order-delivered',
        params: { orderId: job.orderId, shop: job.shop.name },
        dedupeKey: `delivered:${job.orderId}`,
      },
    ]);
    const done = await deps.jobs.jobView(job.id);
    if (!done) throw new Error('The job just delivered is gone');
    return { kind: 'done' as const, job: done, rider, changed: true };
  });
  if (outcome.kind === 'locked') {
    throw new AppError('CONFLICT', 'Too many wrong codes: the shop or the marketplace must complete this delivery', {
      problem: { code: 'code_locked' },
    });
  }
  if (outcome.kind === 'wrong') {
    throw new AppError(
      'BUSINESS_RULE',
      outcome.triesLeft > 0
        ? `That is not the shopper's code: ${outcome.triesLeft} ${outcome.triesLeft === 1 ? 'try' : 'tries'} left`
        : 'That is not the shopper’s code. The shop or the marketplace must now complete this delivery',
      { problem: { code: 'wrong_code', triesLeft: outcome.triesLeft } },
    );
  }
  if (outcome.changed) {
    await announceOrderMoved(deps, { id: outcome.job.orderId, provider: { slug: outcome.job.shop.slug } });
  }
  return presentRiderJob(outcome.job, outcome.rider, null);
}

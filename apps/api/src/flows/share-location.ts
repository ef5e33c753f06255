import { etaMinutes } from '@malewa/contracts/delivery/eta';
import type { ShareLocationRequest } from '@malewa/contracts/delivery/share-location';
import { AppError } from '#api/app-error.ts';
import { clock } from '#api/clock.ts';
import { orderChannel } from '#api/events/order-moves.ts';
import { mustBeOnShift, riderOf } from '#api/features/delivery/rider-of.ts';
import type { Principal } from '#api/plugins/access-control.ts';
import type { LimitRule, RateLimiter } from '#api/rate-limit/rate-limiter.ts';
import { sendNotices } from './send-notices.ts';
import type { TakeJobDeps } from './take-job.ts';

/** A phone sends every 15–30 s; a queue flushed after a tunnel sends its backlog at once. */
export const LOCATION_LIMIT: LimitRule = { name: 'rider-location', max: 240, windowMs: 60_000 };
/** Positions older than this are where the rider was, not where they are: not tracked. */
const STALE_MS = 6 * 60 * 60_000;
/** A phone's clock a little ahead is common; minutes ahead is a wrong clock. */
const AHEAD_MS = 2 * 60_000;
const NEARLY_THERE_MINUTES = 5;

/**
 * A position from a rider's phone (the rider on shift). It becomes where the rider is (for
 * nearest-first offers) unless a newer one is known, and joins the track of the job they hold.
 * While the order is on its way, its shopper's map is woken, and "nearly there" is said once
 * when the ETA falls under five minutes.
 */
export async function shareLocation(
  deps: TakeJobDeps & { limiter: RateLimiter },
  principal: Principal,
  input: ShareLocationRequest,
): Promise<{ tracked: boolean }> {
  const limit = await deps.limiter.consume(LOCATION_LIMIT, principal.userId);
  if (!limit.allowed) {
    throw new AppError('RATE_LIMITED', 'Too many positions: send one every 15 seconds or more', {
      retryAfterSeconds: limit.retryAfterSeconds,
    });
  }
  const now = clock(deps);
  const at = new Date(input.at);
  if (at.getTime() > now.getTime() + AHEAD_MS) {
    throw new AppError('BUSINESS_RULE', 'This position is dated in the future: check the phone’s clock');
  }
  const moving = await deps.transaction(async () => {
    const rider = await riderOf(deps, principal);
    mustBeOnShift(rider);
    const point = { latitude: input.latitude, longitude: input.longitude };
    await deps.riders.setPosition(rider.id, { ...point, at });
    const job = await deps.jobs.currentJobOf(rider.id);
    if (!job || now.getTime() - at.getTime() > STALE_MS) return { tracked: false, orderId: null };
    await deps.jobs.addPosition({
      riderId: rider.id,
      jobId: job.id,
      ...point,
      accuracy: input.accuracy,
      at,
      receivedAt: now,
    });
    if (job.status !== 'picked_up') return { tracked: true, orderId: null };
    if (
      etaMinutes(point, job.order.address, rider.vehicle, null) <= NEARLY_THERE_MINUTES &&
      (await deps.jobs.markNearlyThere(job.id, now))
    ) {
      await sendNotices(deps, [
        {
          userId: job.order.userId,
          kind: 'rider-nearly-there',
          params: { orderId: job.orderId, shop: job.shop.name, rider: rider.firstName },
          dedupeKey: `nearly-there:${job.orderId}`,
        },
      ]);
    }
    return { tracked: true, orderId: job.orderId };
  });
  if (moving.orderId) await deps.events?.publish(orderChannel(moving.orderId), 'position').catch(() => {});
  return { tracked: moving.tracked };
}

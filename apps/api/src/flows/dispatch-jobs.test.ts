import { deliveryJobs, jobOffers, riders } from '@malewa/db/schema/delivery';
import { notifications } from '@malewa/db/schema/notifications';
import type { TestDatabase } from '@malewa/db/testing/test-database';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createJobRepository, type JobRepository } from '#api/features/delivery/job-repository.ts';
import { bearer, signUp } from '#api/testing/accounts.ts';
import { dispatchDepsOf } from '#api/testing/dispatch.ts';
import { type KitchenMeal, kitchenMeals, placeOrderOf } from '#api/testing/orders.ts';
import { createTestOutbox, type TestOutbox } from '#api/testing/outbox.ts';
import { buildTestApp, createSeededDatabase, TEST_CONFIG } from '#api/testing/test-app.ts';
import { createDispatchRetries, runDispatchRound, startDispatcher } from './dispatch-jobs.ts';

let database: TestDatabase;
let app: FastifyInstance;
let outbox: TestOutbox;
let meal: KitchenMeal;
let shopper: Record<string, string>;

beforeAll(async () => {
  database = await createSeededDatabase({ openAllDay: true });
  app = await buildTestApp(database);
  outbox = await createTestOutbox(database);
  const [first] = await kitchenMeals(database);
  if (!first) throw new Error('no kitchen');
  meal = first;
  shopper = {
    ...bearer(await signUp(app, database, outbox, { identifier: 'poison.shopper@example.com' })),
    'x-store-id': 'KE',
  };
  await signUp(app, database, outbox, { identifier: 'poison.ops@example.com', roles: ['operator'] });
});

afterAll(async () => {
  await app?.close();
  await database?.destroy();
});

const at = (minute: number) => new Date(Date.UTC(2026, 10, 30, 18, minute));

/** Two searching jobs of the kitchen, made at `minute`. */
async function twoJobs(jobs: JobRepository, minute: number): Promise<[string, string]> {
  const made: string[] = [];
  for (let n = 0; n < 2; n += 1) {
    const order = await placeOrderOf(app, shopper, meal);
    made.push(await jobs.createJob({ orderId: order.id, shopId: meal.providerId, now: at(minute) }));
  }
  const [first, second] = made;
  if (!first || !second) throw new Error('no jobs');
  return [first, second];
}

/**
 * The jobs repository, except that reading `badJob` makes the database refuse a statement: in
 * PostgreSQL that aborts the whole transaction it ran in, unless a savepoint holds it.
 */
function refusing(jobs: JobRepository, badJob: string): JobRepository {
  return {
    ...jobs,
    async jobView(jobId) {
      if (jobId === badJob) await database.db.execute(sql`select 1 / 0`);
      return jobs.jobView(jobId);
    },
  };
}

describe('a dispatch round with one job that fails', () => {
  it('offers the batch’s other jobs, and reports the one that failed', async () => {
    const jobs = createJobRepository(database.db);
    const [bad, good] = await twoJobs(jobs, 0);
    // Two of the kitchen's riders on shift beside it: one for each job, were both to go.
    const people = [];
    for (const name of ['poison.rider.1', 'poison.rider.2']) {
      people.push(await signUp(app, database, outbox, { identifier: `${name}@example.com` }));
    }
    await database.db.insert(riders).values(
      people.map((person) => ({
        userId: person.user.id,
        shopId: meal.providerId,
        vehicle: 'motorbike' as const,
        onShift: true,
        latitude: meal.latitude,
        longitude: meal.longitude,
      })),
    );

    const retries = createDispatchRetries();
    const round = await runDispatchRound(dispatchDepsOf(database, refusing(jobs, bad)), at(1), retries);

    expect(round.failed.map((failure) => failure.jobId)).toEqual([bad]);
    expect(round.failed[0]).toMatchObject({ tries: 1, retryAt: new Date(at(1).getTime() + 30_000) });
    expect(round.offered).toBeGreaterThanOrEqual(1);
    const offered = await database.db
      .select({ jobId: jobOffers.jobId })
      .from(jobOffers)
      .where(inArray(jobOffers.jobId, [bad, good]));
    expect(offered.map((offer) => offer.jobId)).toEqual([good]);
    // The failed job was looked at: the next round starts with the jobs nobody looked at.
    const [looked] = await database.db
      .select({ at: deliveryJobs.offerLookedAt })
      .from(deliveryJobs)
      .where(eq(deliveryJobs.id, bad));
    expect(looked?.at).toEqual(at(1));

    // It waits out its back-off: the round 5 s later passes it over, fault gone or not.
    const soon = await runDispatchRound(dispatchDepsOf(database, jobs), new Date(at(1).getTime() + 5_000), retries);
    expect(soon.failed).toEqual([]);
    expect(await database.db.select().from(jobOffers).where(eq(jobOffers.jobId, bad))).toEqual([]);
    const [passed] = await database.db
      .select({ at: deliveryJobs.offerLookedAt })
      .from(deliveryJobs)
      .where(eq(deliveryJobs.id, bad));
    expect(passed?.at).toEqual(at(1));

    // With the fault gone, the first round after its back-off offers it.
    const next = await runDispatchRound(dispatchDepsOf(database, jobs), at(2), retries);
    expect(next.failed).toEqual([]);
    const later = await database.db.select().from(jobOffers).where(eq(jobOffers.jobId, bad));
    expect(later).toHaveLength(1);
    await database.db.update(riders).set({ onShift: false }).where(eq(riders.shopId, meal.providerId));
  });

  it('alerts for the other jobs nobody took, and alerts for the failed one in the next round', async () => {
    const jobs = createJobRepository(database.db);
    const [bad, good] = await twoJobs(jobs, 3);
    const late = new Date(at(3).getTime() + TEST_CONFIG.dispatch.untakenMs + 60_000);
    const alertsOf = async (jobId: string) =>
      database.db
        .select({ userId: notifications.userId })
        .from(notifications)
        .where(eq(notifications.dedupeKey, `untaken:${jobId}`));

    const retries = createDispatchRetries();
    const round = await runDispatchRound(dispatchDepsOf(database, refusing(jobs, bad)), late, retries);

    expect(round.failed.map((failure) => failure.jobId)).toContain(bad);
    expect(round.failed.map((failure) => failure.jobId)).not.toContain(good);
    expect((await alertsOf(good)).length).toBeGreaterThanOrEqual(1);
    expect(await alertsOf(bad)).toEqual([]);
    const [told] = await database.db
      .select({ at: deliveryJobs.untakenAlertedAt })
      .from(deliveryJobs)
      .where(eq(deliveryJobs.id, bad));
    expect(told?.at).toBeNull();

    // Its alert waits out the back-off, then goes.
    await runDispatchRound(dispatchDepsOf(database, jobs), new Date(late.getTime() + 5_000), retries);
    expect(await alertsOf(bad)).toEqual([]);
    const next = await runDispatchRound(dispatchDepsOf(database, jobs), new Date(late.getTime() + 30_000), retries);
    expect(next.failed).toEqual([]);
    expect((await alertsOf(bad)).length).toBe((await alertsOf(good)).length);
  });
});

describe('the dispatcher while the database is gone', () => {
  it('waits longer after each round that failed, not a poll each, and logs each failure once', async () => {
    const jobs = createJobRepository(database.db);
    const gone: JobRepository = {
      ...jobs,
      async claimUnoffered() {
        throw new Error('database gone');
      },
    };
    // Nothing but timers between rounds: the clock is the test's.
    const deps = { ...dispatchDepsOf(database, gone), transaction: (<T>(work: () => Promise<T>) => work()) as never };
    const failures: number[] = [];
    vi.useFakeTimers();
    try {
      const dispatcher = startDispatcher(deps, 1_000, {
        warn() {},
        error(context: object) {
          failures.push((context as { failedRounds: number }).failedRounds);
        },
      });
      await vi.advanceTimersByTimeAsync(120_000);
      await dispatcher.stop();
    } finally {
      vi.useRealTimers();
    }
    // Rounds 1, 3, 7, 15, 31 s after the start (waits of 2, 4, 8, 16 s), then every 30 s at most
    // (61, 91), so that offers start again soon after the database is back: not the 120 of a
    // poll each, nor one round in the last minute of an uncapped doubling.
    expect(failures).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});

import type { TestDatabase } from '@malewa/db/testing/test-database';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp } from '#api/testing/accounts.ts';
import { kitchenMeals, placeOrderOf } from '#api/testing/orders.ts';
import { createTestOutbox } from '#api/testing/outbox.ts';
import { buildTestApp, createSeededDatabase } from '#api/testing/test-app.ts';
import { createJobRepository } from './job-repository.ts';

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createSeededDatabase({ openAllDay: true });
  app = await buildTestApp(database);
});

afterAll(async () => {
  await app?.close();
  await database?.destroy();
});

const minutes = (n: number) => new Date(Date.UTC(2026, 10, 29, 18, n));

describe('the dispatcher’s claim of searching jobs', () => {
  it('gives jobs nobody could take their turn after the others, not ahead of every newer job', async () => {
    const outbox = await createTestOutbox(database);
    const shopper = {
      ...bearer(await signUp(app, database, outbox, { identifier: 'turns@example.com' })),
      'x-store-id': 'KE',
    };
    const [meal] = await kitchenMeals(database);
    if (!meal) throw new Error('no kitchen');
    const jobs = createJobRepository(database.db);
    const ids: string[] = [];
    for (let n = 0; n < 3; n += 1) {
      const order = await placeOrderOf(app, shopper, meal);
      ids.push(await jobs.createJob({ orderId: order.id, shopId: meal.providerId, now: minutes(n) }));
    }
    // Oldest first while none was looked at.
    expect(await jobs.claimUnoffered(minutes(10), 2)).toEqual([ids[0], ids[1]]);
    // No rider took those two: the next round starts with the one not looked at yet.
    expect(await jobs.claimUnoffered(minutes(11), 2)).toEqual([ids[2], ids[0]]);
    // Then the one looked at longest ago; of two looked at together, the older job.
    expect(await jobs.claimUnoffered(minutes(12), 2)).toEqual([ids[1], ids[0]]);
  });
});

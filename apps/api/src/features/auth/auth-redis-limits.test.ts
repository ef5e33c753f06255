import { randomUUID } from 'node:crypto';
import { seedIfEmpty } from '@malewa/db/seed/seed-if-empty';
import type { TestDatabase } from '@malewa/db/testing/test-database';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisRateLimiter, type RateLimiter } from '#api/rate-limit/rate-limiter.ts';
import { freshAddress, fromAddress, signUp } from '#api/testing/accounts.ts';
import { createTestOutbox, type TestOutbox } from '#api/testing/outbox.ts';
import { buildTestApp, createFileDatabase } from '#api/testing/test-app.ts';

// Two API processes behind one load balancer: the limits hold across both only because they
// are counted in the one Redis (the real server, a key prefix of this file's own).
const prefix = `malewa-test:${randomUUID()}:`;
let database: TestDatabase;
let outbox: TestOutbox;
const apps: FastifyInstance[] = [];
const limiters: RateLimiter[] = [];

beforeAll(async () => {
  database = await createFileDatabase();
  await seedIfEmpty(database.db);
  outbox = await createTestOutbox(database);
  for (let i = 0; i < 2; i++) {
    const limiter = createRedisRateLimiter(new Redis('redis://127.0.0.1:6379'), prefix);
    limiters.push(limiter);
    const app = await buildTestApp(database, { rateLimiter: limiter });
    await app.ready();
    apps.push(app);
  }
});

afterAll(async () => {
  const cleaner = new Redis('redis://127.0.0.1:6379');
  const keys = await cleaner.keys(`${prefix}*`);
  if (keys.length > 0) await cleaner.del(...keys);
  cleaner.disconnect();
  await Promise.all(apps.map((app) => app.close()));
  await Promise.all(limiters.map((limiter) => limiter.close()));
  await outbox?.destroy();
  await database?.destroy();
});

describe('rate limits in Redis', () => {
  it('count wrong passwords across API processes: the 11th in a minute is a 429 on either', async () => {
    const [first, second] = apps;
    if (!first || !second) throw new Error('apps missing');
    const shopper = await signUp(first, database, outbox, { identifier: 'shared-limits@example.co.bw' });
    const from = fromAddress(freshAddress());
    const attempt = (app: FastifyInstance, secret: string) =>
      app.inject({
        method: 'POST',
        url: '/auth/account/authenticate',
        headers: from,
        payload: { identifier: shopper.credential.identifier, secret },
      });

    for (let i = 1; i <= 10; i++) {
      expect((await attempt(i % 2 ? first : second, `wrong ${i}`)).statusCode, `attempt ${i}`).toBe(401);
    }
    for (const app of [first, second]) {
      const refused = await attempt(app, shopper.password);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
  });
});

import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from './rate-limiter.ts';

const rule = { name: 'test', max: 3, windowMs: 60_000 };
const prefix = `malewa-test:${randomUUID()}:`;
const redis = new Redis('redis://127.0.0.1:6379', { lazyConnect: true });

afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
});

describe.each([
  ['in process', () => createMemoryRateLimiter()],
  ['in Redis', () => createRedisRateLimiter(redis, prefix)],
])('rate limiter %s', (_where, create: () => RateLimiter) => {
  it('allows max events per key in a window, then refuses with the time left', async () => {
    const limiter = create();
    const key = randomUUID();
    for (let i = 1; i <= 3; i++) expect(await limiter.consume(rule, key)).toMatchObject({ allowed: true, count: i });

    const refused = await limiter.consume(rule, key);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    // Another key is not affected.
    expect((await limiter.consume(rule, randomUUID())).allowed).toBe(true);
  });

  it('gives a refunded event back', async () => {
    const limiter = create();
    const key = randomUUID();
    for (let i = 0; i < 3; i++) await limiter.consume(rule, key);
    await limiter.refund(rule, key);
    expect((await limiter.consume(rule, key)).allowed).toBe(true);
    expect((await limiter.consume(rule, key)).allowed).toBe(false);
  });

  it('counts simultaneous events exactly', async () => {
    const limiter = create();
    const key = randomUUID();
    const results = await Promise.all(Array.from({ length: 10 }, () => limiter.consume(rule, key)));
    expect(results.filter((r) => r.allowed)).toHaveLength(3);
  });
});

describe('memory rate limiter', () => {
  it('opens a new window when the old one has passed', async () => {
    let clock = 1_000_000;
    const limiter = createMemoryRateLimiter(() => clock);
    for (let i = 0; i < 4; i++) await limiter.consume(rule, 'k');
    clock += 60_000;
    expect(await limiter.consume(rule, 'k')).toMatchObject({ allowed: true, count: 1 });
  });
});

describe('redis rate limiter', () => {
  it('shares counters between processes using the same server and prefix', async () => {
    const other = new Redis('redis://127.0.0.1:6379', { lazyConnect: true });
    try {
      const a = createRedisRateLimiter(redis, prefix);
      const b = createRedisRateLimiter(other, prefix);
      const key = randomUUID();
      await a.consume(rule, key);
      await b.consume(rule, key);
      await a.consume(rule, key);
      expect((await b.consume(rule, key)).allowed).toBe(false);
    } finally {
      other.disconnect();
    }
  });
});

describe('redis rate limiter without Redis', () => {
  it('keeps limiting in this process while Redis cannot be reached, and says so', async () => {
    // Nothing listens on port 1: every command fails, as while Redis is down.
    const gone = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: 1, commandTimeout: 500 });
    gone.on('error', () => {});
    const failures: unknown[] = [];
    const limiter = createRedisRateLimiter(gone, prefix, { onFallback: (error) => failures.push(error) });
    const key = randomUUID();
    try {
      for (let i = 1; i <= 3; i++) expect(await limiter.consume(rule, key)).toMatchObject({ allowed: true, count: i });
      expect((await limiter.consume(rule, key)).allowed).toBe(false);
      await limiter.refund(rule, key);
      expect((await limiter.consume(rule, key)).allowed).toBe(false);
      // Once failed, Redis is left alone for a while: one wait, not one per request.
      expect(failures).toHaveLength(1);
    } finally {
      gone.disconnect();
    }
  });
});

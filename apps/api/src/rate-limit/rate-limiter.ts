import type { Redis } from 'ioredis';

/** A limit: at most `max` counted events per key within a fixed window of `windowMs`. */
export interface LimitRule {
  name: string;
  max: number;
  windowMs: number;
}

export interface LimitResult {
  allowed: boolean;
  /** Events counted in the current window, this one included. */
  count: number;
  /** When the window ends; a refused caller is told to wait that long. */
  retryAfterSeconds: number;
}

/**
 * Fixed-window counters. `consume` counts an event before the work it guards, so that
 * simultaneous requests cannot slip past the limit together; `refund` takes the count back
 * when the event turns out not to count (a correct password).
 */
export interface RateLimiter {
  consume(rule: LimitRule, key: string): Promise<LimitResult>;
  refund(rule: LimitRule, key: string): Promise<void>;
  close(): Promise<void>;
}

function keyOf(rule: LimitRule, key: string): string {
  return `rl:${rule.name}:${key}`;
}

/** One process's counters: enough for a single API process (the default). */
export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let operations = 0;
  const sweep = (at: number) => {
    for (const [key, window] of windows) if (window.resetAt <= at) windows.delete(key);
  };
  return {
    async consume(rule, key) {
      const at = now();
      if (++operations % 1000 === 0) sweep(at);
      const id = keyOf(rule, key);
      let window = windows.get(id);
      if (!window || window.resetAt <= at) {
        window = { count: 0, resetAt: at + rule.windowMs };
        windows.set(id, window);
      }
      window.count += 1;
      return {
        allowed: window.count <= rule.max,
        count: window.count,
        retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - at) / 1000)),
      };
    },
    async refund(rule, key) {
      const window = windows.get(keyOf(rule, key));
      if (window && window.count > 0) window.count -= 1;
    },
    async close() {
      windows.clear();
    },
  };
}

// INCR and the window's expiry in one step, so that a key never lives without an expiry.
const CONSUME = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}`;

const REFUND = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

/** How long Redis is left alone after a command failed. */
const REDIS_RETRY_AFTER_MS = 5_000;

/**
 * Counters in Redis, shared by every API process that uses the same server and prefix. While
 * Redis cannot be reached, each process counts in its own memory instead (`fallback`): the
 * limits still hold, each per process, so N processes let through at most N times a limit
 * for that while (docs/deploy.md, "When a part fails"). The API keeps serving.
 */
export function createRedisRateLimiter(
  redis: Redis,
  prefix: string,
  options: { fallback?: RateLimiter; onFallback?: (error: unknown) => void } = {},
): RateLimiter {
  const fallback = options.fallback ?? createMemoryRateLimiter();
  // After a failure Redis is left alone for a while: a request must not wait out a time-out
  // for each limit it checks while Redis is down.
  let downUntil = 0;
  const failed = (error: unknown) => {
    downUntil = Date.now() + REDIS_RETRY_AFTER_MS;
    options.onFallback?.(error);
  };
  return {
    async consume(rule, key) {
      if (Date.now() < downUntil) return fallback.consume(rule, key);
      let answer: [number, number];
      try {
        answer = (await redis.eval(CONSUME, 1, prefix + keyOf(rule, key), String(rule.windowMs))) as [number, number];
      } catch (error) {
        failed(error);
        return fallback.consume(rule, key);
      }
      const [count, ttl] = answer;
      return { allowed: count <= rule.max, count, retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)) };
    },
    async refund(rule, key) {
      if (Date.now() < downUntil) return fallback.refund(rule, key);
      try {
        await redis.eval(REFUND, 1, prefix + keyOf(rule, key));
      } catch (error) {
        failed(error);
        await fallback.refund(rule, key);
      }
    },
    async close() {
      await fallback.close();
      // A Redis that is away never answers QUIT: a shutdown must not wait for it.
      let waited: NodeJS.Timeout | undefined;
      await Promise.race([
        redis.quit().catch(() => undefined),
        new Promise((resolve) => {
          waited = setTimeout(resolve, 1_000);
        }),
      ]);
      clearTimeout(waited);
      redis.disconnect();
    },
  };
}

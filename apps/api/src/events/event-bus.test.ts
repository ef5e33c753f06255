import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { redisIsUp, TEST_REDIS_URL } from '../testing/redis.ts';
import { createInProcessBus, createRedisBus, type EventBus } from './event-bus.ts';

const redisUrl = TEST_REDIS_URL;

const nextMessage = (bus: EventBus, channel: string) =>
  new Promise<{ message: string; stop: () => Promise<void> }>((resolve) => {
    let stop: () => Promise<void> = async () => {};
    void bus
      .subscribe(channel, (message) => resolve({ message, stop }))
      .then((unsubscribe) => {
        stop = unsubscribe;
      });
  });

describe('the in-process bus', () => {
  it('delivers a message to the listeners of its channel only, until they unsubscribe', async () => {
    const bus = createInProcessBus();
    const seen: string[] = [];
    const stop = await bus.subscribe('order:a', (message) => seen.push(`a ${message}`));
    await bus.subscribe('order:b', (message) => seen.push(`b ${message}`));
    await bus.publish('order:a', '1');
    await stop();
    await bus.publish('order:a', '2');
    expect(seen).toEqual(['a 1']);
    await bus.close();
  });
});

// With Redis, two buses stand for two API processes: what one publishes the other hears.
describe.runIf(await redisIsUp())('the Redis bus (needs Redis at 127.0.0.1:6379)', () => {
  const buses: EventBus[] = [];
  const open = (prefix: string) => {
    const bus = createRedisBus(new Redis(redisUrl), new Redis(redisUrl), prefix);
    buses.push(bus);
    return bus;
  };
  afterAll(async () => {
    await Promise.all(buses.map((bus) => bus.close()));
  });

  it('carries a message from one process’s bus to another’s on the same prefix', async () => {
    const prefix = `malewa-test-${process.pid}-${Date.now()}:`;
    const one = open(prefix);
    const two = open(prefix);
    // Another deployment on the same Redis (another prefix) hears nothing of it.
    const other = open(`${prefix}elsewhere:`);
    const heard = nextMessage(two, 'order:x');
    let strayed = false;
    await other.subscribe('order:x', () => {
      strayed = true;
    });
    // Subscribing is asynchronous: publish until the subscriber is in place.
    const timer = setInterval(() => void one.publish('order:x', 'moved'), 20);
    const { message, stop } = await heard;
    clearInterval(timer);
    await stop();
    expect(message).toBe('moved');
    expect(strayed).toBe(false);
  });
});

describe('the Redis bus while Redis is away', () => {
  it('lets a live page subscribe without waiting for Redis', async () => {
    // Nothing listens on port 1: the subscription waits in ioredis's queue.
    const [publisher, subscriber] = [1, 2].map(() =>
      new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: null }).on('error', () => {}),
    ) as [Redis, Redis];
    const bus = createRedisBus(publisher, subscriber, 'malewa-test-away:', { subscribeWaitMs: 100 });
    try {
      const started = performance.now();
      await bus.subscribe('order:y', () => {});
      expect(performance.now() - started).toBeLessThan(1_000);
      // Nor does closing it wait for a Redis that never answers.
      const closing = performance.now();
      await bus.close();
      expect(performance.now() - closing).toBeLessThan(2_000);
    } finally {
      publisher.disconnect();
      subscriber.disconnect();
    }
  });
});

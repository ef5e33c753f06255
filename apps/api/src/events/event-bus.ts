import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';

/**
 * Wake-up calls between the API's processes: "order X moved". What moved is always read from
 * the database (order_events), so a message lost on the way delays a live page, never
 * corrupts it, and a reconnecting client is sent exactly what it missed. In one process the
 * bus is an EventEmitter; with REDIS_URL it is Redis pub/sub, so an order moved through one
 * process reaches the live pages served by every other.
 */
export interface EventBus {
  publish(channel: string, message: string): Promise<void>;
  /** Calls `listener` for every message on `channel` until the returned function is called. */
  subscribe(channel: string, listener: (message: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export function createInProcessBus(): EventBus {
  const emitter = new EventEmitter();
  // One listener per open live page: many, by design.
  emitter.setMaxListeners(0);
  return {
    async publish(channel, message) {
      emitter.emit(channel, message);
    },
    async subscribe(channel, listener) {
      emitter.on(channel, listener);
      return async () => {
        emitter.off(channel, listener);
      };
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/** How long a live page waits for its subscription before it opens without it. */
const SUBSCRIBE_WAIT_MS = 500;

/**
 * Redis pub/sub: one connection publishes, one (in subscriber mode) listens for every channel
 * this process has open pages on; a channel is subscribed while one listener needs it.
 */
export function createRedisBus(
  publisher: Redis,
  subscriber: Redis,
  prefix: string,
  options: { subscribeWaitMs?: number } = {},
): EventBus {
  const listeners = new Map<string, Set<(message: string) => void>>();
  subscriber.on('message', (channel: string, message: string) => {
    for (const listener of listeners.get(channel.slice(prefix.length)) ?? []) listener(message);
  });
  // Back from an outage: every channel a page listens on, subscribed again (a subscription
  // asked for while Redis was away may never have reached it).
  subscriber.on('ready', () => {
    if (listeners.size === 0) return;
    subscriber.subscribe(...[...listeners.keys()].map((channel) => prefix + channel)).catch(() => {});
  });
  const subscribeWaitMs = options.subscribeWaitMs ?? SUBSCRIBE_WAIT_MS;
  return {
    async publish(channel, message) {
      await publisher.publish(prefix + channel, message);
    },
    async subscribe(channel, listener) {
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        // A live page opens at once even while Redis is away: it re-reads its order on a timer
        // until the subscription is in place.
        let waited: NodeJS.Timeout | undefined;
        await Promise.race([
          subscriber.subscribe(prefix + channel).catch(() => {}),
          new Promise((resolve) => {
            waited = setTimeout(resolve, subscribeWaitMs);
          }),
        ]);
        clearTimeout(waited);
      }
      set.add(listener);
      return async () => {
        const current = listeners.get(channel);
        if (!current) return;
        current.delete(listener);
        if (current.size === 0) {
          listeners.delete(channel);
          await subscriber.unsubscribe(prefix + channel).catch(() => {});
        }
      };
    },
    async close() {
      listeners.clear();
      // A Redis that is away never answers QUIT: a shutdown must not wait for it.
      let waited: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([subscriber.quit(), publisher.quit()]),
        new Promise((resolve) => {
          waited = setTimeout(resolve, 1_000);
        }),
      ]);
      clearTimeout(waited);
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}

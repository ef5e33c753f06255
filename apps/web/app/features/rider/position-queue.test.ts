import { describe, expect, it } from 'vitest';
import { createPositionQueue, type QueuedPosition, shouldSend } from './position-queue.ts';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => items.set(key, value),
  };
}

const at = (second: number, latitude = -1.29): QueuedPosition => ({
  latitude,
  longitude: 36.82,
  accuracy: 10,
  at: new Date(Date.UTC(2026, 10, 29, 12, 0, second)).toISOString(),
});

describe('the rider’s position queue', () => {
  it('sends what waited offline oldest first, and keeps what the network refused', async () => {
    const queue = createPositionQueue(memoryStorage(), 'q');
    queue.push(at(0));
    queue.push(at(20));
    queue.push(at(40));
    const sent: string[] = [];
    let online = 2;
    const left = await queue.flush(async (position) => {
      if (online === 0) return 'kept';
      online -= 1;
      sent.push(position.at);
      return 'sent';
    });
    expect(sent).toEqual([at(0).at, at(20).at]);
    expect(left).toBe(1);
    expect(queue.size()).toBe(1);
    // Back online: the last one goes; one refused for good is dropped, not retried.
    expect(await queue.flush(async () => 'dropped')).toBe(0);
  });

  it('keeps an hour of positions at most, and survives broken storage', () => {
    const storage = memoryStorage();
    const queue = createPositionQueue(storage, 'q');
    for (let second = 0; second < 70; second += 1) queue.push(at(second));
    expect(queue.size()).toBe(60);
    storage.setItem('q', 'not json');
    expect(queue.size()).toBe(0);
    expect(createPositionQueue(null, 'q').size()).toBe(0);
  });

  it('sends every 15 s on the move, every minute standing still', () => {
    const last = { position: at(0), sentAt: 0 };
    expect(shouldSend(null, at(0), 0)).toBe(true);
    // 0.001° of latitude is about 111 m.
    expect(shouldSend(last, at(10, -1.291), 10_000)).toBe(false);
    expect(shouldSend(last, at(16, -1.291), 16_000)).toBe(true);
    expect(shouldSend(last, at(30), 30_000)).toBe(false);
    expect(shouldSend(last, at(61), 61_000)).toBe(true);
  });

  it('counts a check made with slack as on time, and only that one', () => {
    const last = { position: at(0), sentAt: 1_000 };
    // The page's 15 s tick after the one that sent, which ran late: 14,700 ms by the wall clock.
    expect(shouldSend(last, at(15, -1.291), 15_700, 500)).toBe(true);
    expect(shouldSend(last, at(15), 60_700, 500)).toBe(true);
    // A fix of a moving phone (about one a second) has no slack: never sooner than 15 s.
    expect(shouldSend(last, at(14, -1.291), 15_000)).toBe(false);
    expect(shouldSend(last, at(14, -1.291), 15_700)).toBe(false);
    expect(shouldSend(last, at(15, -1.291), 16_000)).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import {
  checkStreams,
  checkWrites,
  type DatabaseTruth,
  failuresByStep,
  figuresByStep,
  ordersOfUnknownKeys,
} from './mix-checks.ts';
import type { Checkout, Follow, Sample } from './mix-record.ts';

const T = Date.parse('2026-11-29T10:00:00Z');

function checkout(key: string, outcome: Checkout['outcome'], checkoutId?: string, orderIds: string[] = []): Checkout {
  return {
    shopper: 0,
    key,
    requestIds: [],
    startedAt: T,
    endedAt: T + 100,
    statuses: [],
    outcome,
    ...(checkoutId ? { checkoutId } : {}),
    orderIds,
  };
}

function truth(
  rows: { key: string; checkoutId: string; orderIds: string[] }[],
  events: Record<string, { seq: number; status: string; at: number }[]> = {},
): DatabaseTruth {
  const byKey = new Map<string, { checkoutId: string; orderIds: string[] }[]>();
  for (const row of rows) byKey.set(row.key, [...(byKey.get(row.key) ?? []), row]);
  return {
    byKey,
    checkoutIds: new Set(rows.map((row) => row.checkoutId)),
    orderIds: new Set(rows.flatMap((row) => row.orderIds)),
    events: new Map(Object.entries(events)),
  };
}

function follow(orderId: string, seen: number[], overrides: Partial<Follow> = {}): Follow {
  return {
    orderId,
    shopper: 0,
    startedAt: T,
    stoppedAt: T + 60_000,
    seen: seen.map((seq) => ({ seq, status: 'placed', at: T + seq * 1000 })),
    repeats: 0,
    connects: 1,
    resumed: 0,
    drops: [],
    refusals: [],
    finished: false,
    ...overrides,
  };
}

describe('the checks of what the mix wrote', () => {
  it('counts one order per key as placed, and a second order or checkout under a key as a duplicate', () => {
    const sent = [checkout('k1', 'acknowledged', 'c1', ['o1']), checkout('k2', 'acknowledged', 'c2', ['o2'])];
    const found = checkWrites(
      sent,
      truth([
        { key: 'k1', checkoutId: 'c1', orderIds: ['o1'] },
        { key: 'k2', checkoutId: 'c2', orderIds: ['o2', 'o3'] },
      ]),
    );
    expect(found).toMatchObject({ sent: 2, acknowledged: 2, placed: 3, lost: [], placedUnacknowledged: 0 });
    expect(found.duplicates).toEqual([{ key: 'k2', orders: 2 }]);
  });

  it('calls an acknowledged checkout lost when the primary lacks it or one of its orders', () => {
    const found = checkWrites(
      [
        checkout('k1', 'acknowledged', 'c1', ['o1']),
        checkout('k2', 'acknowledged', 'c2', ['o2']),
        checkout('k3', 'failed'),
      ],
      truth([{ key: 'k2', checkoutId: 'c2', orderIds: [] }]),
    );
    expect(found.lost).toEqual([
      { key: 'k1', checkoutId: 'c1', missing: 'the checkout' },
      { key: 'k2', checkoutId: 'c2', missing: 'order o2' },
    ]);
  });

  it('tells apart a try the shopper saw fail that was placed all the same', () => {
    const found = checkWrites(
      [checkout('k1', 'failed'), checkout('k2', 'cart-empty')],
      truth([{ key: 'k1', checkoutId: 'c1', orderIds: ['o1'] }]),
    );
    expect(found).toMatchObject({ placed: 1, placedUnacknowledged: 1, duplicates: [], lost: [] });
  });

  it('counts the orders of keys the runner never sent, which only a second key for one cart makes', () => {
    const rows = truth([
      { key: 'k1', checkoutId: 'c1', orderIds: ['o1'] },
      { key: 'stranger', checkoutId: 'c9', orderIds: ['o9'] },
    ]);
    expect(ordersOfUnknownKeys([checkout('k1', 'acknowledged', 'c1', ['o1'])], rows)).toBe(1);
  });
});

describe('the checks of what the order streams showed', () => {
  const events = (...seqs: number[]) => seqs.map((seq) => ({ seq, status: `s${seq}`, at: T + seq * 1000 }));

  it('misses nothing when a stream showed every event of the order', () => {
    const check = checkStreams(
      [follow('o1', [1, 2, 3], { finished: true })],
      truth([], { o1: events(1, 2, 3) }),
      new Map(),
    );
    expect(check).toMatchObject({ follows: 1, finished: 1, missed: [], repeats: 0 });
  });

  it('calls an event missed when a finished stream skipped it, or an open one is past it', () => {
    const finished = follow('o1', [1, 3], { finished: true });
    const open = follow('o2', [1, 3], { stoppedAt: 0 });
    const check = checkStreams([finished, open], truth([], { o1: events(1, 2, 3), o2: events(1, 2, 3) }), new Map());
    expect(check.missed.map((missed) => `${missed.orderId}:${missed.seq}`)).toEqual(['o1:2', 'o2:2']);
  });

  it('gives a stream that stopped before the order was done the grace of a recheck for its latest events', () => {
    const stopped = follow('o1', [1], { stoppedAt: T + 10_000 });
    const check = checkStreams([stopped], truth([], { o1: events(1, 2, 9) }), new Map(), 5_000);
    // Event 2 was written 8 s before the stream stopped, event 9 one second before.
    expect(check.missed.map((missed) => missed.seq)).toEqual([2]);
  });

  it('counts drops, resumptions with Last-Event-ID and events shown twice', () => {
    const cut = follow('o1', [1, 2], { drops: [T + 1500], resumed: 1, repeats: 1, finished: true });
    const check = checkStreams(
      [cut, follow('o2', [1], { finished: true })],
      truth([], { o1: events(1, 2), o2: events(1) }),
      new Map(),
    );
    expect(check).toMatchObject({ dropped: 1, resumed: 1, repeats: 1, missed: [] });
  });

  it('measures from the shop keeper’s move to the stream showing it', () => {
    const shown = follow('o1', [], { finished: true });
    shown.seen = [{ seq: 2, status: 'accepted', at: T + 250 }];
    const moves = new Map([['o1', new Map([['accepted', T + 200]])]]);
    const check = checkStreams([shown], truth([], { o1: [{ seq: 2, status: 'accepted', at: T }] }), moves);
    expect(check.delayP50).toBe(50);
    expect(check.delayMax).toBe(50);
  });
});

describe('the figures of the samples', () => {
  const sample = (step: Sample['step'], at: number, ms: number, status: number, error?: string): Sample => ({
    step,
    shopper: 0,
    at,
    end: at + ms,
    ms,
    status,
    ok: status > 0 && status < 400,
    ...(error ? { error } : {}),
  });

  it('groups failures of a period by step and status, naming the shop keeper and unanswered requests', () => {
    const samples = [
      sample('checkout', T, 10, 502),
      sample('checkout', T + 1, 10, 502),
      sample('stream', T + 2, 10, 0, 'ECONNRESET'),
      { ...sample('shop', T + 3, 10, 503), shopper: -1 },
      sample('add', T - 1, 10, 500),
      sample('meals', T + 4, 10, 200),
    ];
    expect(failuresByStep(samples, T, T + 10)).toBe(
      'checkout 502×2, stream no answer (ECONNRESET)×1, shop keeper 503×1',
    );
    expect(failuresByStep(samples, T + 4, T + 10)).toBe('none');
  });

  it('gives each step its count, failures and latency quantiles within the period', () => {
    const samples = [10, 20, 30, 40].map((ms, i) => sample('meal', T + i, ms, i === 3 ? 503 : 200));
    const meal = figuresByStep(samples, T, T + 10).find((row) => row.step === 'meal');
    expect(meal).toEqual({ step: 'meal', count: 4, failures: 1, p50: 30, p99: 40, max: 40 });
  });
});

/**
 * What a shopper mix (shopper-mix.ts) did, read back: latency and failures per step, and the
 * mix's checkouts and order streams against what the primary holds (no duplicate, no lost
 * acknowledged write, no stream event missed). Reads only.
 */
import type { Database } from '@malewa/db/database';
import { sql } from 'drizzle-orm';
import { quantile } from '../bench/harness.ts';
import { type Checkout, type Follow, type MixRecord, type Sample, SHOPPER_STEPS, type Step } from './mix-record.ts';

export interface StepFigures {
  step: Step;
  count: number;
  failures: number;
  p50: number;
  p99: number;
  max: number;
}

/** Latency and failures per step of the samples that began in [from, to). */
export function figuresByStep(samples: readonly Sample[], from = 0, to = Number.POSITIVE_INFINITY): StepFigures[] {
  const steps: Step[] = [...SHOPPER_STEPS, 'shop'];
  return steps.map((step) => {
    const mine = samples.filter((sample) => sample.step === step && sample.at >= from && sample.at < to);
    const times = mine.map((sample) => sample.ms).sort((a, b) => a - b);
    return {
      step,
      count: mine.length,
      failures: mine.filter((sample) => !sample.ok).length,
      p50: quantile(times, 0.5),
      p99: quantile(times, 0.99),
      max: times.at(-1) ?? Number.NaN,
    };
  });
}

/** "checkout 502×2, stream 0(socket hang up)×1": the failures of [from, to) by step and status. */
export function failuresByStep(samples: readonly Sample[], from: number, to: number): string {
  const counts = new Map<string, number>();
  for (const sample of samples) {
    if (sample.ok || sample.at < from || sample.at >= to) continue;
    const what = sample.status === 0 ? `no answer (${sample.error ?? '?'})` : String(sample.status);
    const key = `${sample.step === 'shop' ? 'shop keeper' : sample.step} ${what}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([key, count]) => `${key}×${count}`).join(', ') || 'none';
}

/** Rows of the orders, checkouts and events the database holds for the mix's accounts. */
export interface DatabaseTruth {
  /** By idempotency key: the checkout rows and their orders. */
  byKey: Map<string, { checkoutId: string; orderIds: string[] }[]>;
  orderIds: Set<string>;
  checkoutIds: Set<string>;
  /** Each order's status history (order_events), oldest first. */
  events: Map<string, { seq: number; status: string; at: number }[]>;
}

export async function readTruth(database: Database, tag: string): Promise<DatabaseTruth> {
  const like = `%-${tag}@example.com`;
  const rows = (
    (await database.db.execute(sql`
      select c.idempotency_key as key, c.id as checkout_id, o.id as order_id
      from checkouts c
      join users u on u.id = c.user_id
      left join orders o on o.checkout_id = c.id
      where u.email like ${like}`)) as unknown as {
      rows: { key: string; checkout_id: string; order_id: string | null }[];
    }
  ).rows;
  const byKey = new Map<string, { checkoutId: string; orderIds: string[] }[]>();
  const orderIds = new Set<string>();
  const checkoutIds = new Set<string>();
  for (const row of rows) {
    checkoutIds.add(row.checkout_id);
    const entries = byKey.get(row.key) ?? [];
    let entry = entries.find((candidate) => candidate.checkoutId === row.checkout_id);
    if (!entry) {
      entry = { checkoutId: row.checkout_id, orderIds: [] };
      entries.push(entry);
      byKey.set(row.key, entries);
    }
    if (row.order_id) {
      entry.orderIds.push(row.order_id);
      orderIds.add(row.order_id);
    }
  }
  const eventRows = (
    (await database.db.execute(sql`
      select e.order_id, e.seq, e.status, e.created_at
      from order_events e
      join orders o on o.id = e.order_id
      join users u on u.id = o.user_id
      where u.email like ${like}
      order by e.seq`)) as unknown as { rows: { order_id: string; seq: string; status: string; created_at: string }[] }
  ).rows;
  const events = new Map<string, { seq: number; status: string; at: number }[]>();
  for (const row of eventRows) {
    const list = events.get(row.order_id) ?? [];
    list.push({ seq: Number(row.seq), status: row.status, at: new Date(row.created_at).getTime() });
    events.set(row.order_id, list);
  }
  return { byKey, orderIds, checkoutIds, events };
}

export interface WriteCheck {
  /** Checkout forms sent, and those the runner was told were placed. */
  sent: number;
  acknowledged: number;
  /** Orders in the database from the keys sent. */
  placed: number;
  /** More than one checkout or order for one key (each cart is one kitchen's: one order). */
  duplicates: { key: string; orders: number }[];
  /** Acknowledged checkouts, or their orders, the database does not have. */
  lost: { key: string; checkoutId: string | undefined; missing: string }[];
  /** Placed although the runner's tries all failed (the answer was lost, not the write). */
  placedUnacknowledged: number;
}

/** Duplicates and lost writes among `checkouts`, against the database. */
export function checkWrites(checkouts: readonly Checkout[], truth: DatabaseTruth): WriteCheck {
  const duplicates: WriteCheck['duplicates'] = [];
  const lost: WriteCheck['lost'] = [];
  let placed = 0;
  let placedUnacknowledged = 0;
  for (const checkout of checkouts) {
    const rows = truth.byKey.get(checkout.key) ?? [];
    const orders = rows.reduce((sum, row) => sum + row.orderIds.length, 0);
    placed += orders;
    if (rows.length > 1 || orders > 1) duplicates.push({ key: checkout.key, orders });
    if (checkout.outcome === 'acknowledged') {
      if (!checkout.checkoutId || !truth.checkoutIds.has(checkout.checkoutId)) {
        lost.push({ key: checkout.key, checkoutId: checkout.checkoutId, missing: 'the checkout' });
      } else {
        for (const orderId of checkout.orderIds)
          if (!truth.orderIds.has(orderId))
            lost.push({ key: checkout.key, checkoutId: checkout.checkoutId, missing: `order ${orderId}` });
      }
    } else if (orders > 0) placedUnacknowledged += 1;
  }
  return {
    sent: checkouts.length,
    acknowledged: checkouts.filter((checkout) => checkout.outcome === 'acknowledged').length,
    placed,
    duplicates,
    lost,
    placedUnacknowledged,
  };
}

/** Orders of the mix's accounts placed under a key the runner never sent: duplicates too. */
export function ordersOfUnknownKeys(checkouts: readonly Checkout[], truth: DatabaseTruth): number {
  const sent = new Set(checkouts.map((checkout) => checkout.key));
  let count = 0;
  for (const [key, rows] of truth.byKey)
    if (!sent.has(key)) count += rows.reduce((sum, row) => sum + row.orderIds.length, 0);
  return count;
}

export interface StreamCheck {
  follows: number;
  finished: number;
  /** Streams that dropped and connected again, and how many of those resumed with Last-Event-ID. */
  dropped: number;
  resumed: number;
  /** Status events the database has that a stream should have shown and did not. */
  missed: { orderId: string; seq: number; status: string; at: number }[];
  repeats: number;
  /** From the shop keeper's move being answered to the stream showing it: p50 and max (ms). */
  delayP50: number;
  delayMax: number;
}

/**
 * Each followed order's events against its status history in the database. A stream should
 * have shown every event up to its last, and every event older than `graceMs` before it
 * stopped (a live page may be a recheck behind).
 */
export function checkStreams(
  follows: readonly Follow[],
  truth: DatabaseTruth,
  moves: MixRecord['moves'],
  graceMs = 15_000,
): StreamCheck {
  const missed: StreamCheck['missed'] = [];
  const delays: number[] = [];
  for (const follow of follows) {
    const seen = new Set(follow.seen.map((event) => event.seq));
    const lastSeen = Math.max(0, ...seen);
    const stoppedAt = follow.stoppedAt || Date.now();
    for (const event of truth.events.get(follow.orderId) ?? []) {
      if (seen.has(event.seq)) continue;
      if (follow.finished || event.seq < lastSeen || event.at < stoppedAt - graceMs)
        missed.push({ orderId: follow.orderId, ...event });
    }
    const moved = moves.get(follow.orderId);
    for (const event of follow.seen) {
      const at = moved?.get(event.status);
      if (at !== undefined) delays.push(Math.max(0, event.at - at));
    }
  }
  delays.sort((a, b) => a - b);
  const dropped = follows.filter((follow) => follow.drops.length > 0);
  return {
    follows: follows.length,
    finished: follows.filter((follow) => follow.finished).length,
    dropped: dropped.length,
    resumed: dropped.filter((follow) => follow.resumed > 0).length,
    missed,
    repeats: follows.reduce((sum, follow) => sum + follow.repeats, 0),
    delayP50: quantile(delays, 0.5),
    delayMax: delays.at(-1) ?? Number.NaN,
  };
}

/** One line per missed event (the first `limit`), with what its stream went through. */
export function describeMissed(check: StreamCheck, follows: readonly Follow[], limit = 10): string[] {
  return check.missed.slice(0, limit).map((missed) => {
    const follow = follows.find((candidate) => candidate.orderId === missed.orderId);
    if (!follow) return `    MISSED order ${missed.orderId} event ${missed.seq} (${missed.status})`;
    const at = (time: number) => new Date(time).toISOString().slice(11, 23);
    return `    MISSED order ${missed.orderId} event ${missed.seq} (${missed.status}, written ${at(missed.at)}): the stream followed ${at(follow.startedAt)}–${follow.stoppedAt ? at(follow.stoppedAt) : 'open'}, saw ${follow.seen.map((event) => `${event.seq}:${event.status}@${at(event.at)}`).join(' ') || 'nothing'}; connects ${follow.connects}, drops ${follow.drops.map(at).join(' ') || 'none'}, refused ${follow.refusals.join(' ') || 'never'}`;
  });
}

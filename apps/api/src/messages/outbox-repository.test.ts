import { outbox } from '@malewa/db/schema/messages';
import type { TestDatabase } from '@malewa/db/testing/test-database';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFileDatabase } from '../testing/test-app.ts';
import { createOutboxRepository, type OutboxRepository } from './outbox-repository.ts';

let database: TestDatabase;
let outboxes: OutboxRepository;

beforeAll(async () => {
  database = await createFileDatabase();
  outboxes = createOutboxRepository(database.db);
});

afterAll(async () => {
  await database?.destroy();
});

beforeEach(async () => {
  await database.db.delete(outbox);
});

const now = new Date('2026-11-22T12:00:00Z');
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
const mail = {
  channel: 'email' as const,
  recipient: 'thandi@example.com',
  template: 'receipt',
  locale: 'en',
  subject: 's',
};

async function insert(values: Partial<typeof outbox.$inferInsert>) {
  const [row] = await database.db
    .insert(outbox)
    .values({ ...mail, body: 'Your receipt', ...values })
    .returning();
  if (!row) throw new Error('no row');
  return row;
}

describe('the outbox repository', () => {
  it('keeps a message given up on, body and all, and never claims it again', async () => {
    const row = await insert({ nextAttemptAt: minutesAgo(1) });
    const [claimed] = await outboxes.claimDue(now, 10);
    expect(claimed?.id).toBe(row.id);
    await outboxes.markFailed(row.id, 'connection refused', now);
    const [dead] = await database.db.select().from(outbox).where(eq(outbox.id, row.id));
    expect(dead).toMatchObject({ body: 'Your receipt', failedAt: now, lastError: 'connection refused', sentAt: null });
    expect(await outboxes.claimDue(new Date(now.getTime() + 24 * 60 * 60_000), 10)).toEqual([]);
  });

  it('claims the codes that are due before any other message, then the rest that fell due first', async () => {
    const receipts = [];
    for (const minutes of [30, 20, 10]) {
      receipts.push(await insert({ createdAt: minutesAgo(minutes), nextAttemptAt: minutesAgo(minutes) }));
    }
    // Written, due and queued in three different orders: the reset was written first and falls
    // due first, but was queued after the code.
    const reset = await insert({ createdAt: minutesAgo(2), template: 'reset', nextAttemptAt: minutesAgo(2) });
    const code = await insert({ createdAt: minutesAgo(3), template: 'confirm', nextAttemptAt: minutesAgo(1) });
    await insert({ template: 'confirm', nextAttemptAt: new Date(now.getTime() + 60_000) });
    // Each group in the order queued; the code not due yet is not claimed.
    expect((await outboxes.claimDue(now, 3)).map((row) => row.id)).toEqual([code.id, reset.id, receipts[0]?.id]);
    expect((await outboxes.claimDue(now, 3)).map((row) => row.id)).toEqual([receipts[1]?.id, receipts[2]?.id]);
  });

  it('lists the dead, the latest given up on first, a page at a time, without their bodies', async () => {
    const older = await insert({ attempts: 8, failedAt: minutesAgo(30), lastError: 'timeout' });
    const newer = await insert({ channel: 'sms', recipient: '+254712345678', attempts: 8, failedAt: minutesAgo(5) });
    await insert({});
    await insert({ sentAt: minutesAgo(2), body: null });

    const first = await outboxes.listDead(1, 1);
    expect(first.total).toBe(2);
    expect(first.rows).toEqual([
      {
        id: newer.id,
        channel: 'sms',
        recipient: '+254712345678',
        template: 'receipt',
        attempts: 8,
        lastError: null,
        createdAt: newer.createdAt,
        failedAt: minutesAgo(5),
      },
    ]);
    const second = await outboxes.listDead(2, 1);
    expect(second.rows.map((row) => [row.id, row.lastError])).toEqual([[older.id, 'timeout']]);
  });

  it('counts waiting and dead messages, and how long the oldest waiting one has waited', async () => {
    expect(await outboxes.stats(now)).toEqual({ pending: 0, dead: 0, oldestPendingAgeMs: null });
    await insert({ createdAt: minutesAgo(7) });
    // Retried and waiting for its next try: still waiting.
    await insert({ createdAt: minutesAgo(3), attempts: 2, lastError: 'timeout' });
    await insert({ createdAt: minutesAgo(90), failedAt: minutesAgo(20), attempts: 8 });
    await insert({ createdAt: minutesAgo(120), sentAt: minutesAgo(119), body: null });
    expect(await outboxes.stats(now)).toEqual({ pending: 2, dead: 1, oldestPendingAgeMs: 7 * 60_000 });
  });

  it('puts a dead message back in the queue, due now and its tries counted afresh; only a dead one', async () => {
    const dead = await insert({ attempts: 8, failedAt: minutesAgo(5), lastError: 'timeout' });
    const waiting = await insert({ attempts: 1 });
    const sent = await insert({ sentAt: minutesAgo(1), body: null });
    expect(await outboxes.lockDead(waiting.id)).toBeUndefined();
    expect(await outboxes.lockDead(sent.id)).toBeUndefined();
    expect(await outboxes.requeueDead(waiting.id, now)).toBe(false);
    expect(await outboxes.requeueDead(sent.id, now)).toBe(false);

    expect((await outboxes.lockDead(dead.id))?.body).toBe('Your receipt');
    expect(await outboxes.requeueDead(dead.id, now)).toBe(true);
    const [requeued] = await database.db.select().from(outbox).where(eq(outbox.id, dead.id));
    expect(requeued).toMatchObject({ attempts: 0, failedAt: null, nextAttemptAt: now, body: 'Your receipt' });
    expect(await outboxes.stats(now)).toMatchObject({ pending: 2, dead: 0 });
    expect((await outboxes.claimDue(now, 10)).map((row) => row.id)).toContain(dead.id);
    // Waiting again, it is no longer dead: a second retry finds nothing to do.
    expect(await outboxes.requeueDead(dead.id, now)).toBe(false);
  });

  it('does not requeue a message given up on before dead messages kept their text', async () => {
    const bodiless = await insert({ attempts: 8, failedAt: minutesAgo(5), body: null });
    expect(await outboxes.lockDead(bodiless.id)).toMatchObject({ id: bodiless.id, body: null });
    expect(await outboxes.requeueDead(bodiless.id, now)).toBe(false);
  });
});

describe('pruning the outbox', () => {
  it('finds old sent and dead messages by their indexes, not by reading every message', async () => {
    const before = new Date(Date.UTC(2026, 10, 3));
    // Planned as if the outbox held millions: a table this small would be scanned whatever it has.
    const plan = await database.transaction(async () => {
      await database.db.execute(sql`set local enable_seqscan = off`);
      const explained = (await database.db.execute(
        sql`explain select ${outbox.id} from ${outbox}
          where (${outbox.sentAt} is not null and ${outbox.sentAt} < ${before})
             or (${outbox.failedAt} is not null and ${outbox.failedAt} < ${before})
          limit 5000`,
      )) as unknown as { rows: { 'QUERY PLAN': string }[] };
      return explained.rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('outbox_sent_idx');
    expect(plan).toContain('outbox_dead_idx');
    expect(plan).not.toMatch(/Seq Scan/);
  });
});

import { randomUUID } from 'node:crypto';
import type { ListOutboxResponse } from '@malewa/contracts/operator/list-outbox';
import { outbox as outboxTable } from '@malewa/db/schema/messages';
import { seedIfEmpty } from '@malewa/db/seed/seed-if-empty';
import type { TestDatabase } from '@malewa/db/testing/test-database';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp } from '#api/testing/accounts.ts';
import { createTestOutbox, type TestOutbox } from '#api/testing/outbox.ts';
import { buildTestApp, createFileDatabase } from '#api/testing/test-app.ts';

const NOW = new Date('2026-11-24T09:30:00Z');
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);

let database: TestDatabase;
let outbox: TestOutbox;
let app: FastifyInstance;
const people = {} as Record<'operator' | 'customer', Record<string, string>>;
const operatorEmail = 'outbox.operator@example.com';
const ids = {} as Record<'deadEmail' | 'deadSms' | 'waiting' | 'sent', string>;

beforeAll(async () => {
  database = await createFileDatabase();
  await seedIfEmpty(database.db);
  outbox = await createTestOutbox(database);
  app = await buildTestApp(database, { now: () => NOW });
  await app.ready();
  people.operator = bearer(await signUp(app, database, outbox, { identifier: operatorEmail, roles: ['operator'] }));
  people.customer = bearer(await signUp(app, database, outbox, { identifier: 'outbox.customer@example.com' }));
  // Everything the sign-ups queued, sent: the outbox holds only what this file puts there.
  await outbox.messagesTo('nobody');
  const message = { template: 'receipt', locale: 'en', subject: 'Your receipt' };
  const insert = async (values: Partial<typeof outboxTable.$inferInsert>) => {
    const [row] = await database.db
      .insert(outboxTable)
      .values({ channel: 'email', recipient: 'thandi.mokoena@example.com', ...message, body: 'Receipt 42', ...values })
      .returning({ id: outboxTable.id });
    if (!row) throw new Error('no row');
    return row.id;
  };
  ids.deadEmail = await insert({ attempts: 8, failedAt: minutesAgo(30), lastError: 'SMTP connection refused' });
  ids.deadSms = await insert({
    channel: 'sms',
    recipient: '+254712345678',
    template: 'confirm',
    attempts: 8,
    failedAt: minutesAgo(5),
    lastError: 'gateway answered 503',
    createdAt: minutesAgo(70),
  });
  // Waiting for its next try, far ahead: no delivery in this file sends it.
  ids.waiting = await insert({
    attempts: 2,
    createdAt: minutesAgo(10),
    nextAttemptAt: new Date(Date.now() + 24 * 60 * 60_000),
  });
  ids.sent = await insert({ sentAt: minutesAgo(1), body: null });
});

afterAll(async () => {
  await app?.close();
  await outbox?.destroy();
  await database?.destroy();
});

const list = (headers: Record<string, string>, query = '') =>
  app.inject({ method: 'GET', url: `/api/operator/outbox${query}`, headers });
const retry = (headers: Record<string, string>, id: string) =>
  app.inject({ method: 'POST', url: `/api/operator/outbox/${id}/retry`, headers });

describe('GET /api/operator/outbox', () => {
  it('is for operators only', async () => {
    expect((await list({})).statusCode).toBe(401);
    expect((await list(people.customer)).statusCode).toBe(403);
  });

  it('lists the dead, the latest given up on first, their recipients partly hidden, and the counts', async () => {
    const response = await list(people.operator);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<ListOutboxResponse>();
    expect(body.data).toEqual([
      {
        id: ids.deadSms,
        channel: 'sms',
        recipient: '+254•••••••78',
        template: 'confirm',
        attempts: 8,
        lastError: 'gateway answered 503',
        queuedAt: minutesAgo(70).toISOString(),
        givenUpAt: minutesAgo(5).toISOString(),
      },
      expect.objectContaining({
        id: ids.deadEmail,
        channel: 'email',
        recipient: 't•••@example.com',
        lastError: 'SMTP connection refused',
      }),
    ]);
    expect(body.meta).toEqual({ page: 1, perPage: 15, total: 2, totalPages: 1 });
    expect(body.counts).toEqual({ pending: 1, dead: 2, oldestPendingAgeMs: 10 * 60_000 });
    // Never the text, which may hold a code or a link.
    expect(response.body).not.toContain('Receipt 42');
    expect(response.body).not.toContain('thandi.mokoena');
  });

  it('pages', async () => {
    const body = (await list(people.operator, '?perPage=1&page=2')).json<ListOutboxResponse>();
    expect(body.data.map((message) => message.id)).toEqual([ids.deadEmail]);
    expect(body.meta).toMatchObject({ page: 2, totalPages: 2 });
  });
});

describe('POST /api/operator/outbox/{id}/retry', () => {
  it('is for operators only, and finds only a dead message', async () => {
    expect((await retry({}, ids.deadEmail)).statusCode).toBe(401);
    expect((await retry(people.customer, ids.deadEmail)).statusCode).toBe(403);
    for (const id of [randomUUID(), ids.waiting, ids.sent]) {
      expect((await retry(people.operator, id)).statusCode).toBe(404);
    }
    expect((await retry(people.operator, 'not-an-id')).statusCode).toBe(400);
    const [untouched] = await database.db.select().from(outboxTable).where(eq(outboxTable.id, ids.waiting));
    expect(untouched).toMatchObject({ attempts: 2, failedAt: null });
  });

  it('puts a dead message back in the queue, logs it, and the worker sends it once', async () => {
    const response = await retry(people.operator, ids.deadEmail);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: { id: ids.deadEmail, attempts: 0, nextAttemptAt: NOW.toISOString() } });
    // Twice (a second operator, a double click): it waits already.
    expect((await retry(people.operator, ids.deadEmail)).statusCode).toBe(404);
    expect((await list(people.operator)).json<ListOutboxResponse>().counts).toMatchObject({ pending: 2, dead: 1 });

    const logged = await app.inject({
      method: 'GET',
      url: `/api/operator/audit-log?subjectType=outbox_message&subjectId=${ids.deadEmail}`,
      headers: people.operator,
    });
    expect(logged.json<{ data: unknown[] }>().data).toEqual([
      expect.objectContaining({
        action: 'outbox.retry',
        actor: expect.objectContaining({ label: operatorEmail }),
        before: {
          channel: 'email',
          template: 'receipt',
          attempts: 8,
          lastError: 'SMTP connection refused',
          givenUpAt: minutesAgo(30).toISOString(),
        },
        after: { attempts: 0, nextAttemptAt: NOW.toISOString() },
      }),
    ]);

    const sent = await outbox.messagesTo('thandi.mokoena@example.com');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain('Receipt 42');
    expect(await outbox.messagesTo('thandi.mokoena@example.com')).toHaveLength(1);
    expect((await list(people.operator)).json<ListOutboxResponse>().data.map((message) => message.id)).toEqual([
      ids.deadSms,
    ]);
  });
});

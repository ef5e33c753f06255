import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { providerMembers } from '@malewa/db/schema/catalog';
import { outbox as outboxTable } from '@malewa/db/schema/messages';
import { notifications } from '@malewa/db/schema/notifications';
import { seedCatalogIfEmpty } from '@malewa/db/seed/seed-catalog';
import { seedIfEmpty } from '@malewa/db/seed/seed-if-empty';
import { createTestDatabase, type TestDatabase } from '@malewa/db/testing/test-database';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createInProcessBus } from '#api/events/event-bus.ts';
import { bearer, signUp } from '#api/testing/accounts.ts';
import { openEventStream } from '#api/testing/event-stream.ts';
import { type KitchenMeal, openAroundTheClock, placeOrderOf, twoKitchensNearby } from '#api/testing/orders.ts';
import { createTestOutbox, type TestOutbox } from '#api/testing/outbox.ts';
import { startApiProcess } from '#api/testing/process.ts';
import { fakeBrowserKeys } from '#api/testing/push-service.ts';
import { redisIsUp, TEST_REDIS_URL } from '#api/testing/redis.ts';
import { buildTestApp, createSeededDatabase } from '#api/testing/test-app.ts';

/** The moves among a stream's events (it also carries the delivery's, the rider's position, the chat). */
const movesOf = <E extends { event: string }>(events: E[]) => events.filter((event) => event.event === 'status');
const statusesOf = (events: { event: string; data: string }[]) =>
  movesOf(events).map((event) => JSON.parse(event.data).status);

describe('an order’s live stream', () => {
  let database: TestDatabase;
  let outbox: TestOutbox;
  let app: FastifyInstance;
  let port: number;
  let kitchen: KitchenMeal;
  let shopper: Record<string, string>;
  let cook: Record<string, string>;

  beforeAll(async () => {
    database = await createSeededDatabase({ openAllDay: true });
    outbox = await createTestOutbox(database);
    app = await buildTestApp(database, { events: createInProcessBus() });
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as AddressInfo).port;
    [kitchen] = await twoKitchensNearby(database);
    shopper = {
      ...bearer(await signUp(app, database, outbox, { identifier: 'live@example.com' })),
      'x-store-id': 'KE',
    };
    const cookSession = await signUp(app, database, outbox, {
      identifier: 'live.cook@example.com',
      roles: ['provider'],
    });
    await database.db.insert(providerMembers).values({ providerId: kitchen.providerId, userId: cookSession.user.id });
    cook = bearer(cookSession);
  });

  afterAll(async () => {
    await app?.close();
    await database?.destroy();
  });

  it('sends the moves so far, then each move as it happens, and resumes after Last-Event-ID', async () => {
    const order = await placeOrderOf(app, shopper, kitchen);
    const stream = openEventStream(port, `/api/orders/${order.id}/events`, shopper);
    await stream.opened;
    expect(stream.status).toBe(200);
    expect(stream.contentType).toMatch(/^text\/event-stream/);
    const [placed] = await stream.waitFor(1);
    expect(placed?.event).toBe('status');
    expect(JSON.parse(placed?.data ?? '{}')).toMatchObject({ status: 'placed' });

    const accepted = await app.inject({
      method: 'POST',
      url: `/api/provider/orders/${order.id}/accept`,
      headers: cook,
      payload: { prepMinutes: 25 },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    await app.inject({
      method: 'POST',
      url: `/api/provider/orders/${order.id}/advance`,
      headers: cook,
      payload: { to: 'preparing' },
    });
    // The three moves, and the delivery's change when the accepted order's job was made.
    expect(statusesOf(await stream.waitFor(4))).toEqual(['placed', 'accepted', 'preparing']);
    expect(stream.events.filter((event) => event.event === 'delivery')).toHaveLength(1);
    stream.close();

    // Gone while the order moved on: back with the last id it saw, it gets what it missed.
    const seen = movesOf(stream.events)[1]?.id ?? '';
    await app.inject({
      method: 'POST',
      url: `/api/provider/orders/${order.id}/advance`,
      headers: cook,
      payload: { to: 'ready' },
    });
    const resumed = openEventStream(port, `/api/orders/${order.id}/events`, { ...shopper, 'last-event-id': seen });
    expect(statusesOf(await resumed.waitFor(2))).toEqual(['preparing', 'ready']);
    resumed.close();
    const ids = movesOf([...stream.events, ...resumed.events]).map((event) => Number(event.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('is the shopper’s own: another shopper’s order is not found, and no one unsigned gets it', async () => {
    const order = await placeOrderOf(app, shopper, kitchen);
    const someone = bearer(await signUp(app, database, outbox, { identifier: 'nosy@example.com' }));
    const other = await app.inject({ method: 'GET', url: `/api/orders/${order.id}/events`, headers: someone });
    expect(other.statusCode).toBe(404);
    const anonymous = await app.inject({ method: 'GET', url: `/api/orders/${order.id}/events` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('rings a shop’s boards: a new order at once, then its moves; a move on one board reaches the other', async () => {
    const url = `/api/provider/orders/events?shop=${kitchen.providerId}`;
    const phone = openEventStream(port, url, cook);
    const counter = openEventStream(port, url, cook);
    await Promise.all([phone.opened, counter.opened]);
    expect(phone.status).toBe(200);
    expect(phone.contentType).toMatch(/^text\/event-stream/);

    const order = await placeOrderOf(app, shopper, kitchen);
    const [placed] = await phone.waitFor(1);
    expect(placed?.event).toBe('order');
    expect(JSON.parse(placed?.data ?? '{}')).toMatchObject({ orderId: order.id, status: 'placed' });

    // Accepted "on the phone": the counter's board hears it.
    await app.inject({
      method: 'POST',
      url: `/api/provider/orders/${order.id}/accept`,
      headers: cook,
      payload: { prepMinutes: 20 },
    });
    const heard = (await counter.waitFor(2)).map((event) => JSON.parse(event.data));
    expect(heard).toEqual([
      expect.objectContaining({ orderId: order.id, status: 'placed' }),
      expect.objectContaining({ orderId: order.id, status: 'accepted' }),
    ]);
    phone.close();
    counter.close();
  });

  it('tells a board to look again when a chat message comes, though no order moved', async () => {
    const order = await placeOrderOf(app, shopper, kitchen);
    const board = openEventStream(port, `/api/provider/orders/events?shop=${kitchen.providerId}`, cook);
    await board.opened;
    const sent = await app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/messages`,
      headers: shopper,
      payload: { quickReply: 'call-me' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const [activity] = await board.waitFor(1);
    expect(activity).toMatchObject({ event: 'activity', id: '' });
    board.close();
  });

  it('is a board of the caller’s own shops: another shop is not found, a shopper is refused', async () => {
    const [, other] = await twoKitchensNearby(database);
    const theirs = await app.inject({
      method: 'GET',
      url: `/api/provider/orders/events?shop=${other?.providerId}`,
      headers: cook,
    });
    expect(theirs.statusCode).toBe(404);
    const shopperAsks = await app.inject({
      method: 'GET',
      url: `/api/provider/orders/events?shop=${kitchen.providerId}`,
      headers: shopper,
    });
    expect(shopperAsks.statusCode).toBe(403);
  });

  it('is in the OpenAPI document', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    expect(document.paths['/api/orders/{id}/events']?.get?.responses['200']).toBeDefined();
  });
});

// Two API processes on one PostgreSQL and one Redis: a move made through one reaches a live
// page served by the other, through Redis, long before the stream's own recheck (10 s).
const adminUrl = inject('testDatabaseUrl');
const redisUrl = TEST_REDIS_URL;

describe.runIf(adminUrl && (await redisIsUp()))(
  'two API processes sharing Redis (needs PostgreSQL: TEST_DATABASE_URL, and Redis at 127.0.0.1:6379)',
  () => {
    let database: TestDatabase;
    let app: FastifyInstance;
    const children: ChildProcess[] = [];

    beforeAll(async () => {
      database = await createTestDatabase(adminUrl);
      await seedIfEmpty(database.db);
      await seedCatalogIfEmpty(database.db);
      await openAroundTheClock(database);
      app = await buildTestApp(database);
      await app.ready();
    });

    afterAll(async () => {
      for (const child of children) {
        if (child.exitCode === null && child.signalCode === null) {
          child.kill('SIGTERM');
          await once(child, 'exit');
        }
      }
      await app?.close();
      await database?.destroy();
    });

    it('carries a move made through one process to the stream of the other', async () => {
      const url = database.url;
      if (!url) throw new Error('the test database has no URL');
      const outbox = await createTestOutbox(database);
      const session = await signUp(app, database, outbox, { identifier: 'two.processes@example.com' });
      const headers = { ...bearer(session), 'x-store-id': 'KE' };
      const [kitchen] = await twoKitchensNearby(database);
      const order = await placeOrderOf(app, headers, kitchen);

      const env = { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: `malewa-test-${process.pid}-${Date.now()}:` };
      const one = await startApiProcess(url, env);
      const two = await startApiProcess(url, env);
      children.push(one.server, two.server);

      const stream = openEventStream(two.port, `/api/orders/${order.id}/events`, headers);
      expect(statusesOf(await stream.waitFor(1))).toEqual(['placed']);
      const cancelled = await fetch(`http://127.0.0.1:${one.port}/api/orders/${order.id}/cancel`, {
        method: 'POST',
        headers,
      });
      expect(cancelled.status).toBe(200);
      // Well inside the recheck: it came through Redis.
      expect(statusesOf(await stream.waitFor(2, 5000))).toEqual(['placed', 'cancelled']);
      stream.close();
    });

    it('tells a step once when both processes are told it at the same moment: one bell, one email, one push', async () => {
      const url = database.url;
      if (!url) throw new Error('the test database has no URL');
      const outbox = await createTestOutbox(database);
      const session = await signUp(app, database, outbox, { identifier: 'told.once@example.com' });
      const headers = { ...bearer(session), 'x-store-id': 'KE' };
      const browser = fakeBrowserKeys();
      // A push service nobody listens on: the processes' workers try, fail and retry; the rows stay one.
      const subscribed = await app.inject({
        method: 'POST',
        url: '/api/account/push-subscriptions',
        headers,
        payload: { endpoint: 'https://127.0.0.1:9/push/once', keys: { p256dh: browser.p256dh, auth: browser.auth } },
      });
      expect(subscribed.statusCode).toBe(201);
      const [kitchen] = await twoKitchensNearby(database);
      const order = await placeOrderOf(app, headers, kitchen);

      const env = { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: `malewa-test-${process.pid}-${Date.now()}:` };
      const one = await startApiProcess(url, env);
      const two = await startApiProcess(url, env);
      children.push(one.server, two.server);
      const cancel = (port: number) =>
        fetch(`http://127.0.0.1:${port}/api/orders/${order.id}/cancel`, { method: 'POST', headers });
      const answers = await Promise.all([cancel(one.port), cancel(two.port), cancel(one.port), cancel(two.port)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409]);

      const bell = await database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, session.user.id), eq(notifications.dedupeKey, `cancelled:${order.id}`)));
      expect(bell).toHaveLength(1);
      const pushId = subscribed.json().data.id;
      const told = (
        await database.db.select().from(outboxTable).where(eq(outboxTable.template, 'order-cancelled'))
      ).filter((row) => row.recipient === 'told.once@example.com' || row.recipient === pushId);
      expect(told.map((row) => `${row.channel}:${row.recipient}`).sort()).toEqual([
        'email:told.once@example.com',
        `push:${pushId}`,
      ]);
    });
  },
);

import type { OrderChat } from '@malewa/contracts/orders/list-order-messages';
import type { Order } from '@malewa/contracts/orders/order';
import type { OrderMessage } from '@malewa/contracts/orders/order-message';
import { providerMembers } from '@malewa/db/schema/catalog';
import { deliveryJobs, riders } from '@malewa/db/schema/delivery';
import { orderEvents, orders } from '@malewa/db/schema/orders';
import { orderProblems } from '@malewa/db/schema/problems';
import { seedCatalogIfEmpty } from '@malewa/db/seed/seed-catalog';
import { seedIfEmpty } from '@malewa/db/seed/seed-if-empty';
import type { TestDatabase } from '@malewa/db/testing/test-database';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInProcessBus } from '#api/events/event-bus.ts';
import { orderChannel, shopChannel } from '#api/events/order-moves.ts';
import { bearer, signUp } from '#api/testing/accounts.ts';
import { type KitchenMeal, openAroundTheClock, placeOrderOf, twoKitchensNearby } from '#api/testing/orders.ts';
import { createTestOutbox, type TestOutbox } from '#api/testing/outbox.ts';
import { buildTestApp, createFileDatabase } from '#api/testing/test-app.ts';
import { createChatRepository } from './chat-repository.ts';

const HOUR = 3_600_000;
// The API's clock, pinned: the real time, as order events' own times are.
const now = new Date();
const bus = createInProcessBus();

let database: TestDatabase;
let outbox: TestOutbox;
let app: FastifyInstance;
let kitchen: KitchenMeal;
type Who = 'shopper' | 'other' | 'cook' | 'otherCook' | 'rider' | 'operator' | 'chatty';
const people = {} as Record<Who, Record<string, string>>;
const ids = {} as Record<Who, string>;
let riderId: string;

beforeAll(async () => {
  database = await createFileDatabase();
  await seedIfEmpty(database.db);
  await seedCatalogIfEmpty(database.db, { now });
  await openAroundTheClock(database);
  outbox = await createTestOutbox(database);
  app = await buildTestApp(database, { now: () => now, events: bus });
  await app.ready();
  let otherKitchen: KitchenMeal;
  [kitchen, otherKitchen] = await twoKitchensNearby(database);
  const person = async (who: Who, name: string, roles: ('provider' | 'operator' | 'rider')[] = []) => {
    const session = await signUp(app, database, outbox, { identifier: `chat.${who}@example.com`, name, roles });
    people[who] = { ...bearer(session), 'x-store-id': 'KE' };
    ids[who] = session.user.id;
  };
  await person('shopper', 'Zawadi Neema');
  await person('other', 'Otieno');
  await person('cook', 'Baraka', ['provider']);
  await person('otherCook', 'Wanjiku', ['provider']);
  await person('rider', 'Kamau', ['rider']);
  await person('operator', 'Achieng', ['operator']);
  await person('chatty', 'Juma');
  await database.db.insert(providerMembers).values([
    { providerId: kitchen.providerId, userId: ids.cook },
    { providerId: otherKitchen.providerId, userId: ids.otherCook },
  ]);
  const [rider] = await database.db
    .insert(riders)
    .values({ userId: ids.rider, shopId: kitchen.providerId, vehicle: 'motorbike' })
    .returning({ id: riders.id });
  riderId = rider?.id ?? '';
});

afterAll(async () => {
  await app?.close();
  await outbox?.destroy();
  await database?.destroy();
  await bus.close();
});

const read = (orderId: string, who: Who, query = '') =>
  app.inject({ method: 'GET', url: `/api/orders/${orderId}/messages${query}`, headers: people[who] });
const send = (orderId: string, who: Who, payload: object) =>
  app.inject({ method: 'POST', url: `/api/orders/${orderId}/messages`, headers: people[who], payload });
const chatOf = async (orderId: string, who: Who) => {
  const response = await read(orderId, who);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: OrderChat }>().data;
};

/** Ends the order as its shop or shopper would have, at `at`. */
async function end(order: Order, status: 'delivered' | 'cancelled', at = now) {
  await database.db
    .update(orders)
    .set({ status, deliveredAt: status === 'delivered' ? at : null })
    .where(eq(orders.id, order.id));
  await database.db.insert(orderEvents).values({ orderId: order.id, status, createdAt: at });
}

describe('the order chat', () => {
  it('carries texts and quick replies between the shopper and the shop, named by their part', async () => {
    const order = await placeOrderOf(app, people.shopper, kitchen);
    const heard: string[] = [];
    const stopOrder = await bus.subscribe(orderChannel(order.id), (message) => heard.push(`order:${message}`));
    const stopShop = await bus.subscribe(shopChannel(kitchen.providerSlug), (message) => heard.push(`shop:${message}`));

    const text = await send(order.id, 'shopper', { body: '  Blue gate, opposite the church  ' });
    expect(text.statusCode, text.body).toBe(201);
    const written = text.json<{ data: OrderMessage }>().data;
    expect(written).toMatchObject({
      author: 'shopper',
      authorName: 'Zawadi',
      body: 'Blue gate, opposite the church',
      quickReply: null,
    });
    expect(heard).toEqual(['order:message', 'shop:message']);
    await stopOrder();
    await stopShop();

    expect((await send(order.id, 'shopper', { quickReply: 'call-me' })).statusCode).toBe(201);
    const answer = await send(order.id, 'cook', { body: 'On it!' });
    expect(answer.statusCode, answer.body).toBe(201);

    const chat = await chatOf(order.id, 'cook');
    expect(chat.as).toBe('shop');
    expect(chat.writable).toBe(true);
    expect(chat.writableUntil).toBeNull();
    expect(chat.messages.map((message) => [message.author, message.body, message.quickReply])).toEqual([
      ['shopper', 'Blue gate, opposite the church', null],
      ['shopper', null, 'call-me'],
      ['shop', 'On it!', null],
    ]);
    expect(chat.messages[2]?.authorName).toBe(order.provider.name);
    const seqs = chat.messages.map((message) => message.seq);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);

    // A page that has the first message asks only for what came after it.
    const after = (await read(order.id, 'shopper', `?after=${seqs[0]}`)).json<{ data: OrderChat }>().data;
    expect(after.as).toBe('shopper');
    expect(after.messages.map((message) => message.seq)).toEqual(seqs.slice(1));
  });

  it('refuses empty, long and mixed messages, and unknown quick replies', async () => {
    const order = await placeOrderOf(app, people.shopper, kitchen);
    for (const payload of [
      { body: '   ' },
      { body: 'x'.repeat(501) },
      { body: 'hi', quickReply: 'call-me' },
      { quickReply: 'bring-beer' },
      {},
      { body: 'a\u0000b' },
    ]) {
      expect((await send(order.id, 'shopper', payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await send(order.id, 'shopper', { body: 'x'.repeat(500) })).statusCode).toBe(201);
    expect((await send(order.id, 'shopper', { body: 'line one\nline two' })).statusCode).toBe(201);
  });

  it('is a 404 for anyone with no part in the order, and for no order at all', async () => {
    const order = await placeOrderOf(app, people.shopper, kitchen);
    for (const who of ['other', 'otherCook', 'rider', 'operator'] as const) {
      expect((await read(order.id, who)).statusCode, who).toBe(404);
      expect((await send(order.id, who, { body: 'hello?' })).statusCode, who).toBe(404);
    }
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await read(missing, 'shopper')).statusCode).toBe(404);
    expect((await send(missing, 'shopper', { body: 'hello?' })).statusCode).toBe(404);
    const anonymous = await app.inject({ method: 'GET', url: `/api/orders/${order.id}/messages` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lets in the rider once they took the job, under their first name', async () => {
    const order = await placeOrderOf(app, people.shopper, kitchen);
    await database.db
      .insert(deliveryJobs)
      .values({ orderId: order.id, shopId: kitchen.providerId, status: 'searching', createdAt: now });
    expect((await read(order.id, 'rider')).statusCode).toBe(404);

    await database.db
      .update(deliveryJobs)
      .set({ status: 'assigned', riderId, assignedAt: now })
      .where(eq(deliveryJobs.orderId, order.id));
    const sent = await send(order.id, 'rider', { quickReply: 'on-my-way' });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json<{ data: OrderMessage }>().data).toMatchObject({ author: 'rider', authorName: 'Kamau' });
    expect((await chatOf(order.id, 'rider')).as).toBe('rider');
    expect((await chatOf(order.id, 'shopper')).messages.at(-1)?.quickReply).toBe('on-my-way');

    // A job the rider gave back (cancelled) no longer lets them in.
    await database.db.update(deliveryJobs).set({ status: 'cancelled' }).where(eq(deliveryJobs.orderId, order.id));
    expect((await read(order.id, 'rider')).statusCode).toBe(404);
  });

  it('lets operators read, never write, once a problem was reported', async () => {
    const order = await placeOrderOf(app, people.shopper, kitchen);
    expect((await send(order.id, 'shopper', { body: 'The bag was torn' })).statusCode).toBe(201);
    expect((await read(order.id, 'operator')).statusCode).toBe(404);
    await end(order, 'delivered');
    await database.db.insert(orderProblems).values({
      orderId: order.id,
      userId: ids.shopper,
      providerId: kitchen.providerId,
      note: 'Torn bag',
      reportedAt: now,
    });
    const chat = await chatOf(order.id, 'operator');
    expect(chat).toMatchObject({ as: 'operator', writable: false });
    expect(chat.messages.map((message) => message.body)).toEqual(['The bag was torn']);
    expect((await send(order.id, 'operator', { body: 'Looking into it' })).statusCode).toBe(403);
  });

  it('takes messages until a day after the order ended, and stays readable', async () => {
    // The clock stays (sessions expire with it); the orders end earlier instead.
    const delivered = await placeOrderOf(app, people.shopper, kitchen);
    const cancelled = await placeOrderOf(app, people.shopper, kitchen);
    await end(delivered, 'delivered', new Date(now.getTime() - 23 * HOUR));
    await end(cancelled, 'cancelled', new Date(now.getTime() - 23 * HOUR));
    for (const order of [delivered, cancelled]) {
      expect((await chatOf(order.id, 'shopper')).writableUntil).toBe(new Date(now.getTime() + HOUR).toISOString());
    }
    expect((await send(delivered.id, 'shopper', { quickReply: 'thank-you' })).statusCode).toBe(201);
    expect((await send(cancelled.id, 'cook', { body: 'Sorry about today' })).statusCode).toBe(201);

    const late = new Date(now.getTime() - 24 * HOUR - 60_000);
    await database.db.update(orders).set({ deliveredAt: late }).where(eq(orders.id, delivered.id));
    await database.db.update(orderEvents).set({ createdAt: late }).where(eq(orderEvents.orderId, cancelled.id));
    for (const order of [delivered, cancelled]) {
      const refused = await send(order.id, 'shopper', { body: 'One more thing' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ errors: { message: expect.stringContaining('closed') } });
      const chat = await chatOf(order.id, 'shopper');
      expect(chat.writable).toBe(false);
      expect(chat.messages).toHaveLength(1);
    }
  });

  it('stops a writer after 20 messages a minute, saying when to try again', async () => {
    const order = await placeOrderOf(app, people.chatty, kitchen);
    for (let n = 1; n <= 20; n += 1) {
      const sent = await send(order.id, 'chatty', { body: `message ${n}` });
      expect(sent.statusCode, sent.body).toBe(201);
    }
    const refused = await send(order.id, 'chatty', { body: 'one too many' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await chatOf(order.id, 'chatty')).messages).toHaveLength(20);
    // The shop's own pace is its own.
    expect((await send(order.id, 'cook', { body: 'Received, thank you' })).statusCode).toBe(201);
  });

  it('gives the live stream what came after a sequence number, and the last one', async () => {
    const chat = createChatRepository(database.db);
    const order = await placeOrderOf(app, people.shopper, kitchen);
    expect(await chat.lastSeq(order.id)).toBe(0);
    expect(await chat.messagesAfter(order.id, 0)).toEqual([]);
    const first = (await send(order.id, 'shopper', { body: 'first' })).json<{ data: OrderMessage }>().data;
    const second = (await send(order.id, 'cook', { quickReply: 'running-late' })).json<{ data: OrderMessage }>().data;
    expect(await chat.lastSeq(order.id)).toBe(second.seq);
    expect(await chat.messagesAfter(order.id, 0)).toEqual([first, second]);
    expect(await chat.messagesAfter(order.id, first.seq)).toEqual([second]);
  });
});

import { randomUUID } from 'node:crypto';
import { ADVANCED_STATUSES } from '@malewa/contracts/orders/order';
import { providerMembers } from '@malewa/db/schema/catalog';
import { outbox } from '@malewa/db/schema/messages';
import { notifications } from '@malewa/db/schema/notifications';
import type { TestDatabase } from '@malewa/db/testing/test-database';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNotificationsRepository } from '#api/features/notifications/notifications-repository.ts';
import { createPushRepository } from '#api/features/notifications/push-repository.ts';
import { createOutboxRepository } from '#api/messages/outbox-repository.ts';
import { bearer, signUp } from '#api/testing/accounts.ts';
import { type KitchenMeal, placeOrderOf, twoKitchensNearby } from '#api/testing/orders.ts';
import { createTestOutbox, type TestOutbox } from '#api/testing/outbox.ts';
import { fakeBrowserKeys } from '#api/testing/push-service.ts';
import { buildTestApp, createSeededDatabase } from '#api/testing/test-app.ts';
import { sendNotices } from './send-notices.ts';

let database: TestDatabase;
let testOutbox: TestOutbox;
let app: FastifyInstance;
let kitchen: KitchenMeal;
let shopper: { headers: Record<string, string>; id: string; push: string };
let phoneShopper: { headers: Record<string, string>; id: string };
let cook: { headers: Record<string, string>; id: string; push: string };

async function subscribe(headers: Record<string, string>, endpoint: string): Promise<string> {
  const browser = fakeBrowserKeys();
  const answer = await app.inject({
    method: 'POST',
    url: '/api/account/push-subscriptions',
    headers,
    payload: { endpoint, keys: { p256dh: browser.p256dh, auth: browser.auth } },
  });
  if (answer.statusCode !== 201) throw new Error(answer.body);
  return answer.json().data.id;
}

beforeAll(async () => {
  database = await createSeededDatabase({ openAllDay: true });
  testOutbox = await createTestOutbox(database);
  app = await buildTestApp(database);
  [kitchen] = await twoKitchensNearby(database);
  const shopperSession = await signUp(app, database, testOutbox, { identifier: 'told@example.com', locale: 'fr' });
  const shopperHeaders = { ...bearer(shopperSession), 'x-store-id': 'KE' };
  shopper = {
    headers: shopperHeaders,
    id: shopperSession.user.id,
    push: await subscribe(shopperHeaders, 'https://push.example.net/send/shopper'),
  };
  const phoneSession = await signUp(app, database, testOutbox, {
    identifier: '+254712000222',
    market: 'KE',
    locale: 'sw',
  });
  phoneShopper = { headers: { ...bearer(phoneSession), 'x-store-id': 'KE' }, id: phoneSession.user.id };
  const cookSession = await signUp(app, database, testOutbox, {
    identifier: 'told.cook@example.com',
    roles: ['provider'],
  });
  await database.db.insert(providerMembers).values({ providerId: kitchen.providerId, userId: cookSession.user.id });
  cook = {
    headers: bearer(cookSession),
    id: cookSession.user.id,
    push: await subscribe(bearer(cookSession), 'https://push.example.net/send/cook'),
  };
});

afterAll(async () => {
  await app?.close();
  await database?.destroy();
  await testOutbox?.destroy();
});

const bellOf = (userId: string, dedupeKey: string) =>
  database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.dedupeKey, dedupeKey)));
const messagesOf = (template: string, recipient: string) =>
  database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.template, template), eq(outbox.recipient, recipient)));

describe('an order’s steps, told', () => {
  it('tell the shop’s people of a new order: the bell, an email and each phone with push', async () => {
    const order = await placeOrderOf(app, shopper.headers, kitchen);
    const [bell] = await bellOf(cook.id, `new-order:${order.id}`);
    expect(bell).toMatchObject({ kind: 'new-order', params: { orderId: order.id, shop: order.provider.name } });
    const [email] = await messagesOf('new-order', 'told.cook@example.com');
    expect(email?.channel).toBe('email');
    expect(email?.body).toContain(order.id.slice(0, 8).toUpperCase());
    expect(email?.body).toContain('http://shop.test/provider/orders');
    const [push] = await messagesOf('new-order', cook.push);
    expect(push?.channel).toBe('push');
    expect(JSON.parse(push?.body ?? '{}')).toMatchObject({ title: 'New order', url: '/provider/orders' });
  });

  it('tell the shopper of a rejection in their language, by email and push, linking to the order', async () => {
    const order = await placeOrderOf(app, shopper.headers, kitchen);
    const rejected = await app.inject({
      method: 'POST',
      url: `/api/provider/orders/${order.id}/reject`,
      headers: cook.headers,
      payload: { reason: 'Out of charcoal tonight' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const [bell] = await bellOf(shopper.id, `rejected:${order.id}`);
    expect(bell).toMatchObject({ kind: 'order-rejected', params: { orderId: order.id, shop: order.provider.name } });
    const [email] = await messagesOf('order-rejected', 'told@example.com');
    expect(email).toMatchObject({
      channel: 'email',
      locale: 'fr',
      subject: `Commande refusée · ${order.id.slice(0, 8).toUpperCase()}`,
    });
    expect(email?.body).toContain(`${order.provider.name} n’a pas pu prendre votre commande`);
    expect(email?.body).toContain(`http://shop.test/fr/account/orders/${order.id}`);
    const [push] = await messagesOf('order-rejected', shopper.push);
    expect(JSON.parse(push?.body ?? '{}')).toEqual({
      title: 'Commande refusée',
      body: expect.stringContaining(order.provider.name),
      url: `/fr/account/orders/${order.id}`,
      tag: `order:${order.id}`,
    });
    // A cash order with no credit spent: nothing to give back, nothing said about it.
    expect(await bellOf(shopper.id, `refunded:${order.id}`)).toEqual([]);
  });

  it('tell the shopper that the shop took it out, with the delivery code, and that it arrived', async () => {
    const order = await placeOrderOf(app, shopper.headers, kitchen);
    const move = (verb: string, payload?: object) =>
      app.inject({ method: 'POST', url: `/api/provider/orders/${order.id}/${verb}`, headers: cook.headers, payload });
    expect((await move('accept', { prepMinutes: 20 })).statusCode).toBe(200);
    for (const to of ADVANCED_STATUSES.slice(0, 3)) expect((await move('advance', { to })).statusCode).toBe(200);
    const [pickedUp] = await bellOf(shopper.id, `picked-up:${order.id}`);
    expect(pickedUp?.kind).toBe('order-picked-up');
    expect(pickedUp?.params.code).toMatch(/^\d{4}$/);
    const [push] = await messagesOf('order-picked-up', shopper.push);
    expect(JSON.parse(push?.body ?? '{}').body).toContain(pickedUp?.params.code);
    expect((await move('advance', { to: 'delivered' })).statusCode).toBe(200);
    expect(await bellOf(shopper.id, `delivered:${order.id}`)).toHaveLength(1);
    const [email] = await messagesOf('order-delivered', 'told@example.com');
    expect(email?.subject).toBe(`Commande livrée · ${order.id.slice(0, 8).toUpperCase()}`);
  });

  it('tell a shopper with a phone number by SMS, in Swahili', async () => {
    const order = await placeOrderOf(app, phoneShopper.headers, kitchen);
    const cancelled = await app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/cancel`,
      headers: phoneShopper.headers,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await bellOf(phoneShopper.id, `cancelled:${order.id}`)).toHaveLength(1);
    const [sms] = await messagesOf('order-cancelled', '+254712000222');
    expect(sms).toMatchObject({ channel: 'sms', locale: 'sw' });
    expect(sms?.body).toBe(
      `Malewa: Oda yako ${order.id.slice(0, 8).toUpperCase()} kutoka ${order.provider.name} imeghairiwa. ` +
        `http://shop.test/sw/account/orders/${order.id}`,
    );
  });

  it('tell only the bell when the shopper turned the other channels off', async () => {
    await app.inject({
      method: 'PUT',
      url: '/api/account/notification-preferences',
      headers: phoneShopper.headers,
      payload: { email: false, sms: false, push: false },
    });
    const order = await placeOrderOf(app, phoneShopper.headers, kitchen);
    await app.inject({ method: 'POST', url: `/api/orders/${order.id}/cancel`, headers: phoneShopper.headers });
    expect(await bellOf(phoneShopper.id, `cancelled:${order.id}`)).toHaveLength(1);
    const all = await database.db.select().from(outbox).where(eq(outbox.template, 'order-cancelled'));
    expect(all.filter((row) => row.body?.includes(order.id.slice(0, 8).toUpperCase()))).toEqual([]);
  });
});

describe('sendNotices', () => {
  const deps = () => ({
    notices: createNotificationsRepository(database.db),
    push: createPushRepository(database.db),
    outbox: createOutboxRepository(database.db),
    publicOrigin: 'http://shop.test',
  });
  const notice = (orderId: string) => ({
    userId: shopper.id,
    kind: 'order-delivered' as const,
    params: { orderId, shop: 'Mama Wanjiku' },
    dedupeKey: `delivered:${orderId}`,
  });

  it('tells a step once, however often it is told', async () => {
    const orderId = randomUUID();
    await sendNotices(deps(), [notice(orderId)]);
    await sendNotices(deps(), [notice(orderId)]);
    await Promise.all([
      database.transaction(() => sendNotices(deps(), [notice(orderId)])),
      database.transaction(() => sendNotices(deps(), [notice(orderId)])),
    ]);
    expect(await bellOf(shopper.id, `delivered:${orderId}`)).toHaveLength(1);
    const told = await database.db.select().from(outbox).where(eq(outbox.template, 'order-delivered'));
    const ofThis = told.filter((row) => row.body?.includes(orderId));
    expect(ofThis.map((row) => row.channel).sort()).toEqual(['email', 'push']);
  });

  it('tells nothing when the step’s transaction rolls back', async () => {
    const orderId = randomUUID();
    await expect(
      database.transaction(async () => {
        await sendNotices(deps(), [notice(orderId)]);
        throw new Error('the step failed');
      }),
    ).rejects.toThrow('the step failed');
    expect(await bellOf(shopper.id, `delivered:${orderId}`)).toEqual([]);
    const told = await database.db.select().from(outbox).where(eq(outbox.template, 'order-delivered'));
    expect(told.filter((row) => row.body?.includes(orderId))).toEqual([]);
  });
});

import { notificationPreferences, pushSubscriptions } from '@malewa/db/schema/notifications';
import { seedIfEmpty } from '@malewa/db/seed/seed-if-empty';
import type { TestDatabase } from '@malewa/db/testing/test-database';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp } from '#api/testing/accounts.ts';
import { createTestOutbox, type TestOutbox } from '#api/testing/outbox.ts';
import { fakeBrowserKeys } from '#api/testing/push-service.ts';
import { buildTestApp, createFileDatabase } from '#api/testing/test-app.ts';

let database: TestDatabase;
let outbox: TestOutbox;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createFileDatabase();
  await seedIfEmpty(database.db);
  outbox = await createTestOutbox(database);
  app = await buildTestApp(database);
});

afterAll(async () => {
  await app?.close();
  await database?.destroy();
  await outbox?.destroy();
});

const URL = '/api/account/notification-preferences';
const SUBSCRIPTIONS = '/api/account/push-subscriptions';
const subscription = (endpoint: string, browser = fakeBrowserKeys()) => ({
  endpoint,
  keys: { p256dh: browser.p256dh, auth: browser.auth },
  expirationTime: null,
});

describe('notification preferences', () => {
  it('start from the account’s contacts: email for an address, SMS for a phone number, push on', async () => {
    const byEmail = bearer(await signUp(app, database, outbox, { identifier: 'prefs.email@example.com' }));
    const got = await app.inject({ method: 'GET', url: URL, headers: byEmail });
    expect(got.statusCode).toBe(200);
    const { data } = got.json();
    expect(data).toMatchObject({
      email: true,
      sms: false,
      push: true,
      reachable: { email: true, sms: false },
      pushDevices: 0,
    });
    expect(Buffer.from(data.pushKey, 'base64url')).toHaveLength(65);

    const byPhone = bearer(
      await signUp(app, database, outbox, { identifier: '+254712000111', market: 'KE', locale: 'sw' }),
    );
    const phone = (await app.inject({ method: 'GET', url: URL, headers: byPhone })).json().data;
    expect(phone).toMatchObject({ email: false, sms: true, push: true, reachable: { email: false, sms: true } });
    // Every process, every call: one key.
    expect(phone.pushKey).toBe(data.pushKey);
  });

  it('are the user’s to choose, and stay chosen', async () => {
    const session = await signUp(app, database, outbox, { identifier: 'prefs.choose@example.com' });
    const headers = bearer(session);
    const put = await app.inject({
      method: 'PUT',
      url: URL,
      headers,
      payload: { email: false, sms: true, push: false },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toMatchObject({
      email: false,
      sms: true,
      push: false,
      reachable: { email: true, sms: false },
    });
    expect((await app.inject({ method: 'GET', url: URL, headers })).json().data).toMatchObject({
      email: false,
      sms: true,
      push: false,
    });
    const [row] = await database.db
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, session.user.id));
    expect(row).toMatchObject({ email: false, sms: true, push: false });

    const bad = await app.inject({ method: 'PUT', url: URL, headers, payload: { email: 'yes' } });
    expect(bad.statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
  });
});

describe('push subscriptions', () => {
  it('register this browser, turn push on, and are removed by their endpoint', async () => {
    const session = await signUp(app, database, outbox, { identifier: 'push.sub@example.com' });
    const headers = bearer(session);
    await app.inject({ method: 'PUT', url: URL, headers, payload: { email: true, sms: false, push: false } });
    const endpoint = 'https://push.example.net/send/abc';
    const added = await app.inject({ method: 'POST', url: SUBSCRIPTIONS, headers, payload: subscription(endpoint) });
    expect(added.statusCode).toBe(201);
    expect(added.json().data.id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await app.inject({ method: 'GET', url: URL, headers })).json().data).toMatchObject({
      email: true,
      push: true,
      pushDevices: 1,
    });
    // The same browser again (new keys): still one.
    const again = await app.inject({ method: 'POST', url: SUBSCRIPTIONS, headers, payload: subscription(endpoint) });
    expect(again.json().data.id).toBe(added.json().data.id);

    const removed = await app.inject({ method: 'DELETE', url: SUBSCRIPTIONS, headers, payload: { endpoint } });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toEqual({ removed: true });
    expect((await app.inject({ method: 'GET', url: URL, headers })).json().data.pushDevices).toBe(0);
  });

  it('refuse what is not a push subscription', async () => {
    const headers = bearer(await signUp(app, database, outbox, { identifier: 'push.bad@example.com' }));
    for (const payload of [
      subscription('http://push.example.net/plain-http'),
      { endpoint: 'https://push.example.net/x', keys: { p256dh: 'short', auth: 'short' } },
      { endpoint: 'https://push.example.net/x' },
    ]) {
      const answer = await app.inject({ method: 'POST', url: SUBSCRIPTIONS, headers, payload });
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const anonymous = await app.inject({
      method: 'POST',
      url: SUBSCRIPTIONS,
      payload: subscription('https://push.example.net/anon'),
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('go to whoever signed in on the browser last; another account cannot remove them', async () => {
    const one = await signUp(app, database, outbox, { identifier: 'push.one@example.com' });
    const two = await signUp(app, database, outbox, { identifier: 'push.two@example.com' });
    const endpoint = 'https://push.example.net/send/shared-phone';
    await app.inject({ method: 'POST', url: SUBSCRIPTIONS, headers: bearer(one), payload: subscription(endpoint) });
    const notMine = await app.inject({
      method: 'DELETE',
      url: SUBSCRIPTIONS,
      headers: bearer(two),
      payload: { endpoint },
    });
    expect(notMine.json().data).toEqual({ removed: false });
    await app.inject({ method: 'POST', url: SUBSCRIPTIONS, headers: bearer(two), payload: subscription(endpoint) });
    const [row] = await database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
    expect(row?.userId).toBe(two.user.id);
  });

  it('are in the OpenAPI document', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    expect(Object.keys(document.paths['/api/account/notification-preferences'] ?? {}).sort()).toEqual(['get', 'put']);
    expect(Object.keys(document.paths['/api/account/push-subscriptions'] ?? {}).sort()).toEqual(['delete', 'post']);
  });
});

import { HEADER_NOTIFICATIONS, type Header } from '@malewa/contracts/account/get-header';
import type { TestDatabase } from '@malewa/db/testing/test-database';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp } from '#api/testing/accounts.ts';
import { kitchenMeals } from '#api/testing/orders.ts';
import { createTestOutbox, type TestOutbox } from '#api/testing/outbox.ts';
import { buildTestApp, createSeededDatabase } from '#api/testing/test-app.ts';

const NOW = new Date('2026-11-24T09:30:00Z');

let database: TestDatabase;
let outbox: TestOutbox;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createSeededDatabase({ now: NOW });
  outbox = await createTestOutbox(database);
  app = await buildTestApp(database, { now: () => NOW });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.destroy();
});

describe('the header in one answer', () => {
  it('says what the account, notifications and cart count reads say, for the market asked', async () => {
    const shopper = await signUp(app, database, outbox, { identifier: 'header.shopper@example.com' });
    const kenya = { ...bearer(shopper), 'x-store-id': 'KE' };
    const [meal] = await kitchenMeals(database);
    if (!meal) throw new Error('the seed has no plain Kenyan meal');
    const added = await app.inject({
      method: 'POST',
      url: '/api/carts/food/items',
      headers: kenya,
      payload: { item: meal.slug, quantity: 2 },
    });
    expect(added.statusCode, added.body).toBe(201);

    const response = await app.inject({ method: 'GET', url: '/api/account/header', headers: kenya });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const header = response.json<{ data: Header }>().data;

    const me = await app.inject({ method: 'GET', url: '/auth/user/me', headers: kenya });
    const notifications = await app.inject({
      method: 'GET',
      url: `/api/notifications?perPage=${HEADER_NOTIFICATIONS}`,
      headers: kenya,
    });
    const carts = await app.inject({ method: 'GET', url: '/api/carts', headers: kenya });
    expect(header.me).toEqual(me.json().data);
    expect(header.notifications).toEqual({
      data: notifications.json().data,
      unread: notifications.json().meta.unread,
    });
    // Signing up sent a welcome: the header has something to show.
    expect(header.notifications.data.length).toBeGreaterThan(0);
    expect(header.carts).toEqual(carts.json().data);
    expect(header.carts).toEqual({ lineCount: 1, services: [{ service: 'food', lineCount: 1 }] });

    // Carts are per market: in Rwanda the same shopper has none.
    const rwanda = await app.inject({
      method: 'GET',
      url: '/api/account/header',
      headers: { ...bearer(shopper), 'x-store-id': 'RW' },
    });
    expect(rwanda.json<{ data: Header }>().data.carts).toEqual({ lineCount: 0, services: [] });
  });

  it('is refused without a session; without a market it still says who, with no cart count', async () => {
    const anonymous = await app.inject({ method: 'GET', url: '/api/account/header', headers: { 'x-store-id': 'KE' } });
    expect(anonymous.statusCode).toBe(401);
    const shopper = await signUp(app, database, outbox, { identifier: 'header.nomarket@example.com' });
    for (const place of [{}, { 'x-store-location': '00000000-0000-4000-8000-000000000000' }]) {
      const nowhere = await app.inject({
        method: 'GET',
        url: '/api/account/header',
        headers: { ...bearer(shopper), ...place },
      });
      expect(nowhere.statusCode, nowhere.body).toBe(200);
      const header = nowhere.json<{ data: Header }>().data;
      expect(header.me.user.id).toBe(shopper.user.id);
      expect(header.carts).toBeNull();
    }
  });
});

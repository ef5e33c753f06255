import type { ShopSettings } from '@malewa/contracts/provider/shop-settings';
import { providerMembers } from '@malewa/db/schema/catalog';
import { seedCatalogIfEmpty } from '@malewa/db/seed/seed-catalog';
import { seedIfEmpty } from '@malewa/db/seed/seed-if-empty';
import type { TestDatabase } from '@malewa/db/testing/test-database';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp } from '../../testing/accounts.ts';
import { addressAt, enough, type KitchenMeal, twoKitchensNearby } from '../../testing/orders.ts';
import { createTestOutbox } from '../../testing/outbox.ts';
import { buildTestApp, createFileDatabase } from '../../testing/test-app.ts';

let database: TestDatabase;
let app: FastifyInstance;
let shop: KitchenMeal;
let other: KitchenMeal;
let cook: Record<string, string>;
let shopper: Record<string, string>;
const market = { 'x-store-id': 'KE' };
const url = () => `/api/provider/shops/${shop.providerId}/settings`;

beforeAll(async () => {
  database = await createFileDatabase();
  await seedIfEmpty(database.db);
  await seedCatalogIfEmpty(database.db);
  app = await buildTestApp(database);
  await app.ready();
  const outbox = await createTestOutbox(database);
  [shop, other] = await twoKitchensNearby(database);
  const account = await signUp(app, database, outbox, { identifier: 'settings.cook@example.com', roles: ['provider'] });
  await database.db.insert(providerMembers).values({ providerId: shop.providerId, userId: account.user.id });
  cook = { ...bearer(account), ...market };
  shopper = {
    ...bearer(await signUp(app, database, outbox, { identifier: 'settings.shopper@example.com' })),
    ...market,
  };
});

afterAll(async () => {
  await app?.close();
  await database?.destroy();
});

const current = async () =>
  (await app.inject({ method: 'GET', url: url(), headers: cook })).json<{ data: ShopSettings }>().data;
const put = (settings: ShopSettings) => app.inject({ method: 'PUT', url: url(), headers: cook, payload: settings });

describe('a shop’s settings', () => {
  it('are read in the shop’s currency and changed for the storefront at once', async () => {
    const read = await app.inject({ method: 'GET', url: url(), headers: cook });
    expect(read.statusCode).toBe(200);
    expect(read.json<{ data: { currency: string } }>().data.currency).toBe('KES');
    const { currency: _currency, ...settings } = (await current()) as ShopSettings & { currency: string };
    const changed = await put({ ...settings, minimumOrder: 150000, prepMinutes: 45, deliveryRadiusKm: 12 });
    expect(changed.statusCode, changed.body).toBe(200);
    const page = await app.inject({ method: 'GET', url: `/api/food/kitchens/${shop.providerSlug}`, headers: market });
    expect(page.json<{ data: { minimumOrder: { amount: number }; prepMinutes: number } }>().data).toMatchObject({
      minimumOrder: { amount: 150000 },
      prepMinutes: 45,
    });
    await put({ ...settings });
  });

  it('refuse free delivery below the minimum order, and hours that close before they open', async () => {
    const { currency: _currency, ...settings } = (await current()) as ShopSettings & { currency: string };
    const free = await put({ ...settings, minimumOrder: 50000, freeDeliveryAbove: 10000 });
    expect(free.statusCode).toBe(400);
    expect(Object.keys(free.json<{ errors: object }>().errors)).toContain('freeDeliveryAbove');
    const hours = await put({ ...settings, hours: [[[600, 540]], [], [], [], [], [], []] });
    expect(hours.statusCode).toBe(400);
  });

  it('paused, keep the shop listed but take no orders: items not to be had, adding refused, checkout refused', async () => {
    const added = await app.inject({
      method: 'POST',
      url: '/api/carts/food/items',
      headers: shopper,
      payload: { item: shop.slug, quantity: enough(shop) },
    });
    expect(added.statusCode, added.body).toBe(201);
    const { currency: _currency, ...settings } = (await current()) as ShopSettings & { currency: string };
    expect((await put({ ...settings, paused: true })).statusCode).toBe(200);

    const page = await app.inject({ method: 'GET', url: `/api/food/kitchens/${shop.providerSlug}`, headers: market });
    expect(page.statusCode).toBe(200);
    expect(page.json<{ data: { openNow: boolean } }>().data.openNow).toBe(false);
    const meal = await app.inject({ method: 'GET', url: `/api/food/meals/${shop.slug}`, headers: market });
    expect(meal.json<{ data: { available: boolean } }>().data.available).toBe(false);
    const adding = await app.inject({
      method: 'POST',
      url: '/api/carts/food/items',
      headers: shopper,
      payload: { item: shop.slug, quantity: 1 },
    });
    expect(adding.statusCode).toBe(409);
    const checkout = await app.inject({
      method: 'POST',
      url: '/api/carts/food/checkout',
      headers: { ...shopper, 'idempotency-key': 'paused-shop-checkout-0001' },
      payload: { address: addressAt(shop), payment: { method: 'cash' } },
    });
    expect(checkout.statusCode, checkout.body).toBe(422);

    expect((await put({ ...settings, paused: false })).statusCode).toBe(200);
    const again = await app.inject({ method: 'GET', url: `/api/food/meals/${shop.slug}`, headers: market });
    expect(again.json<{ data: { available: boolean } }>().data.available).toBe(true);
  });

  it('of another shop are a 404, read or written', async () => {
    const theirs = `/api/provider/shops/${other.providerId}/settings`;
    expect((await app.inject({ method: 'GET', url: theirs, headers: cook })).statusCode).toBe(404);
    const { currency: _currency, ...settings } = (await current()) as ShopSettings & { currency: string };
    expect((await app.inject({ method: 'PUT', url: theirs, headers: cook, payload: settings })).statusCode).toBe(404);
  });
});

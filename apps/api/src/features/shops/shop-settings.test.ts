import type { ShopSettings } from '@malewa/contracts/provider/shop-settings';
import { providerMembers } from '@malewa/db/schema/catalog';
import type { TestDatabase } from '@malewa/db/testing/test-database';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp } from '#api/testing/accounts.ts';
import { addressAt, enough, type KitchenMeal, twoKitchensNearby } from '#api/testing/orders.ts';
import { createTestOutbox } from '#api/testing/outbox.ts';
import { buildTestApp, createSeededDatabase } from '#api/testing/test-app.ts';

let database: TestDatabase;
let app: FastifyInstance;
let shop: KitchenMeal;
let other: KitchenMeal;
let cook: Record<string, string>;
let shopper: Record<string, string>;
const market = { 'x-store-id': 'KE' };
// Tuesday 24 November 2026, 12:30 in Nairobi.
const NOW = new Date('2026-11-24T09:30:00Z');
const url = () => `/api/provider/shops/${shop.providerId}/settings`;

beforeAll(async () => {
  database = await createSeededDatabase();
  app = await buildTestApp(database, { now: () => NOW });
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

  it('close whole days: not open now, no delivery window and none on the shop’s page but upcoming; past ones dropped, one a year away refused', async () => {
    const { currency: _currency, ...settings } = (await current()) as ShopSettings & { currency: string };
    const everyDay = Array.from({ length: 7 }, () => [[6 * 60, 23 * 60]] as [number, number][]);
    const open = await put({ ...settings, hours: everyDay, closedDates: [] });
    expect(open.statusCode, open.body).toBe(200);
    const kitchen = () =>
      app.inject({ method: 'GET', url: `/api/food/kitchens/${shop.providerSlug}`, headers: market });
    expect((await kitchen()).json<{ data: { openNow: boolean } }>().data.openNow).toBe(true);

    const closed = await put({
      ...settings,
      hours: everyDay,
      closedDates: ['2026-11-26', '2026-11-20', '2026-11-24', '2026-11-26'],
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json<{ data: ShopSettings }>().data.closedDates).toEqual(['2026-11-24', '2026-11-26']);
    const page = (await kitchen()).json<{ data: { openNow: boolean; closedDates: string[] } }>().data;
    expect(page).toMatchObject({ openNow: false, closedDates: ['2026-11-24', '2026-11-26'] });

    const guest = { 'x-cart-token': 'c'.repeat(43), ...market };
    const added = await app.inject({
      method: 'POST',
      url: '/api/carts/food/items',
      headers: guest,
      payload: { item: shop.slug, quantity: 1 },
    });
    expect(added.statusCode, added.body).toBe(201);
    const slots = await app.inject({
      method: 'GET',
      url: `/api/carts/food/delivery-slots?lat=${shop.latitude}&lng=${shop.longitude}`,
      headers: guest,
    });
    expect(slots.statusCode, slots.body).toBe(200);
    const days = new Set(
      slots
        .json<{ data: { slots: string[] } }>()
        .data.slots.map((slot) => new Date(new Date(slot).getTime() + 3 * 3_600_000).toISOString().slice(0, 10)),
    );
    expect([...days].sort()).toEqual(['2026-11-25', '2026-11-27']);

    const far = await put({ ...settings, hours: everyDay, closedDates: ['2027-12-01'] });
    expect(far.statusCode).toBe(400);
    expect(Object.keys(far.json<{ errors: object }>().errors)).toEqual(['closedDates']);
    const notADate = await put({ ...settings, hours: everyDay, closedDates: ['2026-02-30'] });
    expect(notADate.statusCode).toBe(400);

    expect((await put({ ...settings })).statusCode).toBe(200);
  });

  it('keep a VAT number of the shop’s market as it is printed, with its registered name; refuse another market’s', async () => {
    const {
      currency: _currency,
      vatNumber: _vat,
      legalName: _name,
      ...settings
    } = (await current()) as ShopSettings & {
      currency: string;
    };
    const registered = await put({ ...settings, vatNumber: ' p051 234-567x ', legalName: 'Mama Njeri Foods Limited' });
    expect(registered.statusCode, registered.body).toBe(200);
    expect(await current()).toMatchObject({ vatNumber: 'P051234567X', legalName: 'Mama Njeri Foods Limited' });
    // A South African number is no Kenyan one: refused beside its field, and nothing changes.
    const foreign = await put({ ...settings, vatNumber: '4123456789' });
    expect(foreign.statusCode).toBe(400);
    expect(Object.keys(foreign.json<{ errors: object }>().errors)).toEqual(['vatNumber']);
    // Left out, they are kept (a client that does not know them changes nothing).
    expect((await put({ ...settings, prepMinutes: 30 })).statusCode).toBe(200);
    expect(await current()).toMatchObject({ vatNumber: 'P051234567X', prepMinutes: 30 });
    // Emptied, the shop is no longer registered.
    expect((await put({ ...settings, vatNumber: '', legalName: '' })).statusCode).toBe(200);
    expect(await current()).toMatchObject({ vatNumber: null, legalName: null });
  });

  it('of another shop are a 404, read or written', async () => {
    const theirs = `/api/provider/shops/${other.providerId}/settings`;
    expect((await app.inject({ method: 'GET', url: theirs, headers: cook })).statusCode).toBe(404);
    const { currency: _currency, ...settings } = (await current()) as ShopSettings & { currency: string };
    expect((await app.inject({ method: 'PUT', url: theirs, headers: cook, payload: settings })).statusCode).toBe(404);
  });
});

import type { ListProvidersRequest, OperatorProvider } from '@malewa/contracts/operator/providers';
import type { TestDatabase } from '@malewa/db/testing/test-database';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp } from '#api/testing/accounts.ts';
import { enough, type KitchenMeal, placeOrderOf, twoKitchensNearby } from '#api/testing/orders.ts';
import { createTestOutbox } from '#api/testing/outbox.ts';
import { buildTestApp, createSeededDatabase } from '#api/testing/test-app.ts';

let database: TestDatabase;
let app: FastifyInstance;
let shop: KitchenMeal;
let operator: Record<string, string>;
let shopper: Record<string, string>;
const market = { 'x-store-id': 'KE' };

beforeAll(async () => {
  database = await createSeededDatabase({ openAllDay: true });
  app = await buildTestApp(database);
  await app.ready();
  const outbox = await createTestOutbox(database);
  [shop] = await twoKitchensNearby(database);
  operator = {
    ...bearer(await signUp(app, database, outbox, { identifier: 'ops.shops@example.com', roles: ['operator'] })),
    ...market,
  };
  shopper = { ...bearer(await signUp(app, database, outbox, { identifier: 'shops.shopper@example.com' })), ...market };
  await placeOrderOf(app, shopper, shop);
});

afterAll(async () => {
  await app?.close();
  await database?.destroy();
});

const get = (url: string, headers: Record<string, string> = operator) => app.inject({ method: 'GET', url, headers });
const post = (url: string, payload?: object) =>
  app.inject({ method: 'POST', url, headers: operator, ...(payload ? { payload } : {}) });

async function list(query: Partial<Record<keyof ListProvidersRequest, string>>) {
  const response = await get(`/api/operator/providers?${new URLSearchParams(query)}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: OperatorProvider[]; meta: { total: number } }>();
}

/** Whether the food search for a shop's name shows the shop, or any of its items. */
async function searchFinds(name: string): Promise<boolean> {
  const response = await get(`/api/food/search?q=${encodeURIComponent(name)}`, market);
  expect(response.statusCode).toBe(200);
  const { data } = response.json<{
    data: { providers: { slug: string }[]; items: { provider: { slug: string } }[] };
  }>();
  return (
    data.providers.some((found) => found.slug === shop.providerSlug) ||
    data.items.some((item) => item.provider.slug === shop.providerSlug)
  );
}

describe('the operators’ shops', () => {
  it('are found by name or slug, service and state, with their city, rating and order count', async () => {
    const found = await list({ searchKeyword: shop.providerSlug, service: 'food', status: 'active' });
    expect(found.data.map((row) => row.slug)).toEqual([shop.providerSlug]);
    expect(found.data[0]).toMatchObject({
      id: shop.providerId,
      service: 'food',
      status: 'active',
      countryCode: 'KE',
      city: { name: expect.any(String) },
      orderCount: expect.any(Number),
      suspension: null,
    });
    expect(found.data[0]?.orderCount).toBeGreaterThanOrEqual(1);
    expect((await list({ searchKeyword: shop.providerSlug, service: 'farm' })).data).toEqual([]);
    // A keyword's % and _ are letters, not patterns.
    expect((await list({ searchKeyword: '%' })).data).toEqual([]);
    const paged = await list({ service: 'food', perPage: '2', sortBy: 'createdAt', order: 'desc' });
    expect(paged.data).toHaveLength(2);
    expect(paged.meta.total).toBeGreaterThan(2);
  });

  it('show one shop with its latest orders', async () => {
    const response = await get(`/api/operator/providers/${shop.providerId}`);
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{ data: OperatorProvider & { recentOrders: { status: string }[] } }>();
    expect(data.recentOrders.length).toBeGreaterThanOrEqual(1);
    expect(data.recentOrders[0]).toMatchObject({ status: 'placed', rating: null });
    expect((await get('/api/operator/providers/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('suspended, leave the storefront (lists, page, search) and checkout refuses their items; reinstated, are back; the log keeps both', async () => {
    const { name } = (await get(`/api/operator/providers/${shop.providerId}`)).json<{ data: OperatorProvider }>().data;
    expect(await searchFinds(name)).toBe(true);
    // A shopper's cart holds the shop's meal before it is suspended.
    const added = await app.inject({
      method: 'POST',
      url: '/api/carts/food/items',
      headers: shopper,
      payload: { item: shop.slug, quantity: enough(shop) },
    });
    expect(added.statusCode, added.body).toBe(201);

    expect((await post(`/api/operator/providers/${shop.providerId}/suspend`, { reason: 'short' })).statusCode).toBe(
      400,
    );
    const suspended = await post(`/api/operator/providers/${shop.providerId}/suspend`, {
      reason: 'Three shoppers reported cold, spoiled food this week.',
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(suspended.json<{ data: OperatorProvider }>().data).toMatchObject({
      status: 'suspended',
      suspension: { reason: 'Three shoppers reported cold, spoiled food this week.' },
    });
    expect(
      (await post(`/api/operator/providers/${shop.providerId}/suspend`, { reason: 'Once more, again.' })).statusCode,
    ).toBe(409);

    expect((await get(`/api/food/kitchens/${shop.providerSlug}`, market)).statusCode).toBe(404);
    expect((await get(`/api/food/meals/${shop.slug}`, market)).statusCode).toBe(404);
    const meals = (await get('/api/food/meals?perPage=100', market)).json<{ data: { provider: { slug: string } }[] }>();
    expect(meals.data.some((meal) => meal.provider.slug === shop.providerSlug)).toBe(false);
    expect(await searchFinds(name)).toBe(false);
    const adding = await app.inject({
      method: 'POST',
      url: '/api/carts/food/items',
      headers: shopper,
      payload: { item: shop.slug, quantity: 1 },
    });
    expect(adding.statusCode).toBe(404);
    const checkout = await app.inject({
      method: 'POST',
      url: '/api/carts/food/checkout',
      headers: { ...shopper, 'idempotency-key': 'suspended-shop-checkout-1' },
      payload: {
        address: {
          recipient: 'Amani',
          phone: '0712 345 678',
          line: 'Road 1',
          area: 'Kilimani',
          city: 'Nairobi',
          latitude: shop.latitude,
          longitude: shop.longitude,
        },
        payment: { method: 'cash' },
      },
    });
    expect(checkout.statusCode, checkout.body).toBe(422);
    expect(checkout.json<{ errors: { checkout: string[] } }>().errors.checkout).toEqual(['cart_changed']);
    // The cart says why: the line is unavailable.
    const cart = (await get('/api/carts/food', shopper)).json<{
      data: { groups: { lines: { item: { slug: string }; problems: string[] }[] }[] };
    }>();
    const line = cart.data.groups.flatMap((group) => group.lines).find((entry) => entry.item.slug === shop.slug);
    expect(line?.problems).toContain('unavailable');

    const reinstated = await post(`/api/operator/providers/${shop.providerId}/reinstate`);
    expect(reinstated.statusCode).toBe(200);
    expect(reinstated.json<{ data: OperatorProvider }>().data).toMatchObject({ status: 'active', suspension: null });
    expect((await post(`/api/operator/providers/${shop.providerId}/reinstate`)).statusCode).toBe(409);
    expect((await get(`/api/food/kitchens/${shop.providerSlug}`, market)).statusCode).toBe(200);
    expect(await searchFinds(name)).toBe(true);

    const log = await get(`/api/operator/audit-log?subjectType=provider&subjectId=${shop.providerId}`);
    const entries = log.json<{ data: { action: string; actor: { label: string }; before: object; after: object }[] }>()
      .data;
    expect(entries.map((entry) => entry.action)).toEqual(['provider.reinstate', 'provider.suspend']);
    expect(entries[1]).toMatchObject({
      actor: { label: 'ops.shops@example.com' },
      before: { status: 'active' },
      after: { status: 'suspended', reason: 'Three shoppers reported cold, spoiled food this week.' },
    });
  });
});

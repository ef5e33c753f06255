import type { Cart } from '@malewa/contracts/carts/cart';
import type { ManagedOffer } from '@malewa/contracts/offers/manage-offers';
import { providerMembers } from '@malewa/db/schema/catalog';
import type { TestDatabase } from '@malewa/db/testing/test-database';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp } from '#api/testing/accounts.ts';
import { anotherMealOf, type KitchenMeal, kitchenMeals } from '#api/testing/orders.ts';
import { createTestOutbox, type TestOutbox } from '#api/testing/outbox.ts';
import { buildTestApp, createSeededDatabase } from '#api/testing/test-app.ts';

// 11:30 on Johannesburg's clock (UTC+2), a Tuesday.
const NOW = new Date('2026-11-24T09:30:00Z');
const DAY = 86_400_000;
const WINDOW = {
  startsAt: new Date(NOW.getTime() - DAY).toISOString(),
  endsAt: new Date(NOW.getTime() + 7 * DAY).toISOString(),
};

let database: TestDatabase;
let outbox: TestOutbox;
let app: FastifyInstance;
let meal: KitchenMeal;
let side: { id: string; slug: string };
let cook: Record<string, string>;

beforeAll(async () => {
  database = await createSeededDatabase({ now: NOW, openAllDay: true });
  outbox = await createTestOutbox(database);
  app = await buildTestApp(database, { now: () => NOW });
  await app.ready();
  const meals = await kitchenMeals(database, 'ZA');
  for (const candidate of meals) {
    const other = await anotherMealOf(database, candidate).catch(() => undefined);
    if (other) {
      [meal, side] = [candidate, other];
      break;
    }
  }
  if (!side) throw new Error('no South African kitchen sells two meals without choices');
  const account = await signUp(app, database, outbox, { identifier: 'scope.cook@example.com', roles: ['provider'] });
  await database.db.insert(providerMembers).values({ providerId: meal.providerId, userId: account.user.id });
  cook = { ...bearer(account), 'x-store-id': 'ZA' };
});

afterAll(async () => {
  await app?.close();
  await database?.destroy();
});

async function offer(body: object): Promise<ManagedOffer> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/provider/shops/${meal.providerId}/offers`,
    headers: cook,
    payload: { ...WINDOW, ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: ManagedOffer }>().data;
}

async function end(id: string) {
  const response = await app.inject({ method: 'POST', url: `/api/provider/offers/${id}/end`, headers: cook });
  expect(response.statusCode, response.body).toBe(200);
}

let shoppers = 0;
/** A new shopper's cart of the meal and the side, one each, read back. */
async function cartOfBoth(): Promise<Cart['groups'][number]> {
  shoppers += 1;
  const session = await signUp(app, database, outbox, { identifier: `scope.${shoppers}@example.com` });
  const headers = { ...bearer(session), 'x-store-id': 'ZA' };
  for (const slug of [meal.slug, side.slug]) {
    const added = await app.inject({
      method: 'POST',
      url: '/api/carts/food/items',
      headers,
      payload: { item: slug, quantity: 1 },
    });
    expect(added.statusCode, added.body).toBe(201);
  }
  const response = await app.inject({ method: 'GET', url: '/api/carts/food', headers });
  expect(response.statusCode, response.body).toBe(200);
  const group = response.json<{ data: Cart }>().data.groups.find((row) => row.provider.slug === meal.providerSlug);
  if (!group) throw new Error('the cart has no group of the kitchen');
  return group;
}

describe('offers made in the provider console, in the cart', () => {
  it('limited to an item take off that item only', async () => {
    const half = await offer({ kind: 'percent', value: 50, itemIds: [meal.id] });
    try {
      const group = await cartOfBoth();
      expect(group.discounts).toMatchObject([
        { source: 'offer', offerId: half.id, fundedBy: 'shop', amount: { amount: Math.floor(meal.price / 2) } },
      ]);
    } finally {
      await end(half.id);
    }
  });

  it('limited to hours apply within them only, past midnight too', async () => {
    // 40 % would be worth more, but 11:30 is not between 12:00 and 14:00; 23:00–11:45 holds it.
    const lunch = await offer({ kind: 'percent', value: 40, hours: { from: '12:00', to: '14:00' } });
    const night = await offer({ kind: 'percent', value: 30, hours: { from: '23:00', to: '11:45' } });
    try {
      const group = await cartOfBoth();
      expect(group.discounts.map((line) => line.offerId)).toEqual([night.id]);
      expect(group.discounts[0]?.amount.amount).toBe(Math.floor((group.subtotal.amount * 30) / 100));
    } finally {
      await end(lunch.id);
      await end(night.id);
    }
  });
});

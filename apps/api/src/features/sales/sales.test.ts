import type { Order } from '@malewa/contracts/orders/order';
import type { SalesSummary } from '@malewa/contracts/provider/sales-summary';
import { providerMembers } from '@malewa/db/schema/catalog';
import type { TestDatabase } from '@malewa/db/testing/test-database';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp } from '#api/testing/accounts.ts';
import { type KitchenMeal, placeOrderOf, twoKitchensNearby } from '#api/testing/orders.ts';
import { createTestOutbox } from '#api/testing/outbox.ts';
import { buildTestApp, createSeededDatabase } from '#api/testing/test-app.ts';

let database: TestDatabase;
let app: FastifyInstance;
let shop: KitchenMeal;
let other: KitchenMeal;
let cook: Record<string, string>;
const placed: Order[] = [];
// Days on the shop's calendar (a Kenyan kitchen): from 21:00 UTC, Nairobi is a day ahead.
const nairobiDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' });
const today = nairobiDay.format(new Date());
const weekAgo = nairobiDay.format(new Date(Date.now() - 7 * 86_400_000));

beforeAll(async () => {
  database = await createSeededDatabase({ openAllDay: true });
  app = await buildTestApp(database);
  await app.ready();
  const outbox = await createTestOutbox(database);
  [shop, other] = await twoKitchensNearby(database);
  const account = await signUp(app, database, outbox, { identifier: 'sales.cook@example.com', roles: ['provider'] });
  await database.db.insert(providerMembers).values({ providerId: shop.providerId, userId: account.user.id });
  cook = { ...bearer(account), 'x-store-id': 'KE' };
  const shopper = {
    ...bearer(await signUp(app, database, outbox, { identifier: 'sales.shopper@example.com' })),
    'x-store-id': 'KE',
  };
  for (let n = 0; n < 3; n++) placed.push(await placeOrderOf(app, shopper, shop));
  const rejected = await app.inject({
    method: 'POST',
    url: `/api/provider/orders/${placed[2]?.id}/reject`,
    headers: cook,
    payload: { reason: 'Out of goat today' },
  });
  expect(rejected.statusCode).toBe(200);
});

afterAll(async () => {
  await app?.close();
  await database?.destroy();
});

const summary = (query: string, headers = cook, shopId = shop.providerId) =>
  app.inject({ method: 'GET', url: `/api/provider/shops/${shopId}/sales?${query}`, headers });

describe('a shop’s sales summary', () => {
  it('counts the orders not rejected or cancelled, and their revenue, per day on the shop’s calendar', async () => {
    const response = await summary(`from=${weekAgo}&to=${today}`);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json<{ data: SalesSummary }>();
    const revenue = (placed[0]?.total.amount ?? 0) + (placed[1]?.total.amount ?? 0);
    expect(data.totals).toEqual({ orders: 2, revenue: { amount: revenue, currency: 'KES' } });
    expect(data.periods).toHaveLength(1);
    expect(data.periods[0]).toMatchObject({ orders: 2, revenue: { amount: revenue } });
    expect(data.topItems[0]).toMatchObject({ revenue: { currency: 'KES' } });
    expect(data.topItems[0]?.quantity).toBeGreaterThan(0);
  });

  it('goes by week, each week by its Monday, and refuses a range that ends before it starts', async () => {
    const { data } = (await summary(`from=${weekAgo}&to=${today}&by=week`)).json<{ data: SalesSummary }>();
    const monday = new Date(`${data.periods[0]?.start}T00:00:00Z`).getUTCDay();
    expect(monday).toBe(1);
    expect((await summary(`from=${today}&to=${weekAgo}`)).statusCode).toBe(400);
    expect((await summary('from=2020-01-01&to=2026-01-01')).statusCode).toBe(400);
  });

  it('of another shop is a 404', async () => {
    expect((await summary(`from=${weekAgo}&to=${today}`, cook, other.providerId)).statusCode).toBe(404);
  });
});

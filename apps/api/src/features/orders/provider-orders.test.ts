import type { Order } from '@malewa/contracts/orders/order';
import type { MyShop } from '@malewa/contracts/orders/provider-orders';
import { providerMembers } from '@malewa/db/schema/catalog';
import { orders } from '@malewa/db/schema/orders';
import type { TestDatabase } from '@malewa/db/testing/test-database';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp } from '#api/testing/accounts.ts';
import { type KitchenMeal, placeOrderOf, twoKitchensNearby } from '#api/testing/orders.ts';
import { createTestOutbox } from '#api/testing/outbox.ts';
import { buildTestApp, createSeededDatabase } from '#api/testing/test-app.ts';

let database: TestDatabase;
let app: FastifyInstance;
let shopA: KitchenMeal;
let shopB: KitchenMeal;
/** Runs shops A and B. */
let both: Record<string, string>;
/** Runs shop B only. */
let onlyB: Record<string, string>;
const placed: { a: Order[]; b: Order[] } = { a: [], b: [] };

beforeAll(async () => {
  database = await createSeededDatabase({ openAllDay: true });
  app = await buildTestApp(database);
  await app.ready();
  const outbox = await createTestOutbox(database);
  [shopA, shopB] = await twoKitchensNearby(database);
  const market = { 'x-store-id': 'KE' };
  const shopper = {
    ...bearer(await signUp(app, database, outbox, { identifier: 'board.shopper@example.com' })),
    ...market,
  };
  const owner = await signUp(app, database, outbox, { identifier: 'board.both@example.com', roles: ['provider'] });
  const other = await signUp(app, database, outbox, { identifier: 'board.b@example.com', roles: ['provider'] });
  await database.db.insert(providerMembers).values([
    { providerId: shopA.providerId, userId: owner.user.id },
    { providerId: shopB.providerId, userId: owner.user.id },
    { providerId: shopB.providerId, userId: other.user.id },
  ]);
  both = { ...bearer(owner), ...market };
  onlyB = { ...bearer(other), ...market };
  placed.a.push(await placeOrderOf(app, shopper, shopA), await placeOrderOf(app, shopper, shopA));
  placed.b.push(await placeOrderOf(app, shopper, shopB));
  const accepted = await app.inject({
    method: 'POST',
    url: `/api/provider/orders/${placed.a[0]?.id}/accept`,
    headers: both,
    payload: { prepMinutes: 10 },
  });
  expect(accepted.statusCode).toBe(200);
});

afterAll(async () => {
  await app?.close();
  await database?.destroy();
});

const get = (url: string, headers: Record<string, string>) => app.inject({ method: 'GET', url, headers });

describe('the provider console’s reads', () => {
  it('names the shops an account runs, to switch between them', async () => {
    const shops = (await get('/api/provider/shops', both)).json<{ data: MyShop[] }>().data;
    expect(shops.map((shop) => shop.id).sort()).toEqual([shopA.providerId, shopB.providerId].sort());
    const one = (await get('/api/provider/shops', onlyB)).json<{ data: MyShop[] }>().data;
    expect(one.map((shop) => shop.id)).toEqual([shopB.providerId]);
  });

  it('lists the orders of my shops newest first, one shop or one status at a time', async () => {
    const all = (await get('/api/provider/orders', both)).json<{ data: Order[]; meta: { total: number } }>();
    const ids = all.data.map((order) => order.id);
    expect(ids).toEqual([placed.b[0]?.id, placed.a[1]?.id, placed.a[0]?.id]);
    expect(all.meta.total).toBe(3);

    const ofA = (await get(`/api/provider/orders?shop=${shopA.providerId}`, both)).json<{ data: Order[] }>().data;
    expect(ofA.map((order) => order.id)).toEqual([placed.a[1]?.id, placed.a[0]?.id]);
    const acceptedOnly = (await get('/api/provider/orders?status=accepted', both)).json<{ data: Order[] }>().data;
    expect(acceptedOnly.map((order) => order.id)).toEqual([placed.a[0]?.id]);

    const theirs = (await get('/api/provider/orders', onlyB)).json<{ data: Order[] }>().data;
    expect(theirs.map((order) => order.id)).toEqual([placed.b[0]?.id]);
    expect((await get(`/api/provider/orders?shop=${shopA.providerId}`, onlyB)).statusCode).toBe(404);
  });

  it('shows one order of my shops; another shop’s is not found', async () => {
    const mine = await get(`/api/provider/orders/${placed.b[0]?.id}`, onlyB);
    expect(mine.statusCode).toBe(200);
    expect(mine.json<{ data: Order }>().data.provider.slug).toBe(shopB.providerSlug);
    expect((await get(`/api/provider/orders/${placed.a[0]?.id}`, onlyB)).statusCode).toBe(404);
    expect((await get('/api/provider/orders/not-a-uuid', onlyB)).statusCode).toBe(400);
  });

  it('keeps, for the calendar, the orders wanted at a time not yet past, soonest first', async () => {
    const [first, second] = placed.a;
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);
    await database.db
      .update(orders)
      .set({ scheduledFor: inDays(2) })
      .where(eq(orders.id, first?.id ?? ''));
    await database.db
      .update(orders)
      .set({ scheduledFor: inDays(1) })
      .where(eq(orders.id, second?.id ?? ''));
    await database.db
      .update(orders)
      .set({ scheduledFor: inDays(-1) })
      .where(eq(orders.id, placed.b[0]?.id ?? ''));
    const upcoming = await get(`/api/provider/orders?scheduled=upcoming`, both);
    expect(upcoming.statusCode).toBe(200);
    expect(upcoming.json<{ data: Order[] }>().data.map((order) => order.id)).toEqual([second?.id, first?.id]);
  });
});

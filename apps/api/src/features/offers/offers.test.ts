import type { ManagedOffer } from '@malewa/contracts/offers/manage-offers';
import { providerMembers } from '@malewa/db/schema/catalog';
import { seedCatalogIfEmpty } from '@malewa/db/seed/seed-catalog';
import { seedIfEmpty } from '@malewa/db/seed/seed-if-empty';
import type { TestDatabase } from '@malewa/db/testing/test-database';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp } from '#api/testing/accounts.ts';
import { type KitchenMeal, twoKitchensNearby } from '#api/testing/orders.ts';
import { createTestOutbox } from '#api/testing/outbox.ts';
import { buildTestApp, createFileDatabase } from '#api/testing/test-app.ts';

let database: TestDatabase;
let app: FastifyInstance;
let shop: KitchenMeal;
let other: KitchenMeal;
let cook: Record<string, string>;
let operator: Record<string, string>;
const market = { 'x-store-id': 'KE' };
const soon = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const COUPON = {
  kind: 'fixed',
  value: 5000,
  minimumSubtotal: 20000,
  code: 'mama50',
  startsAt: soon(-1),
  endsAt: soon(7),
};

beforeAll(async () => {
  database = await createFileDatabase();
  await seedIfEmpty(database.db);
  await seedCatalogIfEmpty(database.db);
  app = await buildTestApp(database);
  await app.ready();
  const outbox = await createTestOutbox(database);
  [shop, other] = await twoKitchensNearby(database);
  const account = await signUp(app, database, outbox, { identifier: 'offers.cook@example.com', roles: ['provider'] });
  await database.db.insert(providerMembers).values({ providerId: shop.providerId, userId: account.user.id });
  cook = { ...bearer(account), ...market };
  operator = {
    ...bearer(await signUp(app, database, outbox, { identifier: 'offers.ops@example.com', roles: ['operator'] })),
    ...market,
  };
});

afterAll(async () => {
  await app?.close();
  await database?.destroy();
});

const send = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
  app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const storefrontCodes = async () =>
  (await send('GET', '/api/food/offers', market)).json<{ data: { code: string | null }[] }>().data.map((o) => o.code);

describe('a shop’s own offers', () => {
  let coupon: ManagedOffer;

  it('are made for its items in its market and currency, and show in the storefront at once', async () => {
    const created = await send('POST', `/api/provider/shops/${shop.providerId}/offers`, cook, COUPON);
    expect(created.statusCode, created.body).toBe(201);
    coupon = created.json<{ data: ManagedOffer }>().data;
    expect(coupon).toMatchObject({
      code: 'MAMA50',
      currency: 'KES',
      state: 'running',
      provider: { id: shop.providerId },
      fundedBy: 'shop',
      countryCode: 'KE',
      service: 'food',
    });
    expect(await storefrontCodes()).toContain('MAMA50');
    const mine = await send('GET', `/api/provider/shops/${shop.providerId}/offers`, cook);
    expect(mine.json<{ data: ManagedOffer[] }>().data.map((offer) => offer.id)).toContain(coupon.id);
  });

  it('refuse a code the market already has, a percent above 100, and an end before the start', async () => {
    const taken = await send('POST', `/api/provider/shops/${shop.providerId}/offers`, cook, COUPON);
    expect(taken.statusCode).toBe(409);
    expect(Object.keys(taken.json<{ errors: object }>().errors)).toContain('code');
    const percent = await send('POST', `/api/provider/shops/${shop.providerId}/offers`, cook, {
      ...COUPON,
      code: null,
      kind: 'percent',
      value: 150,
    });
    expect(percent.statusCode).toBe(400);
    const backwards = await send('POST', `/api/provider/shops/${shop.providerId}/offers`, cook, {
      ...COUPON,
      code: null,
      startsAt: soon(2),
      endsAt: soon(1),
    });
    expect(backwards.statusCode).toBe(400);
  });

  it('end when the shop says, and leave the storefront; another shop’s are a 404', async () => {
    const ended = await send('POST', `/api/provider/offers/${coupon.id}/end`, cook);
    expect(ended.statusCode).toBe(200);
    expect(ended.json<{ data: ManagedOffer }>().data.state).toBe('ended');
    expect(await storefrontCodes()).not.toContain('MAMA50');
    const again = await send('POST', `/api/provider/offers/${coupon.id}/end`, cook);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ problem?: unknown }>().problem).toEqual({ code: 'offer_over' });
    expect((await send('GET', `/api/provider/shops/${other.providerId}/offers`, cook)).statusCode).toBe(404);
  });
});

describe('operators’ offers', () => {
  it('are made for a whole service of a market, or one of its shops, and each act is logged', async () => {
    const created = await send('POST', '/api/operator/offers', operator, {
      kind: 'free-delivery',
      value: 0,
      countryCode: 'KE',
      service: 'food',
      startsAt: soon(1),
      endsAt: soon(8),
      title: { en: 'Free delivery week' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const offer = created.json<{ data: ManagedOffer }>().data;
    expect(offer).toMatchObject({
      state: 'scheduled',
      provider: null,
      fundedBy: 'marketplace',
      title: { en: 'Free delivery week' },
    });
    const wrongShop = await send('POST', '/api/operator/offers', operator, {
      ...COUPON,
      code: null,
      countryCode: 'KE',
      service: 'grocery',
      providerId: shop.providerId,
    });
    expect(wrongShop.statusCode).toBe(400);

    const ended = await send('POST', `/api/operator/offers/${offer.id}/end`, operator);
    expect(ended.json<{ data: ManagedOffer }>().data.state).toBe('ended');
    const listed = await send('GET', '/api/operator/offers?service=food&state=ended', operator);
    expect(listed.json<{ data: ManagedOffer[] }>().data.map((row) => row.id)).toContain(offer.id);
    const log = await send('GET', `/api/operator/audit-log?subjectType=offer&subjectId=${offer.id}`, operator);
    expect(log.json<{ data: { action: string }[] }>().data.map((entry) => entry.action)).toEqual([
      'offer.end',
      'offer.create',
    ]);
  });
});

import type { ManagedOffer } from '@malewa/contracts/offers/manage-offers';
import { providerMembers } from '@malewa/db/schema/catalog';
import type { TestDatabase } from '@malewa/db/testing/test-database';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp } from '#api/testing/accounts.ts';
import { type KitchenMeal, twoKitchensNearby } from '#api/testing/orders.ts';
import { createTestOutbox } from '#api/testing/outbox.ts';
import { buildTestApp, createSeededDatabase } from '#api/testing/test-app.ts';

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
  database = await createSeededDatabase();
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

describe('offers limited to hours and items', () => {
  const LUNCH = { ...COUPON, code: null, title: { en: 'Lunch deal' } };

  it('keep their hours ("HH:MM") and the shop’s items, and the storefront names them', async () => {
    const created = await send('POST', `/api/provider/shops/${shop.providerId}/offers`, cook, {
      ...LUNCH,
      hours: { from: '11:00', to: '14:30' },
      itemIds: [shop.id],
    });
    expect(created.statusCode, created.body).toBe(201);
    const offer = created.json<{ data: ManagedOffer }>().data;
    expect(offer).toMatchObject({ hours: { from: '11:00', to: '14:30' }, itemIds: [shop.id], fundedBy: 'shop' });
    const storefront = (await send('GET', '/api/food/offers', market)).json<{
      data: { id: string; hours: unknown; items: { id: string; slug: string }[] | null }[];
    }>().data;
    expect(storefront.find((row) => row.id === offer.id)).toMatchObject({
      hours: { from: '11:00', to: '14:30' },
      items: [{ id: shop.id, slug: shop.slug }],
    });
    const overnight = await send('POST', `/api/provider/shops/${shop.providerId}/offers`, cook, {
      ...LUNCH,
      hours: { from: '22:00', to: '02:00' },
    });
    expect(overnight.json<{ data: ManagedOffer }>().data).toMatchObject({
      hours: { from: '22:00', to: '02:00' },
      itemIds: null,
    });
    await send('POST', `/api/provider/offers/${offer.id}/end`, cook);
  });

  it('refuse hours that start when they end or are no time, and items not the shop’s, on their fields', async () => {
    const refused = async (body: object) => {
      const response = await send('POST', `/api/provider/shops/${shop.providerId}/offers`, cook, { ...LUNCH, ...body });
      expect(response.statusCode, response.body).toBe(400);
      return Object.keys(response.json<{ errors: object }>().errors);
    };
    expect(await refused({ hours: { from: '11:00', to: '11:00' } })).toEqual(['hours.to']);
    expect(await refused({ hours: { from: '24:00', to: '02:00' } })).toEqual(['hours.from']);
    expect(await refused({ hours: { from: 660, to: 840 } })).toContain('hours.from');
    expect(await refused({ itemIds: [] })).toEqual(['itemIds']);
    expect(await refused({ itemIds: [shop.id, shop.id] })).toEqual(['itemIds']);
    expect(await refused({ itemIds: [other.id] })).toEqual(['itemIds']);
    expect(await refused({ itemIds: [shop.id, crypto.randomUUID()] })).toEqual(['itemIds']);
  });

  it('for operators: a shop’s offer takes its items only, a whole service’s none', async () => {
    const base = { ...LUNCH, countryCode: 'KE', service: 'food' };
    const items = await send('GET', `/api/operator/providers/${shop.providerId}/offer-items`, operator);
    expect(items.statusCode, items.body).toBe(200);
    expect(items.json<{ data: { id: string }[] }>().data.map((item) => item.id)).toContain(shop.id);
    expect((await send('GET', `/api/operator/providers/${crypto.randomUUID()}/offer-items`, operator)).statusCode).toBe(
      404,
    );
    expect((await send('GET', `/api/operator/providers/${shop.providerId}/offer-items`, cook)).statusCode).toBe(403);

    const made = await send('POST', '/api/operator/offers', operator, {
      ...base,
      providerId: shop.providerId,
      itemIds: [shop.id],
      hours: { from: '17:00', to: '20:00' },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json<{ data: ManagedOffer }>().data).toMatchObject({
      provider: { id: shop.providerId },
      fundedBy: 'marketplace',
      itemIds: [shop.id],
      hours: { from: '17:00', to: '20:00' },
    });
    const serviceWide = await send('POST', '/api/operator/offers', operator, { ...base, itemIds: [shop.id] });
    expect(serviceWide.statusCode).toBe(400);
    expect(Object.keys(serviceWide.json<{ errors: object }>().errors)).toEqual(['itemIds']);
    const othersItem = await send('POST', '/api/operator/offers', operator, {
      ...base,
      providerId: shop.providerId,
      itemIds: [other.id],
    });
    expect(othersItem.statusCode).toBe(400);
    expect(Object.keys(othersItem.json<{ errors: object }>().errors)).toEqual(['itemIds']);
    await send('POST', `/api/operator/offers/${made.json<{ data: ManagedOffer }>().data.id}/end`, operator);
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

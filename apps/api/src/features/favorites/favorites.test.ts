import type { Favorite } from '@malewa/contracts/favorites/favorite';
import type { FavoriteIds } from '@malewa/contracts/favorites/list-favorites';
import type { TestDatabase } from '@malewa/db/testing/test-database';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp } from '#api/testing/accounts.ts';
import { type KitchenMeal, twoKitchensNearby } from '#api/testing/orders.ts';
import { createTestOutbox, type TestOutbox } from '#api/testing/outbox.ts';
import { buildTestApp, createSeededDatabase } from '#api/testing/test-app.ts';

let database: TestDatabase;
let outbox: TestOutbox;
let app: FastifyInstance;
let meal: KitchenMeal;

beforeAll(async () => {
  database = await createSeededDatabase();
  outbox = await createTestOutbox(database);
  app = await buildTestApp(database);
  await app.ready();
  [meal] = await twoKitchensNearby(database);
});

afterAll(async () => {
  await app?.close();
  await database?.destroy();
});

const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, headers: Record<string, string> = {}) =>
  app.inject({ method, url, headers });

describe('favorites', () => {
  it('keeps providers and items once each, lists them newest first with their names, and forgets them', async () => {
    const me = bearer(await signUp(app, database, outbox, { identifier: 'fond@example.com' }));
    const itemId = meal.id;
    expect((await call('PUT', `/api/favorites/provider/${meal.providerId}`, me)).statusCode).toBe(200);
    const kept = await call('PUT', `/api/favorites/item/${itemId}`, me);
    expect(kept.json()).toEqual({ data: { kind: 'item', id: itemId, kept: true } });
    expect((await call('PUT', `/api/favorites/item/${itemId}`, me)).statusCode).toBe(200);

    const list = (await call('GET', '/api/favorites', { ...me, 'accept-language': 'sw' })).json<{ data: Favorite[] }>();
    expect(list.data.map((entry) => [entry.kind, entry.id])).toEqual([
      ['item', itemId],
      ['provider', meal.providerId],
    ]);
    expect(list.data[0]).toMatchObject({ slug: meal.slug, service: 'food', type: 'meal' });
    expect(list.data[0]?.providerName).toBeTruthy();
    const idsAnswer = await call('GET', '/api/favorites/ids', me);
    expect(idsAnswer.json<{ data: FavoriteIds }>().data).toEqual({ providers: [meal.providerId], items: [itemId] });
    // A shopper's own: never kept by a shared cache.
    expect(idsAnswer.headers['cache-control']).toBe('private, no-store');

    expect((await call('DELETE', `/api/favorites/item/${itemId}`, me)).json()).toEqual({
      data: { kind: 'item', id: itemId, kept: false },
    });
    expect((await call('GET', '/api/favorites/ids', me)).json<{ data: FavoriteIds }>().data.items).toEqual([]);
  });

  it('is each shopper’s own, needs a sign-in, and keeps only what exists', async () => {
    const owner = bearer(await signUp(app, database, outbox, { identifier: 'owner.fond@example.com' }));
    await call('PUT', `/api/favorites/provider/${meal.providerId}`, owner);
    const other = bearer(await signUp(app, database, outbox, { identifier: 'other.fond@example.com' }));
    // Forgetting is per shopper: the other's DELETE leaves the owner's favorite alone.
    await call('DELETE', `/api/favorites/provider/${meal.providerId}`, other);
    expect((await call('GET', '/api/favorites/ids', owner)).json<{ data: FavoriteIds }>().data.providers).toEqual([
      meal.providerId,
    ]);
    expect((await call('GET', '/api/favorites', other)).json<{ data: Favorite[] }>().data).toEqual([]);
    expect((await call('GET', '/api/favorites')).statusCode).toBe(401);
    expect((await call('PUT', `/api/favorites/item/${crypto.randomUUID()}`, owner)).statusCode).toBe(404);
    expect((await call('PUT', `/api/favorites/shop/${meal.providerId}`, owner)).statusCode).toBe(400);
  });
});

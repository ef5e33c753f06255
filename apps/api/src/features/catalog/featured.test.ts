import { randomUUID } from 'node:crypto';
import type { FeaturedLists } from '@malewa/contracts/operator/featured';
import { featuredEntries } from '@malewa/db/schema/catalog';
import type { TestDatabase } from '@malewa/db/testing/test-database';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp } from '#api/testing/accounts.ts';
import { kitchenMeals } from '#api/testing/orders.ts';
import { createTestOutbox } from '#api/testing/outbox.ts';
import { buildTestApp, createSeededDatabase } from '#api/testing/test-app.ts';

let database: TestDatabase;
let app: FastifyInstance;
let operator: Record<string, string>;

beforeAll(async () => {
  database = await createSeededDatabase();
  app = await buildTestApp(database);
  await app.ready();
  const outbox = await createTestOutbox(database);
  operator = bearer(
    await signUp(app, database, outbox, { identifier: 'featured.ops@example.com', roles: ['operator'] }),
  );
});

afterAll(async () => {
  await app?.close();
  await database?.destroy();
});

// Each test leaves the featured lists as it found them: none (the audit log keeps its entries).
afterEach(async () => {
  await database.db.delete(featuredEntries);
});

const featured = async () =>
  (await app.inject({ method: 'GET', url: '/api/food/featured', headers: { 'x-store-id': 'KE' } })).json<{
    data: { providers: { slug: string }[]; items: { slug: string }[] };
  }>().data;

describe('an operator’s featured lists', () => {
  it('put their shops and items first on a service’s home, in their order, and the rest fills the shelf', async () => {
    // The last kitchen of the shelf by rating: featured, it comes first.
    const meals = await kitchenMeals(database);
    const before = await featured();
    const lowest = before.providers.at(-1);
    expect(before.providers[0]?.slug).not.toBe(lowest?.slug);

    const put = await app.inject({
      method: 'PUT',
      url: '/api/operator/featured',
      headers: operator,
      payload: {
        countryCode: 'KE',
        service: 'food',
        providers: [lowest?.slug],
        items: [meals[3]?.slug, meals[1]?.slug],
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<{ data: FeaturedLists }>().data.items.map((row) => row.slug)).toEqual([
      meals[3]?.slug,
      meals[1]?.slug,
    ]);

    const after = await featured();
    expect(after.providers[0]?.slug).toBe(lowest?.slug);
    expect(after.providers).toHaveLength(before.providers.length);
    expect(after.items.slice(0, 2).map((row) => row.slug)).toEqual([meals[3]?.slug, meals[1]?.slug]);
    expect(new Set(after.items.map((row) => row.slug)).size).toBe(after.items.length);
  });

  it('refuse a slug that is not of that market and service, and log each replacement', async () => {
    const [meal] = await kitchenMeals(database);
    if (!meal) throw new Error('the seed has no Kenyan meal');
    const replace = (providers: string[]) =>
      app.inject({
        method: 'PUT',
        url: '/api/operator/featured',
        headers: operator,
        payload: { countryCode: 'KE', service: 'food', providers, items: [] },
      });
    const logged = async () =>
      (
        await app.inject({
          method: 'GET',
          url: '/api/operator/audit-log?subjectType=featured&subjectId=KE/food',
          headers: operator,
        })
      )
        .json<{ data: { action: string; after: unknown }[] }>()
        .data.filter((entry) => entry.action === 'featured.replace');
    const lists = async () =>
      (
        await app.inject({
          method: 'GET',
          url: '/api/operator/featured?countryCode=KE&service=food',
          headers: operator,
        })
      ).json<{ data: FeaturedLists }>().data;
    const before = (await logged()).length;

    expect((await replace([meal.providerSlug])).statusCode).toBe(200);
    const refused = await replace(['no-such-kitchen', meal.providerSlug]);
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json<{ errors: object }>().errors)).toContain('providers');
    // The refused replacement changed nothing and is not in the log; the one before it is.
    expect((await lists()).providers.map((row) => row.slug)).toEqual([meal.providerSlug]);
    const entries = await logged();
    expect(entries).toHaveLength(before + 1);
    expect(entries[0]?.after).toEqual({ providers: [meal.providerSlug], items: [] });
  });

  it('take each entry by its id or its slug, one named both ways counting once', async () => {
    const [first, second] = await kitchenMeals(database);
    if (!first || !second) throw new Error('the seed has no two Kenyan meals');
    const replace = (providers: string[], items: string[]) =>
      app.inject({
        method: 'PUT',
        url: '/api/operator/featured',
        headers: operator,
        payload: { countryCode: 'KE', service: 'food', providers, items },
      });
    const put = await replace([first.providerId, first.providerSlug], [second.id, first.slug, second.slug]);
    expect(put.statusCode, put.body).toBe(200);
    const lists = put.json<{ data: FeaturedLists }>().data;
    expect(lists.providers.map((row) => row.slug)).toEqual([first.providerSlug]);
    expect(lists.items.map((row) => row.slug)).toEqual([second.slug, first.slug]);
    // An id that names nothing of that market and service is refused as an unknown slug is.
    const refused = await replace([randomUUID()], [second.id.toUpperCase()]);
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json<{ errors: object }>().errors)).toEqual(['providers']);
  });
});

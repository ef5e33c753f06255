import { randomBytes } from 'node:crypto';
import type { AddRecipeIngredientsResult } from '@malewa/contracts/carts/add-recipe-ingredients';
import type { Cart } from '@malewa/contracts/carts/cart';
import { items, providers } from '@malewa/db/schema/catalog';
import { locations } from '@malewa/db/schema/locations';
import type { TestDatabase } from '@malewa/db/testing/test-database';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createSeededDatabase } from '../testing/test-app.ts';

let database: TestDatabase;
let app: FastifyInstance;
let nairobi: string;

beforeAll(async () => {
  database = await createSeededDatabase();
  app = await buildTestApp(database);
  await app.ready();
  const [place] = await database.db.select({ id: locations.id }).from(locations).where(eq(locations.name, 'Nairobi'));
  if (!place) throw new Error('no Nairobi');
  nairobi = place.id;
});

afterAll(async () => {
  await app?.close();
  await database?.destroy();
});

describe('adding all the ingredients of a recipe', () => {
  it('fills the Grocery and Farm carts with enough for the servings, and names what no shop nearby sells', async () => {
    const [recipe] = await database.db
      .select({ slug: items.slug })
      .from(items)
      .innerJoin(providers, eq(providers.id, items.providerId))
      .where(and(eq(items.countryCode, 'KE'), eq(items.type, 'recipe'), eq(providers.status, 'active')))
      .orderBy(items.slug)
      .limit(1);
    if (!recipe) throw new Error('no Kenyan recipe');
    const headers = { 'x-cart-token': randomBytes(32).toString('base64url'), 'x-store-location': nairobi };
    const answer = await app.inject({
      method: 'POST',
      url: '/api/carts/recipe-ingredients',
      headers,
      payload: { recipe: recipe.slug, servings: 6 },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const { added, skipped } = answer.json<{ data: AddRecipeIngredientsResult }>().data;
    expect(added.length).toBeGreaterThan(0);
    expect(added.length + skipped.length).toBeGreaterThan(0);
    for (const line of added) expect(['grocery', 'farm']).toContain(line.service);

    // What was added is in the carts, each line once, in its service's cart.
    for (const service of ['grocery', 'farm'] as const) {
      const cart = (await app.inject({ method: 'GET', url: `/api/carts/${service}`, headers })).json<{ data: Cart }>()
        .data;
      const slugs = cart.groups.flatMap((group) => group.lines.map((line) => line.item.slug));
      const expected = [...new Set(added.filter((line) => line.service === service).map((line) => line.item))];
      expect(slugs.sort()).toEqual(expected.sort());
    }
  });

  it('refuses what is not a recipe, and servings out of range', async () => {
    const headers = { 'x-cart-token': randomBytes(32).toString('base64url'), 'x-store-location': nairobi };
    const post = (payload: object) =>
      app.inject({ method: 'POST', url: '/api/carts/recipe-ingredients', headers, payload });
    expect((await post({ recipe: 'no-such-recipe', servings: 4 })).statusCode).toBe(404);
    expect((await post({ recipe: 'x', servings: 0 })).statusCode).toBe(400);
    expect((await post({ recipe: 'x', servings: 100 })).statusCode).toBe(400);
  });
});

import { randomBytes } from 'node:crypto';
import type { Cart } from '@malewa/contracts/carts/cart';
import type { SubstitutesOfLine } from '@malewa/contracts/carts/list-substitutes';
import type { ErrorResponse } from '@malewa/contracts/errors';
import type { CheckoutResponse } from '@malewa/contracts/orders/checkout';
import { items, providers } from '@malewa/db/schema/catalog';
import type { TestDatabase } from '@malewa/db/testing/test-database';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp } from '#api/testing/accounts.ts';
import { addressAt } from '#api/testing/orders.ts';
import { createTestOutbox, type TestOutbox } from '#api/testing/outbox.ts';
import { buildTestApp, createSeededDatabase } from '#api/testing/test-app.ts';

const NOW = new Date('2026-11-24T09:30:00Z');

let database: TestDatabase;
let outbox: TestOutbox;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createSeededDatabase({ now: NOW });
  outbox = await createTestOutbox(database);
  app = await buildTestApp(database, { now: () => NOW });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.destroy();
});

let shoppers = 0;
async function shopper() {
  shoppers += 1;
  const session = await signUp(app, database, outbox, { identifier: `substitutes.${shoppers}@example.com` });
  return { headers: { ...bearer(session), 'x-store-id': 'KE' } };
}

/** A Kenyan grocery store with products on sale by the piece, without choices, plenty in stock. */
async function groceryStore() {
  const rows = await database.db
    .select({
      id: items.id,
      slug: items.slug,
      price: items.price,
      providerId: providers.id,
      latitude: providers.latitude,
      longitude: providers.longitude,
      minimumOrder: providers.minimumOrder,
    })
    .from(items)
    .innerJoin(providers, eq(providers.id, items.providerId))
    .where(
      and(
        eq(items.countryCode, 'KE'),
        eq(items.service, 'grocery'),
        eq(providers.status, 'active'),
        eq(items.available, true),
        sql`coalesce(${items.stock}, 1000) >= 50`,
        eq(items.stepMilli, 1000),
        sql`jsonb_array_length(${items.options}) = 0`,
      ),
    )
    .orderBy(items.slug);
  const first = rows[0];
  if (!first) throw new Error('no Kenyan grocery product');
  return { product: first };
}

const lineOf = (cart: Cart) => cart.groups[0]?.lines[0];

describe('this one instead', () => {
  it('names another item of the same shop, which travels with the order', async () => {
    const { headers } = await shopper();
    const { product } = await groceryStore();
    const quantity = Math.max(1, Math.ceil(product.minimumOrder / product.price));
    const added = await app.inject({
      method: 'POST',
      url: '/api/carts/grocery/items',
      headers,
      payload: { item: product.slug, quantity },
    });
    const line = lineOf(added.json<{ data: Cart }>().data);
    expect(line?.substitution).toBe('best_match');

    const listed = await app.inject({
      method: 'GET',
      url: `/api/carts/grocery/items/${line?.id}/substitutes`,
      headers,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const { substitutes } = listed.json<{ data: SubstitutesOfLine }>().data;
    expect(substitutes.length).toBeGreaterThan(0);
    expect(substitutes.map((entry) => entry.slug)).not.toContain(product.slug);
    const ofShop = await database.db
      .select({ slug: items.slug })
      .from(items)
      .where(eq(items.providerId, product.providerId));
    for (const entry of substitutes) expect(ofShop.map((item) => item.slug)).toContain(entry.slug);
    const named = substitutes[0];

    const chosen = await app.inject({
      method: 'PATCH',
      url: `/api/carts/grocery/items/${line?.id}`,
      headers,
      payload: { substitution: 'specific', substitute: named?.slug },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(lineOf(chosen.json<{ data: Cart }>().data)).toMatchObject({
      substitution: 'specific',
      substitute: { slug: named?.slug, name: named?.name },
    });

    const placed = await app.inject({
      method: 'POST',
      url: '/api/carts/grocery/checkout',
      headers: { ...headers, 'idempotency-key': randomBytes(18).toString('base64url') },
      payload: { address: addressAt(product), payment: { method: 'cash' } },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json<CheckoutResponse>().data.orders[0]?.lines[0]).toMatchObject({
      substitution: 'specific',
      substitute: { slug: named?.slug },
    });
  });

  it('names the item instead by its id as well as by its slug', async () => {
    const { headers } = await shopper();
    const { product } = await groceryStore();
    const added = await app.inject({
      method: 'POST',
      url: '/api/carts/grocery/items',
      headers,
      payload: { item: product.id, quantity: 1 },
    });
    expect(added.statusCode, added.body).toBe(201);
    const line = lineOf(added.json<{ data: Cart }>().data);
    const listed = await app.inject({
      method: 'GET',
      url: `/api/carts/grocery/items/${line?.id}/substitutes`,
      headers,
    });
    const named = listed.json<{ data: SubstitutesOfLine }>().data.substitutes[0];
    const [namedRow] = await database.db
      .select({ id: items.id })
      .from(items)
      .where(and(eq(items.service, 'grocery'), eq(items.slug, named?.slug ?? '')));
    const chosen = await app.inject({
      method: 'PATCH',
      url: `/api/carts/grocery/items/${line?.id}`,
      headers,
      payload: { substitution: 'specific', substitute: namedRow?.id },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(lineOf(chosen.json<{ data: Cart }>().data)).toMatchObject({
      substitution: 'specific',
      substitute: { slug: named?.slug },
    });
    // The item itself, by its id, is no substitute.
    const itself = await app.inject({
      method: 'PATCH',
      url: `/api/carts/grocery/items/${line?.id}`,
      headers,
      payload: { substitution: 'specific', substitute: product.id },
    });
    expect(itself.json<ErrorResponse>().errors).toEqual({ substitute: ['not_of_shop'] });
  });

  it('refuses an item of another shop, the item itself, or no item, and others’ lines are not found', async () => {
    const { headers } = await shopper();
    const { product } = await groceryStore();
    const added = await app.inject({
      method: 'POST',
      url: '/api/carts/grocery/items',
      headers,
      payload: { item: product.slug, quantity: 1 },
    });
    const line = lineOf(added.json<{ data: Cart }>().data);
    const [elsewhere] = await database.db
      .select({ slug: items.slug })
      .from(items)
      .where(and(eq(items.service, 'grocery'), ne(items.providerId, product.providerId), eq(items.countryCode, 'KE')))
      .limit(1);
    const patch = (payload: object) =>
      app.inject({ method: 'PATCH', url: `/api/carts/grocery/items/${line?.id}`, headers, payload });
    for (const substitute of [elsewhere?.slug, product.slug, 'no-such-item']) {
      const refused = await patch({ substitution: 'specific', substitute });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json<ErrorResponse>().errors).toEqual({ substitute: ['not_of_shop'] });
    }
    expect((await patch({ substitution: 'specific' })).statusCode).toBe(400);
    expect((await patch({ substitution: 'refund', substitute: product.slug })).statusCode).toBe(400);
    // Back to the best match: the named item is forgotten.
    const back = await patch({ substitution: 'best_match' });
    expect(lineOf(back.json<{ data: Cart }>().data)).toMatchObject({ substitution: 'best_match', substitute: null });

    const other = await shopper();
    const theirs = await app.inject({
      method: 'GET',
      url: `/api/carts/grocery/items/${line?.id}/substitutes`,
      headers: other.headers,
    });
    expect(theirs.statusCode).toBe(404);
    const anonymous = await app.inject({
      method: 'GET',
      url: `/api/carts/grocery/items/${line?.id}/substitutes`,
      headers: { 'x-store-id': 'KE' },
    });
    expect(anonymous.statusCode).toBe(400);
  });
});

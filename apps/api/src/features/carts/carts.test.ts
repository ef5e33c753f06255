import { randomBytes } from 'node:crypto';
import type { Cart } from '@malewa/contracts/carts/cart';
import type { ErrorResponse } from '@malewa/contracts/errors';
import { offerRedemptions } from '@malewa/db/schema/carts';
import { items, offers, providers } from '@malewa/db/schema/catalog';
import { locations } from '@malewa/db/schema/locations';
import type { TestDatabase } from '@malewa/db/testing/test-database';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp } from '#api/testing/accounts.ts';
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

/** A guest's cart token, as the storefront makes them: 32 random bytes, base64url. */
const newToken = () => randomBytes(32).toString('base64url');
const guest = (token: string, market = 'KE') => ({ 'x-cart-token': token, 'x-store-id': market });

async function call(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
) {
  return app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function cart(response: Awaited<ReturnType<typeof call>>, status = 200): Promise<Cart> {
  expect(response.statusCode, response.body).toBe(status);
  return response.json<{ data: Cart }>().data;
}

function refusal(response: Awaited<ReturnType<typeof call>>, status: number): ErrorResponse['errors'] {
  expect(response.statusCode, response.body).toBe(status);
  return response.json<ErrorResponse>().errors;
}

/** A refusal's problem, the part a client acts on. */
function problemOf(response: Awaited<ReturnType<typeof call>>, status: number): ErrorResponse['problem'] {
  expect(response.statusCode, response.body).toBe(status);
  return response.json<ErrorResponse>().problem;
}

/** A Kenyan item of an active provider that matches `where`, for tests that need its kind. */
async function kenyanItem(where: ReturnType<typeof and>) {
  const [row] = await database.db
    .select({
      id: items.id,
      slug: items.slug,
      service: items.service,
      price: items.price,
      stock: items.stock,
      stepMilli: items.stepMilli,
      options: items.options,
      providerId: items.providerId,
    })
    .from(items)
    .innerJoin(providers, eq(providers.id, items.providerId))
    .where(and(eq(items.countryCode, 'KE'), eq(providers.status, 'active'), eq(items.available, true), where))
    .orderBy(items.slug)
    .limit(1);
  if (!row) throw new Error('the seed has no such item');
  return row;
}

const plainMeal = () =>
  kenyanItem(and(eq(items.service, 'food'), sql`jsonb_array_length(${items.options}) = 0`, isNull(items.stock)));

describe('a guest’s cart', () => {
  it('is empty before anything is added, in the market’s currency, and never cached', async () => {
    const response = await call('GET', '/api/carts/food', { 'x-store-id': 'KE' });
    const empty = await cart(response);
    expect(empty).toMatchObject({ service: 'food', countryCode: 'KE', currency: 'KES', lineCount: 0, groups: [] });
    expect(empty.subtotal).toEqual({ amount: 0, currency: 'KES' });
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('takes an item, priced by the catalog, and adds more of it to the same line', async () => {
    const token = newToken();
    const meal = await plainMeal();
    const first = await cart(
      await call('POST', '/api/carts/food/items', guest(token), { item: meal.slug, quantity: 2 }),
      201,
    );
    expect(first.lineCount).toBe(1);
    const [group] = first.groups;
    expect(group?.lines[0]).toMatchObject({
      item: { slug: meal.slug },
      quantity: 2,
      unitPrice: { amount: meal.price, currency: 'KES' },
      total: { amount: meal.price * 2, currency: 'KES' },
      problems: [],
    });
    const again = await cart(
      await call('POST', '/api/carts/food/items', guest(token), { item: meal.slug, quantity: 1 }),
      201,
    );
    expect(again.lineCount).toBe(1);
    expect(again.groups[0]?.lines[0]?.quantity).toBe(3);
    expect(again.subtotal.amount).toBe(meal.price * 3);
    // The same token reads it back; the cart is the market's: Rwanda has none.
    expect((await cart(await call('GET', '/api/carts/food', guest(token)))).lineCount).toBe(1);
    expect((await cart(await call('GET', '/api/carts/food', guest(token, 'RW')))).lineCount).toBe(0);
    expect((await cart(await call('GET', '/api/carts/grocery', guest(token)))).lineCount).toBe(0);
  });

  it('takes an item by its id as its page does, onto the line its slug makes', async () => {
    const token = newToken();
    const meal = await plainMeal();
    // The item's page names it either way; so does the cart.
    expect((await call('GET', `/api/food/meals/${meal.id}`, { 'x-store-id': 'KE' })).statusCode).toBe(200);
    const byId = await cart(await call('POST', '/api/carts/food/items', guest(token), { item: meal.id }), 201);
    expect(byId.groups[0]?.lines[0]).toMatchObject({ item: { slug: meal.slug }, quantity: 1 });
    const upper = meal.id.toUpperCase();
    const both = await cart(
      await call('POST', '/api/carts/food/items', guest(token), { item: meal.slug, quantity: 1 }),
      201,
    );
    expect(both.lineCount).toBe(1);
    expect(both.groups[0]?.lines[0]?.quantity).toBe(2);
    expect(
      (await cart(await call('POST', '/api/carts/food/items', guest(token), { item: upper }), 201)).lineCount,
    ).toBe(1);
    // An id names no item of another service or market.
    expect((await call('POST', '/api/carts/grocery/items', guest(token), { item: meal.id })).statusCode).toBe(404);
    expect((await call('POST', '/api/carts/food/items', guest(token, 'RW'), { item: meal.id })).statusCode).toBe(404);
  });

  it('prices the choices of an item’s options, and keeps different choices on different lines', async () => {
    const token = newToken();
    const meal = await kenyanItem(
      and(
        eq(items.service, 'food'),
        sql`jsonb_array_length(${items.options}) > 0`,
        sql`(${items.options} -> 0 ->> 'required')::boolean`,
      ),
    );
    const required = meal.options[0];
    if (!required) throw new Error('no option');
    const missing = refusal(
      await call('POST', '/api/carts/food/items', guest(token), { item: meal.slug, quantity: 1 }),
      400,
    );
    expect(missing.choices).toBeDefined();
    const outOfRange = refusal(
      await call('POST', '/api/carts/food/items', guest(token), { item: meal.slug, quantity: 1, choices: [[99]] }),
      400,
    );
    expect(outOfRange.choices).toBeDefined();
    const last = required.choices.length - 1;
    const chosen = await cart(
      await call(
        'POST',
        '/api/carts/food/items',
        { ...guest(token), 'accept-language': 'en' },
        { item: meal.slug, quantity: 1, choices: [[last]] },
      ),
      201,
    );
    const line = chosen.groups[0]?.lines[0];
    expect(line?.unitPrice.amount).toBe(meal.price + (required.choices[last]?.price ?? 0));
    expect(line?.choices[0]?.choice.text).toBe(required.choices[last]?.name.en);
    const other = await cart(
      await call('POST', '/api/carts/food/items', guest(token), { item: meal.slug, quantity: 1, choices: [[0]] }),
      201,
    );
    expect(other.lineCount).toBe(2);
  });

  it('sells weighed produce in its step, and refuses what the step or the stock cannot give', async () => {
    const token = newToken();
    const potatoes = await kenyanItem(and(eq(items.service, 'farm'), eq(items.stepMilli, 500), gt(items.stock, 2)));
    const added = await cart(
      await call('POST', '/api/carts/farm/items', guest(token), { item: potatoes.slug, quantity: 1.5 }),
      201,
    );
    expect(added.groups[0]?.lines[0]).toMatchObject({
      quantity: 1.5,
      total: { amount: Math.round(potatoes.price * 1.5) },
    });
    expect(
      refusal(await call('POST', '/api/carts/farm/items', guest(token), { item: potatoes.slug, quantity: 0.3 }), 400)
        .quantity,
    ).toBeDefined();
    const stock = potatoes.stock ?? 0;
    expect(
      refusal(
        await call('POST', '/api/carts/farm/items', guest(token), {
          item: potatoes.slug,
          quantity: Math.min(stock, 98),
        }),
        stock < 98 ? 409 : 422,
      ).message,
    ).toBeTruthy();
  });

  it('is where the shopper’s location says, a location no longer served being refused as the catalog refuses it', async () => {
    const token = newToken();
    const [kigali] = await database.db
      .select({ id: locations.id })
      .from(locations)
      .where(and(eq(locations.countryCode, 'RW'), eq(locations.isActive, true)))
      .limit(1);
    const here = { ...guest(token, 'KE'), 'x-store-location': kigali?.id ?? '' };
    // The location's market wins over X-STORE-ID: a Kenyan header, a Rwandan cart.
    expect((await cart(await call('GET', '/api/carts/food', here))).currency).toBe('RWF');
    await database.db
      .update(locations)
      .set({ isActive: false })
      .where(eq(locations.id, kigali?.id ?? ''));
    try {
      for (const url of ['/api/carts/food', '/api/food/meals']) {
        expect(refusal(await call('GET', url, here), 400), url).toHaveProperty(['X-STORE-LOCATION']);
      }
    } finally {
      await database.db
        .update(locations)
        .set({ isActive: true })
        .where(eq(locations.id, kigali?.id ?? ''));
    }
  });

  it('refuses bad input with a clear error and no 5xx', async () => {
    const token = newToken();
    const meal = await plainMeal();
    const post = (body: unknown, headers: Record<string, string> = guest(token)) =>
      call('POST', '/api/carts/food/items', headers, body);
    for (const quantity of [0, -1, 1000, 2.5, '2']) {
      expect((await post({ item: meal.slug, quantity })).statusCode, String(quantity)).toBe(400);
    }
    // Money and owners are the server's: a request that names them is refused.
    expect((await post({ item: meal.slug, quantity: 1, price: 1 })).statusCode).toBe(400);
    expect((await post({ item: meal.slug, quantity: 1, unitPrice: { amount: 1, currency: 'KES' } })).statusCode).toBe(
      400,
    );
    expect((await post({ item: 'no-such-meal', quantity: 1 })).statusCode).toBe(404);
    expect(
      (await post({ item: meal.slug, quantity: 1 }, { 'x-cart-token': 'short', 'x-store-id': 'KE' })).statusCode,
    ).toBe(400);
    expect((await post({ item: meal.slug, quantity: 1 }, { 'x-store-id': 'KE' })).statusCode).toBe(400);
    expect((await post({ item: meal.slug, quantity: 1 }, { 'x-cart-token': token })).statusCode).toBe(400);
    expect((await call('GET', '/api/carts/laundry', guest(token))).statusCode).toBe(400);
    // An item of another market is not on sale here.
    const [rwandan] = await database.db
      .select({ slug: items.slug })
      .from(items)
      .where(and(eq(items.countryCode, 'RW'), eq(items.service, 'food')))
      .limit(1);
    expect((await post({ item: rwandan?.slug, quantity: 1 })).statusCode).toBe(404);
    // A suspended provider's items cannot be added.
    const [suspended] = await database.db
      .select({ slug: items.slug, service: items.service })
      .from(items)
      .innerJoin(providers, eq(providers.id, items.providerId))
      .where(and(eq(items.countryCode, 'KE'), eq(providers.status, 'suspended')))
      .limit(1);
    if (!suspended) throw new Error('the seed has no suspended Kenyan shop');
    const response = await call('POST', `/api/carts/${suspended.service}/items`, guest(token), {
      item: suspended.slug,
      quantity: 1,
    });
    expect(response.statusCode).toBe(404);
    expect((await cart(await call('GET', '/api/carts/food', guest(token)))).lineCount).toBe(0);
  });
});

describe('changing a cart', () => {
  it('changes a line’s quantity and substitution preference, and removes it', async () => {
    const token = newToken();
    const tomatoes = await kenyanItem(and(eq(items.service, 'grocery'), gt(items.stock, 5)));
    const added = await cart(
      await call('POST', '/api/carts/grocery/items', guest(token), { item: tomatoes.slug, quantity: 1 }),
      201,
    );
    const lineId = added.groups[0]?.lines[0]?.id ?? '';
    expect(added.groups[0]?.lines[0]?.substitution).toBe('best_match');
    const changed = await cart(
      await call('PATCH', `/api/carts/grocery/items/${lineId}`, guest(token), { quantity: 4, substitution: 'refund' }),
    );
    expect(changed.groups[0]?.lines[0]).toMatchObject({ quantity: 4, substitution: 'refund' });
    expect(refusal(await call('PATCH', `/api/carts/grocery/items/${lineId}`, guest(token), {}), 400)).toEqual({
      body: ['Send a quantity or a substitution preference'],
    });
    expect(
      (await call('PATCH', `/api/carts/grocery/items/${lineId}`, guest(token), { quantity: (tomatoes.stock ?? 0) + 1 }))
        .statusCode,
    ).toBe((tomatoes.stock ?? 0) + 1 > 99 ? 400 : 409);
    const emptied = await cart(await call('DELETE', `/api/carts/grocery/items/${lineId}`, guest(token)));
    expect(emptied.lineCount).toBe(0);
    expect((await call('DELETE', `/api/carts/grocery/items/${lineId}`, guest(token))).statusCode).toBe(404);
  });

  it('says when a line’s price changed or its item is gone, instead of changing or dropping it', async () => {
    const token = newToken();
    const meal = await plainMeal();
    await cart(await call('POST', '/api/carts/food/items', guest(token), { item: meal.slug, quantity: 2 }), 201);
    try {
      await database.db
        .update(items)
        .set({ price: meal.price + 5000 })
        .where(eq(items.id, meal.id));
      const dearer = await cart(await call('GET', '/api/carts/food', guest(token)));
      const line = dearer.groups[0]?.lines[0];
      expect(line?.problems).toEqual(['price_changed']);
      expect(line?.unitPrice.amount).toBe(meal.price + 5000);
      expect(line?.addedUnitPrice.amount).toBe(meal.price);
      expect(line?.total.amount).toBe((meal.price + 5000) * 2);
      // Changing the quantity accepts today's price.
      const accepted = await cart(
        await call('PATCH', `/api/carts/food/items/${line?.id}`, guest(token), { quantity: 1 }),
      );
      expect(accepted.groups[0]?.lines[0]?.problems).toEqual([]);

      await database.db.update(items).set({ available: false }).where(eq(items.id, meal.id));
      const gone = await cart(await call('GET', '/api/carts/food', guest(token)));
      expect(gone.lineCount).toBe(1);
      expect(gone.groups[0]?.lines[0]?.problems).toContain('unavailable');
      expect(gone.subtotal.amount).toBe(0);
      expect(
        (await call('POST', '/api/carts/food/items', guest(token), { item: meal.slug, quantity: 1 })).statusCode,
      ).toBe(409);
    } finally {
      await database.db.update(items).set({ price: meal.price, available: true }).where(eq(items.id, meal.id));
    }
  });

  it('groups lines by provider, each with its minimum order', async () => {
    const token = newToken();
    const first = await plainMeal();
    const second = await kenyanItem(
      and(
        eq(items.service, 'food'),
        sql`jsonb_array_length(${items.options}) = 0`,
        ne(items.providerId, first.providerId),
      ),
    );
    await call('POST', '/api/carts/food/items', guest(token), { item: first.slug, quantity: 1 });
    const both = await cart(
      await call('POST', '/api/carts/food/items', guest(token), { item: second.slug, quantity: 1 }),
      201,
    );
    expect(both.groups).toHaveLength(2);
    for (const group of both.groups) {
      expect(group.belowMinimum).toBe(group.subtotal.amount < group.provider.minimumOrder.amount);
      expect(group.subtotal.amount).toBe(group.lines.reduce((sum, line) => sum + line.total.amount, 0));
    }
    expect(both.subtotal.amount).toBe(first.price + second.price);
  });

  it('makes one line of many adds at once', async () => {
    const token = newToken();
    const meal = await plainMeal();
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        call('POST', '/api/carts/food/items', guest(token), { item: meal.slug, quantity: 1 }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(201));
    const after = await cart(await call('GET', '/api/carts/food', guest(token)));
    expect(after.lineCount).toBe(1);
    expect(after.groups[0]?.lines[0]?.quantity).toBe(10);
  });
});

describe('whose cart', () => {
  it('lets no one else see or change a line: another guest, a signed-in shopper, anyone gets 404', async () => {
    const token = newToken();
    const meal = await plainMeal();
    const mine = await cart(
      await call('POST', '/api/carts/food/items', guest(token), { item: meal.slug, quantity: 1 }),
      201,
    );
    const lineId = mine.groups[0]?.lines[0]?.id ?? '';
    const amina = await signUp(app, database, outbox, { identifier: 'amina.cart@example.com' });
    const strangers = [
      guest(newToken()),
      { ...bearer(amina), 'x-store-id': 'KE' },
      { ...bearer(amina), ...guest(token) },
    ];
    for (const headers of strangers) {
      expect((await call('PATCH', `/api/carts/food/items/${lineId}`, headers, { quantity: 5 })).statusCode).toBe(404);
      expect((await call('DELETE', `/api/carts/food/items/${lineId}`, headers)).statusCode).toBe(404);
      expect((await cart(await call('GET', '/api/carts/food', headers))).lineCount).toBe(0);
    }
    expect((await cart(await call('GET', '/api/carts/food', guest(token)))).groups[0]?.lines[0]?.quantity).toBe(1);
  });

  it('keeps a signed-in shopper’s cart with their account, whatever device asks', async () => {
    const kamau = await signUp(app, database, outbox, { identifier: 'kamau.cart@example.com' });
    const meal = await plainMeal();
    const headers = { ...bearer(kamau), 'x-store-id': 'KE' };
    await cart(await call('POST', '/api/carts/food/items', headers, { item: meal.slug, quantity: 2 }), 201);
    const elsewhere = await cart(await call('GET', '/api/carts/food', { ...headers, 'x-cart-token': newToken() }));
    expect(elsewhere.groups[0]?.lines[0]?.quantity).toBe(2);
  });
});

describe('counting the lines of my carts', () => {
  it('counts each service’s lines in the market, and nothing for a guest without a token', async () => {
    expect((await call('GET', '/api/carts', { 'x-store-id': 'KE' })).json()).toEqual({
      data: { lineCount: 0, services: [] },
    });
    const token = newToken();
    const meal = await plainMeal();
    const product = await kenyanItem(and(eq(items.service, 'grocery'), gt(items.stock, 5)));
    await call('POST', '/api/carts/food/items', guest(token), { item: meal.slug, quantity: 2 });
    await call('POST', '/api/carts/grocery/items', guest(token), { item: product.slug, quantity: 1 });
    const counted = await call('GET', '/api/carts', guest(token));
    expect(counted.statusCode, counted.body).toBe(200);
    expect(counted.headers['cache-control']).toBe('private, no-store');
    expect(counted.json()).toEqual({
      data: {
        lineCount: 2,
        services: [
          { service: 'food', lineCount: 1 },
          { service: 'grocery', lineCount: 1 },
        ],
      },
    });
    expect((await call('GET', '/api/carts', guest(token, 'RW'))).json()).toEqual({
      data: { lineCount: 0, services: [] },
    });
  });
});

describe('merging a guest’s cart at sign-in', () => {
  it('moves every line into the account’s carts, adds to the lines it already has, and moves nothing twice', async () => {
    const token = newToken();
    const meal = await plainMeal();
    const other = await kenyanItem(
      and(eq(items.service, 'food'), sql`jsonb_array_length(${items.options}) = 0`, ne(items.id, meal.id)),
    );
    const product = await kenyanItem(and(eq(items.service, 'grocery'), gt(items.stock, 5)));
    await call('POST', '/api/carts/food/items', guest(token), { item: meal.slug, quantity: 2 });
    await call('POST', '/api/carts/food/items', guest(token), { item: other.slug, quantity: 1 });
    await call('POST', '/api/carts/grocery/items', guest(token), { item: product.slug, quantity: 1 });
    const zawadi = await signUp(app, database, outbox, { identifier: 'zawadi.cart@example.com' });
    const signedIn = { ...bearer(zawadi), 'x-store-id': 'KE' };
    await call('POST', '/api/carts/food/items', signedIn, { item: meal.slug, quantity: 1 });

    const merge = () => call('POST', '/api/carts/merge', { ...bearer(zawadi), 'x-cart-token': token });
    const first = await merge();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<{ data: { movedLines: number } }>().data.movedLines).toBe(3);
    const food = await cart(await call('GET', '/api/carts/food', signedIn));
    const quantities = Object.fromEntries(
      food.groups.flatMap((group) => group.lines).map((line) => [line.item.slug, line.quantity]),
    );
    expect(quantities).toEqual({ [meal.slug]: 3, [other.slug]: 1 });
    expect((await cart(await call('GET', '/api/carts/grocery', signedIn))).lineCount).toBe(1);
    expect((await cart(await call('GET', '/api/carts/food', guest(token)))).lineCount).toBe(0);

    const second = await merge();
    expect(second.json<{ data: { movedLines: number } }>().data.movedLines).toBe(0);
    expect((await cart(await call('GET', '/api/carts/food', signedIn))).groups.flatMap((g) => g.lines)).toHaveLength(2);
  });

  it('needs a signed-in shopper and a token', async () => {
    expect((await call('POST', '/api/carts/merge', { 'x-cart-token': newToken() })).statusCode).toBe(401);
    const neema = await signUp(app, database, outbox, { identifier: 'neema.cart@example.com' });
    expect((await call('POST', '/api/carts/merge', bearer(neema))).statusCode).toBe(400);
    expect((await call('POST', '/api/carts/merge', { ...bearer(neema), 'x-cart-token': 'x' })).statusCode).toBe(400);
  });
});

describe('delivery to the shopper’s location', () => {
  it('gives each provider’s part its fee and time to the chosen location, or says it does not deliver there', async () => {
    const token = newToken();
    const meal = await plainMeal();
    await call('POST', '/api/carts/food/items', guest(token), { item: meal.slug, quantity: 1 });
    const unknown = await cart(await call('GET', '/api/carts/food', guest(token)));
    expect(unknown.groups[0]).toMatchObject({ deliversHere: null, delivery: null });
    expect(unknown.deliveryFee.amount).toBe(0);

    // The Kenyan location nearest the kitchen, and the farthest.
    const [kitchen] = await database.db
      .select({ latitude: providers.latitude, longitude: providers.longitude })
      .from(providers)
      .where(eq(providers.id, meal.providerId));
    const places = await database.db
      .select({ id: locations.id, latitude: locations.latitude, longitude: locations.longitude })
      .from(locations)
      .where(eq(locations.countryCode, 'KE'));
    const away = (place: { latitude: number; longitude: number }) =>
      Math.hypot(place.latitude - (kitchen?.latitude ?? 0), place.longitude - (kitchen?.longitude ?? 0));
    places.sort((a, b) => away(a) - away(b));
    const near = await cart(
      await call('GET', '/api/carts/food', { 'x-cart-token': token, 'x-store-location': places[0]?.id ?? '' }),
    );
    const group = near.groups[0];
    expect(group?.deliversHere).toBe(true);
    expect(group?.delivery?.fee.currency).toBe('KES');
    expect(group?.delivery?.etaMinutes).toBeGreaterThan(0);
    expect(near.deliveryFee.amount).toBe(group?.delivery?.fee.amount);
    expect(near.total.amount).toBe(near.subtotal.amount + near.deliveryFee.amount);

    const far = await cart(
      await call('GET', '/api/carts/food', { 'x-cart-token': token, 'x-store-location': places.at(-1)?.id ?? '' }),
    );
    expect(far.groups[0]).toMatchObject({ deliversHere: false, delivery: null });
    expect(far.total.amount).toBe(far.subtotal.amount);
  });
});

describe('coupons', () => {
  const DAY = 86_400_000;
  let serial = 0;
  /** A Kenyan food coupon valid around NOW unless told otherwise, with a code of its own. */
  async function coupon(values: Partial<typeof offers.$inferInsert> = {}) {
    serial += 1;
    const code = `TEST${serial}CODE`;
    const [row] = await database.db
      .insert(offers)
      .values({
        countryCode: 'KE',
        service: 'food',
        kind: 'percent',
        value: 10,
        startsAt: new Date(NOW.getTime() - DAY),
        endsAt: new Date(NOW.getTime() + DAY),
        code,
        ...values,
      })
      .returning({ id: offers.id, code: offers.code });
    if (!row?.code) throw new Error('no coupon');
    return { id: row.id, code: row.code };
  }

  async function shopperWithMeal(name: string, quantity = 2) {
    const session = await signUp(app, database, outbox, { identifier: `${name}.coupon@example.com` });
    const headers = { ...bearer(session), 'x-store-id': 'KE' };
    const meal = await plainMeal();
    const added = await cart(await call('POST', '/api/carts/food/items', headers, { item: meal.slug, quantity }), 201);
    return { session, headers, meal, added };
  }

  const put = (headers: Record<string, string>, code: string) =>
    call('PUT', '/api/carts/food/coupon', headers, { code });

  it('takes a percentage off the subtotal, rounding down, and comes off again', async () => {
    const { headers, added } = await shopperWithMeal('wanjiru');
    const { code } = await coupon();
    const discounted = await cart(await put(headers, code.toLowerCase()));
    const expected = Math.floor((added.subtotal.amount * 10) / 100);
    expect(discounted.coupon).toMatchObject({ code, kind: 'percent', problem: null, discount: { amount: expected } });
    expect(discounted.discount.amount).toBe(expected);
    expect(discounted.total.amount).toBe(added.subtotal.amount - expected);
    const removed = await cart(await call('DELETE', '/api/carts/food/coupon', headers));
    expect(removed.coupon).toBeNull();
    expect(removed.total.amount).toBe(added.subtotal.amount);
  });

  it('never takes the total below zero', async () => {
    const { headers, added } = await shopperWithMeal('otieno', 1);
    const { code } = await coupon({ kind: 'fixed', value: added.subtotal.amount * 10 });
    const free = await cart(await put(headers, code));
    expect(free.discount.amount).toBe(added.subtotal.amount);
    expect(free.total.amount).toBe(0);
  });

  it('says why it refuses a coupon, and leaves the cart as it was', async () => {
    const { session, headers, added, meal } = await shopperWithMeal('akinyi');
    const reasons: [Partial<typeof offers.$inferInsert>, string][] = [
      [{ endsAt: new Date(NOW.getTime() - 1000), startsAt: new Date(NOW.getTime() - DAY) }, 'expired'],
      [{ startsAt: new Date(NOW.getTime() + DAY), endsAt: new Date(NOW.getTime() + 2 * DAY) }, 'not_started'],
      [{ minimumSubtotal: added.subtotal.amount + 1 }, 'below_minimum'],
      [{ totalLimit: 5, redemptions: 5 }, 'used_up'],
    ];
    for (const [values, reason] of reasons) {
      const { code } = await coupon(values);
      const refused = await put(headers, code);
      expect(problemOf(refused, 422), reason).toEqual(
        reason === 'below_minimum'
          ? { code: reason, minimumSubtotal: { ...added.subtotal, amount: added.subtotal.amount + 1 } }
          : { code: reason },
      );
      // The field's message, for a reader of the API; the storefront words the problem.
      expect(Object.keys(refused.json<ErrorResponse>().errors)).toEqual(['code']);
    }
    const once = await coupon({ perShopperLimit: 1 });
    await database.db.insert(offerRedemptions).values({ offerId: once.id, userId: session.user.id });
    expect(problemOf(await put(headers, once.code), 422)).toEqual({ code: 'already_used' });
    const [elsewhere] = await database.db
      .select({ id: providers.id })
      .from(providers)
      .where(and(eq(providers.countryCode, 'KE'), eq(providers.service, 'food'), ne(providers.id, meal.providerId)))
      .limit(1);
    const theirs = await coupon({ providerId: elsewhere?.id ?? null });
    expect(problemOf(await put(headers, theirs.code), 422)).toEqual({ code: 'provider_not_in_cart' });
    expect((await cart(await call('GET', '/api/carts/food', headers))).coupon).toBeNull();

    expect(refusal(await put(headers, 'NOSUCHCODE'), 404).code).toBeDefined();
    expect((await put(headers, 'x')).statusCode).toBe(400);
    expect((await put(guest(newToken()), (await coupon()).code)).statusCode).toBe(401);
  });

  it('counts a provider’s coupon on that provider’s part of the cart only', async () => {
    const { headers, meal, added } = await shopperWithMeal('baraka', 1);
    const other = await kenyanItem(
      and(
        eq(items.service, 'food'),
        sql`jsonb_array_length(${items.options}) = 0`,
        ne(items.providerId, meal.providerId),
      ),
    );
    await call('POST', '/api/carts/food/items', headers, { item: other.slug, quantity: 1 });
    const { code } = await coupon({ providerId: meal.providerId, value: 50 });
    const discounted = await cart(await put(headers, code));
    expect(discounted.discount.amount).toBe(Math.floor(added.subtotal.amount / 2));
    expect(discounted.total.amount).toBe(discounted.subtotal.amount - discounted.discount.amount);
  });

  it('takes the delivery fee off for free delivery', async () => {
    const { session, meal } = await shopperWithMeal('chebet', 1);
    const [kitchen] = await database.db
      .select({ locationId: providers.locationId })
      .from(providers)
      .where(eq(providers.id, meal.providerId));
    const headers = { ...bearer(session), 'x-store-location': kitchen?.locationId ?? '' };
    const { code } = await coupon({ kind: 'free-delivery', value: 0 });
    const before = await cart(await call('GET', '/api/carts/food', headers));
    expect(before.deliveryFee.amount).toBeGreaterThan(0);
    const free = await cart(await put(headers, code));
    expect(free.discount.amount).toBe(before.deliveryFee.amount);
    expect(free.total.amount).toBe(before.subtotal.amount);
  });

  it('is judged again on every read: a cart that falls under the minimum keeps the coupon but no discount', async () => {
    const { headers, added } = await shopperWithMeal('makena', 2);
    const { code } = await coupon({ minimumSubtotal: added.subtotal.amount });
    await cart(await put(headers, code));
    const lineId = added.groups[0]?.lines[0]?.id ?? '';
    const smaller = await cart(await call('PATCH', `/api/carts/food/items/${lineId}`, headers, { quantity: 1 }));
    expect(smaller.coupon).toMatchObject({ code, problem: 'below_minimum', discount: { amount: 0 } });
    expect(smaller.total.amount).toBe(smaller.subtotal.amount);
  });
});

describe('the OpenAPI document', () => {
  it('has the cart routes with their schemas', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>>;
    }>();
    expect(document.paths['/api/carts']?.get?.responses['200']).toBeDefined();
    expect(document.paths['/api/carts/{service}']?.get?.responses['200']).toBeDefined();
    expect(document.paths['/api/carts/merge']?.post?.responses['200']).toBeDefined();
    expect(document.paths['/api/carts/{service}/coupon']?.put?.requestBody).toBeDefined();
    expect(document.paths['/api/carts/{service}/coupon']?.delete?.responses['200']).toBeDefined();
    expect(document.paths['/api/carts/{service}/items']?.post?.requestBody).toBeDefined();
    expect(document.paths['/api/carts/{service}/items/{lineId}']?.patch?.requestBody).toBeDefined();
    expect(document.paths['/api/carts/{service}/items/{lineId}']?.delete?.responses['200']).toBeDefined();
  });
});

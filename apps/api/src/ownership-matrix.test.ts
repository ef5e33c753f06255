import { randomBytes, randomUUID } from 'node:crypto';
import type { SavedAddress } from '@malewa/contracts/addresses/saved-address';
import type { Cart } from '@malewa/contracts/carts/cart';
import type { Payment } from '@malewa/contracts/payments/payment';
import { providerMembers } from '@malewa/db/schema/catalog';
import { savedCards } from '@malewa/db/schema/payments';
import type { TestDatabase } from '@malewa/db/testing/test-database';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp } from './testing/accounts.ts';
import { addressAt, enough, placeOrderOf, twoKitchensNearby } from './testing/orders.ts';
import { createTestOutbox } from './testing/outbox.ts';
import { buildTestApp, createSeededDatabase } from './testing/test-app.ts';

/**
 * Every id is checked against its owner (docs/product/checkout.md, ownership): each route that
 * names a shopper's thing is tried as its owner, another shopper, a provider of another shop,
 * and no one. Someone else's thing does not exist for them (404); no one signed in is a 401;
 * the owner gets it.
 */
let database: TestDatabase;
let app: FastifyInstance;
type Who = 'owner' | 'other' | 'provider' | 'anonymous';
const people = {} as Record<Who, Record<string, string>>;
const ids = {} as { order: string; line: string; address: string; payment: string; card: string };

beforeAll(async () => {
  database = await createSeededDatabase({ openAllDay: true });
  app = await buildTestApp(database);
  await app.ready();
  const outbox = await createTestOutbox(database);
  const [kitchen, otherKitchen] = await twoKitchensNearby(database);
  const market = { 'x-store-id': 'KE' };
  const owner = await signUp(app, database, outbox, { identifier: 'owner.matrix@example.com' });
  people.owner = { ...bearer(owner), ...market };
  // A card the gateway keeps for the owner (as a card payment with "save this card" leaves it).
  const [card] = await database.db
    .insert(savedCards)
    .values({
      userId: owner.user.id,
      provider: 'sandbox',
      token: 'tok_sandbox_matrix',
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2030,
    })
    .returning({ id: savedCards.id });
  ids.card = card?.id ?? '';
  people.other = {
    ...bearer(await signUp(app, database, outbox, { identifier: 'other.matrix@example.com' })),
    ...market,
  };
  const cook = await signUp(app, database, outbox, { identifier: 'cook.matrix@example.com', roles: ['provider'] });
  await database.db.insert(providerMembers).values({ providerId: otherKitchen.providerId, userId: cook.user.id });
  people.provider = { ...bearer(cook), ...market };
  people.anonymous = { ...market };

  ids.order = (await placeOrderOf(app, people.owner, kitchen)).id;
  const added = await app.inject({
    method: 'POST',
    url: '/api/carts/food/items',
    headers: people.owner,
    payload: { item: kitchen.slug, quantity: enough(kitchen) },
  });
  ids.line = added.json<{ data: Cart }>().data.groups[0]?.lines[0]?.id ?? '';
  const address = await app.inject({
    method: 'POST',
    url: '/api/addresses',
    headers: people.owner,
    payload: { ...addressAt(kitchen), label: 'Home' },
  });
  ids.address = address.json<{ data: SavedAddress }>().data.id;
  const paying = await app.inject({
    method: 'POST',
    url: '/api/carts/food/checkout',
    headers: { ...people.owner, 'idempotency-key': randomBytes(18).toString('base64url') },
    payload: { address: addressAt(kitchen), payment: { method: 'mpesa', phone: '0712 345 678' } },
  });
  ids.payment = paying.json<{ data: { payment: Payment } }>().data.payment.id;
});

afterAll(async () => {
  await app?.close();
  await database?.destroy();
});

interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The route's path with `{id}`, the test's name. */
  path: string;
  url: () => string;
  payload?: object;
  /** A multipart body instead of JSON. */
  multipart?: () => Promise<{ payload: Buffer; contentType: string }>;
  /**
   * What each may get; the owner's is tried last, as it may change the thing. Absent for the
   * owner of a stream, which stays open (order-events.test.ts reads the owner's).
   */
  expect: Record<Exclude<Who, 'owner'>, number> & { owner?: number };
}

const shopperThing = { other: 404, provider: 404, anonymous: 401 };

/** A problem report's multipart form, as the storefront sends it (its line is judged after delivery). */
async function problemForm() {
  const form = new FormData();
  form.append('report', JSON.stringify({ lines: [{ orderLineId: randomUUID(), quantity: 1, reason: 'missing' }] }));
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type') ?? '' };
}
const address = () => ({ ...addressAt({ latitude: -1.29, longitude: 36.82 }), label: 'Mine' });

const ROUTES: Route[] = [
  {
    method: 'GET',
    path: '/api/orders/{id}',
    url: () => `/api/orders/${ids.order}`,
    expect: { owner: 200, ...shopperThing },
  },
  {
    method: 'GET',
    path: '/api/orders/{id}/events',
    url: () => `/api/orders/${ids.order}/events`,
    expect: shopperThing,
  },
  {
    method: 'POST',
    path: '/api/orders/{id}/reorder',
    url: () => `/api/orders/${ids.order}/reorder`,
    expect: { owner: 200, ...shopperThing },
  },
  {
    method: 'GET',
    path: '/api/orders/{id}/invoice',
    url: () => `/api/orders/${ids.order}/invoice`,
    // Not delivered yet: the owner is told so; the invoice itself is order-invoice.test.ts's.
    expect: { owner: 409, ...shopperThing },
  },
  {
    method: 'GET',
    path: '/api/orders/{id}/problems',
    url: () => `/api/orders/${ids.order}/problems`,
    expect: { owner: 200, ...shopperThing },
  },
  {
    method: 'POST',
    path: '/api/orders/{id}/problems',
    url: () => `/api/orders/${ids.order}/problems`,
    multipart: problemForm,
    // Not delivered yet: the owner is told so (problems.test.ts reports on delivered orders).
    expect: { owner: 422, ...shopperThing },
  },
  {
    method: 'POST',
    path: '/api/orders/{id}/rating',
    url: () => `/api/orders/${ids.order}/rating`,
    payload: { stars: 5 },
    // The owner's order is not delivered yet: a 409 that is theirs to see.
    expect: { owner: 409, ...shopperThing },
  },
  // Carts are per owner: another's line is not in one's own cart (a guest included).
  {
    method: 'PATCH',
    path: '/api/carts/food/items/{id}',
    url: () => `/api/carts/food/items/${ids.line}`,
    payload: { quantity: 2 },
    expect: { owner: 200, other: 404, provider: 404, anonymous: 404 },
  },
  {
    method: 'GET',
    path: '/api/carts/food/items/{id}/substitutes',
    url: () => `/api/carts/food/items/${ids.line}/substitutes`,
    expect: { owner: 200, other: 404, provider: 404, anonymous: 404 },
  },
  {
    method: 'PUT',
    path: '/api/addresses/{id}',
    url: () => `/api/addresses/${ids.address}`,
    payload: address(),
    expect: { owner: 200, ...shopperThing },
  },
  {
    method: 'GET',
    path: '/api/payments/{id}',
    url: () => `/api/payments/${ids.payment}`,
    expect: { owner: 200, ...shopperThing },
  },
  {
    method: 'POST',
    path: '/api/payments/{id}/sandbox',
    url: () => `/api/payments/${ids.payment}/sandbox`,
    payload: { decision: 'decline' },
    expect: { owner: 200, ...shopperThing },
  },
  // Moving an order is for the people of its own shop: a shopper has no such role (403).
  {
    method: 'POST',
    path: '/api/provider/orders/{id}/accept',
    url: () => `/api/provider/orders/${ids.order}/accept`,
    payload: { prepMinutes: 20 },
    expect: { owner: 403, other: 403, provider: 404, anonymous: 401 },
  },
  {
    method: 'POST',
    path: '/api/provider/orders/{id}/reject',
    url: () => `/api/provider/orders/${ids.order}/reject`,
    payload: { reason: 'Closed' },
    expect: { owner: 403, other: 403, provider: 404, anonymous: 401 },
  },
  {
    method: 'POST',
    path: '/api/provider/orders/{id}/advance',
    url: () => `/api/provider/orders/${ids.order}/advance`,
    payload: { to: 'preparing' },
    expect: { owner: 403, other: 403, provider: 404, anonymous: 401 },
  },
  {
    method: 'DELETE',
    path: '/api/carts/food/items/{id}',
    url: () => `/api/carts/food/items/${ids.line}`,
    expect: { owner: 200, other: 404, provider: 404, anonymous: 404 },
  },
  {
    method: 'DELETE',
    path: '/api/payments/cards/{id}',
    url: () => `/api/payments/cards/${ids.card}`,
    expect: { owner: 200, ...shopperThing },
  },
  {
    method: 'DELETE',
    path: '/api/addresses/{id}',
    url: () => `/api/addresses/${ids.address}`,
    expect: { owner: 200, ...shopperThing },
  },
  // The order chat: its shopper writes; anyone else has no such order (chat.test.ts tries shops and riders).
  {
    method: 'GET',
    path: '/api/orders/{id}/messages',
    url: () => `/api/orders/${ids.order}/messages`,
    expect: { owner: 200, ...shopperThing },
  },
  {
    method: 'POST',
    path: '/api/orders/{id}/messages',
    url: () => `/api/orders/${ids.order}/messages`,
    payload: { quickReply: 'at-the-gate' },
    expect: { owner: 201, ...shopperThing },
  },
  {
    method: 'POST',
    path: '/api/orders/{id}/cancel',
    url: () => `/api/orders/${ids.order}/cancel`,
    expect: { owner: 200, ...shopperThing },
  },
];

describe('the ownership matrix', () => {
  it.each(ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))('%s', async (_name, route) => {
    for (const who of ['anonymous', 'provider', 'other', 'owner'] as const) {
      const expected = route.expect[who];
      if (expected === undefined) continue;
      const headers =
        who === 'anonymous' && route.url().startsWith('/api/carts/')
          ? { ...people.anonymous, 'x-cart-token': randomBytes(32).toString('base64url') }
          : people[who];
      const form = route.multipart ? await route.multipart() : undefined;
      const response = await app.inject({
        method: route.method,
        url: route.url(),
        headers: form ? { ...headers, 'content-type': form.contentType } : headers,
        ...(form ? { payload: form.payload } : route.payload ? { payload: route.payload } : {}),
      });
      expect(`${who}: ${response.statusCode}`, response.body.slice(0, 200)).toBe(`${who}: ${expected}`);
    }
  });
});

import { randomBytes, randomUUID } from 'node:crypto';
import type { Application } from '@malewa/contracts/join/application';
import { ADVANCED_STATUSES } from '@malewa/contracts/orders/order';
import { providerMembers } from '@malewa/db/schema/catalog';
import { locations } from '@malewa/db/schema/locations';
import type { TestDatabase } from '@malewa/db/testing/test-database';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, freshAddress, fromAddress, signIn, signUp } from './testing/accounts.ts';
import { placeOrderOf, twoKitchensNearby } from './testing/orders.ts';
import { createTestOutbox } from './testing/outbox.ts';
import { fileForm, TINY_PNG } from './testing/photos.ts';
import { buildTestApp, createSeededDatabase } from './testing/test-app.ts';

/**
 * The consoles' authorization (docs/product/providers.md, console access): every route of the
 * OpenAPI document under `/api/provider/` and `/api/operator/` is tried as no one, a customer,
 * the people of shop A, the people of shop B, and an operator. Deny by default: no one is a
 * 401, a missing role a 403, another shop's thing a 404; only the right person gets through. A
 * console route missing from the table below fails the test, so a new one cannot go untried.
 */
type Who = 'anonymous' | 'customer' | 'providerA' | 'providerB' | 'operator';
const WHO: Who[] = ['anonymous', 'customer', 'providerA', 'providerB', 'operator'];

let database: TestDatabase;
let app: FastifyInstance;
const people = {} as Record<Who, Record<string, string>>;
/** Orders of shop A, one per move (a move changes its order), and applications to decide. */
const ids = {} as {
  shopA: string;
  toAccept: string;
  toReject: string;
  toAdvance: string;
  application: string;
  toReject2: string;
  shopB: string;
  listing: string;
  shopOffer: string;
  serviceOffer: string;
  document: string;
  account: string;
  problem: string;
  /** Riders of shop A: one to remove, one to suspend, one on shift to give an order by hand. */
  shopRider: string;
  suspendRider: string;
  handRider: string;
};
/** Accounts not riding yet, to be added as riders by the routes that add them. */
const newRiders = { shop: '', fleet: '' };

beforeAll(async () => {
  database = await createSeededDatabase({ openAllDay: true });
  app = await buildTestApp(database);
  await app.ready();
  const outbox = await createTestOutbox(database);
  const [shopA, shopB] = await twoKitchensNearby(database);
  const market = { 'x-store-id': 'KE' };
  const account = async (name: string, roles: ('provider' | 'operator')[] = []) =>
    signUp(app, database, outbox, { identifier: `${name}.${randomBytes(3).toString('hex')}@example.com`, roles });
  const customer = await account('customer');
  const cookA = await account('cook-a', ['provider']);
  const cookB = await account('cook-b', ['provider']);
  await database.db.insert(providerMembers).values([
    { providerId: shopA.providerId, userId: cookA.user.id },
    { providerId: shopB.providerId, userId: cookB.user.id },
  ]);
  people.anonymous = { ...market };
  people.customer = { ...bearer(customer), ...market };
  ids.account = customer.user.id;
  people.providerA = { ...bearer(cookA), ...market };
  people.providerB = { ...bearer(cookB), ...market };
  people.operator = { ...bearer(await account('operator', ['operator'])), ...market };

  ids.shopA = shopA.providerId;
  ids.shopB = shopB.providerId;
  ids.toAccept = (await placeOrderOf(app, people.customer, shopA)).id;
  ids.toReject = (await placeOrderOf(app, people.customer, shopA)).id;
  ids.toAdvance = (await placeOrderOf(app, people.customer, shopA)).id;
  const accepted = await app.inject({
    method: 'POST',
    url: `/api/provider/orders/${ids.toAdvance}/accept`,
    headers: people.providerA,
    payload: { prepMinutes: 15 },
  });
  expect(accepted.statusCode).toBe(200);

  const listed = await app.inject({
    method: 'POST',
    url: `/api/provider/shops/${ids.shopA}/listings`,
    headers: people.providerA,
    payload: LISTING,
  });
  expect(listed.statusCode, listed.body).toBe(201);
  ids.listing = listed.json<{ data: { id: string } }>().data.id;
  const shopOffer = await app.inject({
    method: 'POST',
    url: `/api/provider/shops/${ids.shopA}/offers`,
    headers: people.providerA,
    payload: OFFER,
  });
  expect(shopOffer.statusCode, shopOffer.body).toBe(201);
  ids.shopOffer = shopOffer.json<{ data: { id: string } }>().data.id;
  const serviceOffer = await app.inject({
    method: 'POST',
    url: '/api/operator/offers',
    headers: people.operator,
    payload: { ...OFFER, countryCode: 'KE', service: 'food' },
  });
  expect(serviceOffer.statusCode, serviceOffer.body).toBe(201);
  ids.serviceOffer = serviceOffer.json<{ data: { id: string } }>().data.id;

  const [nairobi] = await database.db.select().from(locations).where(eq(locations.slug, 'nairobi'));
  const apply = async (who: Record<string, string>) => {
    const form = new FormData();
    form.append(
      'application',
      JSON.stringify({
        kind: 'farmer',
        businessName: `Matrix Farm ${randomBytes(3).toString('hex')}`,
        contactName: 'Achieng Otieno',
        phone: '0712 345 678',
        email: `farm.${randomBytes(3).toString('hex')}@example.com`,
        cityId: nairobi?.id,
        area: 'Ruiru',
        street: 'Farm 7',
        latitude: (nairobi?.latitude ?? 0) + 0.1,
        longitude: nairobi?.longitude ?? 0,
        hours: [[[360, 1080]], [], [], [], [], [], []],
        description: 'Tomatoes, onions and kale from our own fields.',
      }),
    );
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(100)]);
    form.append('id', new Blob([png]), 'id.png');
    form.append('trading', new Blob([Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(100)])]), 'licence.pdf');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const response = await app.inject({
      method: 'POST',
      url: '/api/farm/join',
      headers: { ...who, ...fromAddress(freshAddress()), 'content-type': request.headers.get('content-type') ?? '' },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ data: Application }>().data;
  };
  // A delivered order of shop A with a problem reported, and its photo.
  const delivered = await placeOrderOf(app, people.customer, shopA);
  const move = (action: string, payload?: object) =>
    app.inject({
      method: 'POST',
      url: `/api/provider/orders/${delivered.id}/${action}`,
      headers: people.providerA,
      ...(payload ? { payload } : {}),
    });
  expect((await move('accept', { prepMinutes: 15 })).statusCode).toBe(200);
  for (const to of ADVANCED_STATUSES) expect((await move('advance', { to })).statusCode).toBe(200);
  const lines = await app.inject({
    method: 'GET',
    url: `/api/orders/${delivered.id}/problems`,
    headers: people.customer,
  });
  const line = lines.json<{ data: { lines: { id: string }[] } }>().data.lines[0];
  const report = new FormData();
  report.append('report', JSON.stringify({ lines: [{ orderLineId: line?.id, quantity: 1, reason: 'missing' }] }));
  report.append('photo', new Blob([new Uint8Array(TINY_PNG)], { type: 'image/png' }), 'bag.png');
  const reportRequest = new Request('http://localhost/', { method: 'POST', body: report });
  const reported = await app.inject({
    method: 'POST',
    url: `/api/orders/${delivered.id}/problems`,
    headers: { ...people.customer, 'content-type': reportRequest.headers.get('content-type') ?? '' },
    payload: Buffer.from(await reportRequest.arrayBuffer()),
  });
  expect(reported.statusCode, reported.body).toBe(201);
  ids.problem = reported.json<{ data: { id: string } }>().data.id;

  const riderAccount = async (name: string) => (await account(name)).credential.identifier;
  const addRider = async (name: string) => {
    const added = await app.inject({
      method: 'POST',
      url: `/api/provider/shops/${ids.shopA}/riders`,
      headers: people.providerA,
      payload: { identifier: await riderAccount(name), vehicle: 'bicycle' },
    });
    expect(added.statusCode, added.body).toBe(201);
    return added.json<{ data: { id: string } }>().data.id;
  };
  ids.shopRider = await addRider('rider-remove');
  ids.suspendRider = await addRider('rider-suspend');
  const handIdentifier = await riderAccount('rider-hand');
  const hand = await app.inject({
    method: 'POST',
    url: `/api/provider/shops/${ids.shopA}/riders`,
    headers: people.providerA,
    payload: { identifier: handIdentifier, vehicle: 'car' },
  });
  ids.handRider = hand.json<{ data: { id: string } }>().data.id;
  const handSession = await signIn(app, handIdentifier, 'correct horse battery staple');
  const shift = await app.inject({
    method: 'PUT',
    url: '/api/rider/shift',
    headers: bearer(handSession),
    payload: { onShift: true },
  });
  expect(shift.statusCode, shift.body).toBe(200);
  newRiders.shop = await riderAccount('rider-new-shop');
  newRiders.fleet = await riderAccount('rider-new-fleet');

  const application = await apply(people.customer);
  ids.application = application.id;
  ids.document = application.documents[0]?.id ?? '';
  ids.toReject2 = (await apply(people.providerB)).id;
});

afterAll(async () => {
  await app?.close();
  await database?.destroy();
});

const LISTING = {
  name: { en: 'Matrix stew' },
  category: 'stews',
  unit: 'plate',
  price: 45000,
  stock: null,
  available: true,
};

const OFFER = {
  kind: 'percent',
  value: 10,
  startsAt: new Date(Date.now() - 60_000).toISOString(),
  endsAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
};

const photoForm = () => fileForm('photo', TINY_PNG, 'stew.png', 'image/png');

interface ConsoleRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** As the OpenAPI document writes it. */
  path: string;
  url: () => string;
  payload?: object;
  /** A server-sent-events stream: its answer's status is read, then the stream is closed. */
  stream?: true;
  /** Headers the route needs besides the caller's (an Idempotency-Key). */
  headers?: Record<string, string>;
  /** A multipart body instead of JSON. */
  multipart?: () => Promise<{ payload: Buffer; contentType: string }>;
  /** Tried in this order of people; the one who may is tried last, as they may change the thing. */
  expect: Record<Who, number>;
}

const shopAThing = { anonymous: 401, customer: 403, providerB: 404, operator: 403 };
const operatorsOnly = { anonymous: 401, customer: 403, providerA: 403, providerB: 403 };

const ROUTES: ConsoleRoute[] = [
  {
    method: 'GET',
    path: '/api/provider/shops',
    url: () => '/api/provider/shops',
    expect: { anonymous: 401, customer: 403, operator: 403, providerB: 200, providerA: 200 },
  },
  {
    method: 'GET',
    path: '/api/provider/orders',
    url: () => `/api/provider/orders?shop=${ids.shopA}`,
    expect: { ...shopAThing, providerA: 200 },
  },
  {
    method: 'GET',
    path: '/api/provider/orders/events',
    url: () => `/api/provider/orders/events?shop=${ids.shopA}`,
    stream: true,
    expect: { ...shopAThing, providerA: 200 },
  },
  {
    method: 'GET',
    path: '/api/provider/orders/{id}',
    url: () => `/api/provider/orders/${ids.toAccept}`,
    expect: { ...shopAThing, providerA: 200 },
  },
  {
    method: 'POST',
    path: '/api/provider/orders/{id}/accept',
    url: () => `/api/provider/orders/${ids.toAccept}/accept`,
    payload: { prepMinutes: 20 },
    expect: { ...shopAThing, providerA: 200 },
  },
  {
    method: 'POST',
    path: '/api/provider/orders/{id}/reject',
    url: () => `/api/provider/orders/${ids.toReject}/reject`,
    payload: { reason: 'We are closed today' },
    expect: { ...shopAThing, providerA: 200 },
  },
  {
    method: 'POST',
    path: '/api/provider/orders/{id}/advance',
    url: () => `/api/provider/orders/${ids.toAdvance}/advance`,
    payload: { to: 'preparing' },
    expect: { ...shopAThing, providerA: 200 },
  },
  {
    method: 'GET',
    path: '/api/provider/shops/{shopId}/riders',
    url: () => `/api/provider/shops/${ids.shopA}/riders`,
    expect: { ...shopAThing, providerA: 200 },
  },
  {
    method: 'POST',
    path: '/api/provider/shops/{shopId}/riders',
    url: () => `/api/provider/shops/${ids.shopA}/riders`,
    payload: {
      get identifier() {
        return newRiders.shop;
      },
      vehicle: 'motorbike',
    },
    expect: { ...shopAThing, providerA: 201 },
  },
  {
    method: 'DELETE',
    path: '/api/provider/shops/{shopId}/riders/{riderId}',
    url: () => `/api/provider/shops/${ids.shopA}/riders/${ids.shopRider}`,
    expect: { ...shopAThing, providerA: 200 },
  },
  {
    method: 'POST',
    path: '/api/provider/orders/{id}/rider',
    // Accepted before the tests: its job still searches for a rider.
    url: () => `/api/provider/orders/${ids.toAdvance}/rider`,
    payload: {
      get riderId() {
        return ids.handRider;
      },
    },
    expect: { ...shopAThing, providerA: 200 },
  },
  {
    method: 'GET',
    path: '/api/provider/shops/{shopId}/listings',
    url: () => `/api/provider/shops/${ids.shopA}/listings`,
    expect: { ...shopAThing, providerA: 200 },
  },
  {
    method: 'POST',
    path: '/api/provider/shops/{shopId}/listings',
    url: () => `/api/provider/shops/${ids.shopA}/listings`,
    payload: LISTING,
    expect: { ...shopAThing, providerA: 201 },
  },
  {
    method: 'GET',
    path: '/api/provider/shops/{shopId}/settings',
    url: () => `/api/provider/shops/${ids.shopA}/settings`,
    expect: { ...shopAThing, providerA: 200 },
  },
  {
    method: 'PUT',
    path: '/api/provider/shops/{shopId}/settings',
    url: () => `/api/provider/shops/${ids.shopA}/settings`,
    payload: {
      hours: [[[480, 1320]], [[480, 1320]], [[480, 1320]], [[480, 1320]], [[480, 1320]], [[480, 1320]], [[480, 1320]]],
      deliveryRadiusKm: 8,
      deliveryFeeBase: 10000,
      deliveryFeePerKm: 2000,
      freeDeliveryAbove: null,
      minimumOrder: 0,
      prepMinutes: 30,
      paused: false,
    },
    expect: { ...shopAThing, providerA: 200 },
  },
  {
    method: 'GET',
    path: '/api/provider/shops/{shopId}/statements',
    url: () => `/api/provider/shops/${ids.shopA}/statements?from=2026-01-01&to=2026-01-31`,
    expect: { ...shopAThing, providerA: 200 },
  },
  {
    method: 'GET',
    path: '/api/provider/shops/{shopId}/sales',
    url: () => `/api/provider/shops/${ids.shopA}/sales?from=2026-01-01&to=2026-12-31`,
    expect: { ...shopAThing, providerA: 200 },
  },
  {
    method: 'GET',
    path: '/api/provider/listings/{id}',
    url: () => `/api/provider/listings/${ids.listing}`,
    expect: { ...shopAThing, providerA: 200 },
  },
  {
    method: 'PUT',
    path: '/api/provider/listings/{id}',
    url: () => `/api/provider/listings/${ids.listing}`,
    payload: { ...LISTING, price: 47000 },
    expect: { ...shopAThing, providerA: 200 },
  },
  {
    method: 'PUT',
    path: '/api/provider/listings/{id}/visibility',
    url: () => `/api/provider/listings/${ids.listing}/visibility`,
    payload: { hidden: false },
    expect: { ...shopAThing, providerA: 200 },
  },
  {
    method: 'POST',
    path: '/api/provider/listings/{id}/photo',
    url: () => `/api/provider/listings/${ids.listing}/photo`,
    multipart: photoForm,
    expect: { ...shopAThing, providerA: 200 },
  },
  {
    method: 'GET',
    path: '/api/provider/shops/{shopId}/offers',
    url: () => `/api/provider/shops/${ids.shopA}/offers`,
    expect: { ...shopAThing, providerA: 200 },
  },
  {
    method: 'POST',
    path: '/api/provider/shops/{shopId}/offers',
    url: () => `/api/provider/shops/${ids.shopA}/offers`,
    payload: OFFER,
    expect: { ...shopAThing, providerA: 201 },
  },
  {
    method: 'POST',
    path: '/api/provider/offers/{id}/end',
    url: () => `/api/provider/offers/${ids.shopOffer}/end`,
    expect: { ...shopAThing, providerA: 200 },
  },
  {
    method: 'GET',
    path: '/api/provider/problems',
    url: () => `/api/provider/problems?shop=${ids.shopA}`,
    expect: { ...shopAThing, providerA: 200 },
  },
  {
    method: 'GET',
    path: '/api/provider/problems/{id}/photo',
    url: () => `/api/provider/problems/${ids.problem}/photo`,
    expect: { ...shopAThing, providerA: 200 },
  },
  {
    method: 'POST',
    path: '/api/provider/problems/{id}/resolve',
    url: () => `/api/provider/problems/${ids.problem}/resolve`,
    payload: { refund: 0, to: 'credit' },
    expect: { ...shopAThing, providerA: 200 },
  },
  {
    method: 'GET',
    path: '/api/operator/problems',
    url: () => '/api/operator/problems',
    expect: { ...operatorsOnly, operator: 200 },
  },
  {
    method: 'GET',
    path: '/api/operator/problems/{id}/photo',
    url: () => `/api/operator/problems/${ids.problem}/photo`,
    expect: { ...operatorsOnly, operator: 200 },
  },
  {
    method: 'POST',
    path: '/api/operator/problems/{id}/resolve',
    url: () => `/api/operator/problems/${ids.problem}/resolve`,
    payload: { refund: 0, to: 'credit', note: 'Looked at again' },
    expect: { ...operatorsOnly, operator: 200 },
  },
  {
    method: 'GET',
    path: '/api/operator/offers',
    url: () => '/api/operator/offers?service=food',
    expect: { ...operatorsOnly, operator: 200 },
  },
  {
    method: 'POST',
    path: '/api/operator/offers',
    url: () => '/api/operator/offers',
    payload: { ...OFFER, countryCode: 'KE', service: 'grocery' },
    expect: { ...operatorsOnly, operator: 201 },
  },
  {
    method: 'POST',
    path: '/api/operator/offers/{id}/end',
    url: () => `/api/operator/offers/${ids.serviceOffer}/end`,
    expect: { ...operatorsOnly, operator: 200 },
  },
  {
    method: 'GET',
    path: '/api/operator/applications',
    url: () => '/api/operator/applications',
    expect: { ...operatorsOnly, operator: 200 },
  },
  {
    method: 'GET',
    path: '/api/operator/applications/{id}',
    url: () => `/api/operator/applications/${ids.application}`,
    expect: { ...operatorsOnly, operator: 200 },
  },
  {
    method: 'GET',
    path: '/api/operator/applications/{id}/documents/{documentId}',
    url: () => `/api/operator/applications/${ids.application}/documents/${ids.document}`,
    expect: { ...operatorsOnly, operator: 200 },
  },
  {
    method: 'POST',
    path: '/api/operator/applications/{id}/approve',
    url: () => `/api/operator/applications/${ids.application}/approve`,
    expect: { ...operatorsOnly, operator: 200 },
  },
  {
    method: 'POST',
    path: '/api/operator/applications/{id}/reject',
    url: () => `/api/operator/applications/${ids.toReject2}/reject`,
    payload: { reason: 'The licence photo cannot be read.' },
    expect: { ...operatorsOnly, operator: 200 },
  },
  {
    method: 'GET',
    path: '/api/operator/providers',
    url: () => '/api/operator/providers?searchKeyword=a',
    expect: { ...operatorsOnly, operator: 200 },
  },
  {
    method: 'GET',
    path: '/api/operator/providers/{id}',
    url: () => `/api/operator/providers/${ids.shopA}`,
    expect: { ...operatorsOnly, operator: 200 },
  },
  {
    method: 'POST',
    path: '/api/operator/providers/{id}/suspend',
    url: () => `/api/operator/providers/${ids.shopB}/suspend`,
    payload: { reason: 'Several shoppers reported spoiled food.' },
    expect: { ...operatorsOnly, operator: 200 },
  },
  {
    method: 'GET',
    path: '/api/operator/providers/{id}/offer-items',
    url: () => `/api/operator/providers/${ids.shopA}/offer-items`,
    expect: { ...operatorsOnly, operator: 200 },
  },
  {
    method: 'GET',
    path: '/api/operator/commission-rates',
    url: () => '/api/operator/commission-rates?countryCode=KE',
    expect: { ...operatorsOnly, operator: 200 },
  },
  {
    method: 'POST',
    path: '/api/operator/commission-rates',
    url: () => '/api/operator/commission-rates',
    payload: { countryCode: 'KE', service: 'grocery', rateBp: 800, validFrom: '2030-01-01T00:00:00.000Z' },
    expect: { ...operatorsOnly, operator: 201 },
  },
  {
    method: 'GET',
    path: '/api/operator/payouts',
    url: () => '/api/operator/payouts?countryCode=KE&from=2026-01-01&to=2026-01-31',
    expect: { ...operatorsOnly, operator: 200 },
  },
  {
    method: 'POST',
    path: '/api/operator/payouts',
    url: () => '/api/operator/payouts',
    // Nothing is owed on a day before any order: the batch is refused for its amount, after the role check.
    get payload() {
      return { countryCode: 'KE', from: '2020-01-01', to: '2020-01-01', payouts: [{ shopId: ids.shopA, amount: 1 }] };
    },
    headers: { 'idempotency-key': 'console-matrix-payout-key' },
    expect: { ...operatorsOnly, operator: 422 },
  },
  {
    method: 'GET',
    path: '/api/operator/ledger',
    url: () => `/api/operator/ledger?order=${ids.toAccept}`,
    expect: { ...operatorsOnly, operator: 200 },
  },
  {
    method: 'POST',
    path: '/api/operator/accounts/{accountId}/credit',
    url: () => `/api/operator/accounts/${ids.account}/credit`,
    payload: { amount: 5000, currency: 'ZAR', reason: 'Sorry for the late delivery on Friday.' },
    expect: { ...operatorsOnly, operator: 200 },
  },
  {
    method: 'POST',
    path: '/api/operator/providers/{id}/reinstate',
    url: () => `/api/operator/providers/${ids.shopB}/reinstate`,
    expect: { ...operatorsOnly, operator: 200 },
  },
  {
    method: 'GET',
    path: '/api/operator/featured',
    url: () => '/api/operator/featured?countryCode=KE&service=food',
    expect: { ...operatorsOnly, operator: 200 },
  },
  {
    method: 'PUT',
    path: '/api/operator/featured',
    url: () => '/api/operator/featured',
    payload: { countryCode: 'KE', service: 'grocery', providers: [], items: [] },
    expect: { ...operatorsOnly, operator: 200 },
  },
  {
    method: 'GET',
    path: '/api/operator/riders',
    url: () => '/api/operator/riders',
    expect: { ...operatorsOnly, operator: 200 },
  },
  {
    method: 'POST',
    path: '/api/operator/riders',
    url: () => '/api/operator/riders',
    payload: {
      get identifier() {
        return newRiders.fleet;
      },
      vehicle: 'bicycle',
      get shopIds() {
        return [ids.shopA];
      },
    },
    expect: { ...operatorsOnly, operator: 201 },
  },
  {
    method: 'PUT',
    path: '/api/operator/riders/{riderId}/suspension',
    url: () => `/api/operator/riders/${ids.suspendRider}/suspension`,
    payload: { suspended: true, reason: 'Tried by the matrix' },
    expect: { ...operatorsOnly, operator: 200 },
  },
  {
    method: 'GET',
    path: '/api/operator/deliveries/locked',
    url: () => '/api/operator/deliveries/locked',
    expect: { ...operatorsOnly, operator: 200 },
  },
  {
    method: 'POST',
    path: '/api/operator/orders/{id}/delivered',
    // Reached, and refused for what it is: the order's delivery is not locked.
    url: () => `/api/operator/orders/${ids.toAdvance}/delivered`,
    payload: { reason: 'Tried by the matrix' },
    expect: { ...operatorsOnly, operator: 409 },
  },
  {
    method: 'GET',
    path: '/api/operator/audit-log',
    url: () => '/api/operator/audit-log',
    expect: { ...operatorsOnly, operator: 200 },
  },
  {
    method: 'GET',
    path: '/api/operator/outbox',
    url: () => '/api/operator/outbox',
    expect: { ...operatorsOnly, operator: 200 },
  },
  {
    method: 'POST',
    path: '/api/operator/outbox/{id}/retry',
    // Reached, and refused for what it is: no message given up on has this id.
    url: () => `/api/operator/outbox/${randomUUID()}/retry`,
    expect: { ...operatorsOnly, operator: 404 },
  },
];

describe('the consoles’ authorization matrix', () => {
  it('tries every console route of the OpenAPI document', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const documented = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/provider/') || path.startsWith('/api/operator/'))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    expect(ROUTES.map((route) => `${route.method} ${route.path}`).sort()).toEqual(documented);
  });

  for (const route of ROUTES) {
    it(`${route.method} ${route.path}`, async () => {
      const order = [...WHO].sort((a, b) => Number(route.expect[a] < 300) - Number(route.expect[b] < 300));
      for (const who of order) {
        const form = route.multipart ? await route.multipart() : undefined;
        const response = await app.inject({
          method: route.method,
          url: route.url(),
          headers: form
            ? { ...people[who], 'content-type': form.contentType }
            : { ...people[who], ...(route.headers ?? {}) },
          ...(form ? { payload: form.payload } : route.payload ? { payload: route.payload } : {}),
          // A stream never ends: its answer is taken as soon as its head is written.
          ...(route.stream ? { payloadAsStream: true } : {}),
        });
        if (route.stream) {
          expect(response.statusCode, who).toBe(route.expect[who]);
          response.stream().destroy();
          continue;
        }
        expect(response.statusCode, `${who}: ${response.body.slice(0, 200)}`).toBe(route.expect[who]);
      }
    });
  }
});

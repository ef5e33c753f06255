import type { AddressInfo } from 'node:net';
import type { ListRiderJobsResponse } from '@malewa/contracts/delivery/list-rider-jobs';
import type { Rider } from '@malewa/contracts/delivery/rider';
import { type Order, PROVIDER_NEXT_STATUS } from '@malewa/contracts/orders/order';
import { providerMembers } from '@malewa/db/schema/catalog';
import { riderPositions } from '@malewa/db/schema/delivery';
import { notifications } from '@malewa/db/schema/notifications';
import type { TestDatabase } from '@malewa/db/testing/test-database';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInProcessBus } from '#api/events/event-bus.ts';
import { createJobRepository } from '#api/features/delivery/job-repository.ts';
import { bearer, signUp } from '#api/testing/accounts.ts';
import { dispatchDepsOf } from '#api/testing/dispatch.ts';
import { openEventStream } from '#api/testing/event-stream.ts';
import { type KitchenMeal, placeOrderOf, twoKitchensNearby } from '#api/testing/orders.ts';
import { createTestOutbox, type TestOutbox } from '#api/testing/outbox.ts';
import { until } from '#api/testing/process.ts';
import { buildTestApp, createSeededDatabase, TEST_CONFIG } from '#api/testing/test-app.ts';
import { runDispatchRound } from './dispatch-jobs.ts';

type Headers = Record<string, string>;

/** About `km` kilometres north of a place (a degree of latitude is about 111 km). */
const north = (place: { latitude: number; longitude: number }, km: number) => ({
  latitude: place.latitude + km / 111.2,
  longitude: place.longitude,
});

describe('riders, dispatch and delivery (docs/decisions/0034)', () => {
  let database: TestDatabase;
  let outbox: TestOutbox;
  let app: FastifyInstance;
  let kitchen: KitchenMeal;
  let otherKitchen: KitchenMeal;
  let shopper: Headers;
  let shopperId: string;
  let cook: Headers;
  let otherCook: Headers;
  let operator: Headers;
  // A clock the tests move past offers and alerts; sessions last 15 minutes on it.
  let at = new Date('2026-11-29T10:00:00.000Z');
  const tick = (ms: number) => {
    at = new Date(at.getTime() + ms);
  };
  let people = 0;

  /** A new account, made a rider of `shopId`'s shop by its cook, on shift at `place`. */
  async function riderOf(shopHeaders: Headers, shopId: string, place: { latitude: number; longitude: number }) {
    people += 1;
    const identifier = `rider.${people}@example.com`;
    const session = await signUp(app, database, outbox, { identifier, name: `Rider${people}` });
    const added = await app.inject({
      method: 'POST',
      url: `/api/provider/shops/${shopId}/riders`,
      headers: shopHeaders,
      payload: { identifier, vehicle: 'motorbike' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const headers = bearer(session);
    const shift = await app.inject({ method: 'PUT', url: '/api/rider/shift', headers, payload: { onShift: true } });
    expect(shift.statusCode, shift.body).toBe(200);
    await share(headers, place);
    return { headers, rider: added.json<{ data: Rider }>().data, userId: session.user.id };
  }

  async function share(headers: Headers, place: { latitude: number; longitude: number }, when = at) {
    const shared = await app.inject({
      method: 'POST',
      url: '/api/rider/location',
      headers,
      payload: { ...place, accuracy: 12, at: when.toISOString() },
    });
    expect(shared.statusCode, shared.body).toBe(202);
    return shared.json<{ data: { tracked: boolean } }>().data;
  }

  const jobsOf = async (headers: Headers) => {
    const listed = await app.inject({ method: 'GET', url: '/api/rider/jobs', headers });
    expect(listed.statusCode, listed.body).toBe(200);
    return listed.json<ListRiderJobsResponse>().data;
  };

  const orderOf = async (id: string, headers = shopper) => {
    const got = await app.inject({ method: 'GET', url: `/api/orders/${id}`, headers });
    expect(got.statusCode, got.body).toBe(200);
    return got.json<{ data: Order }>().data;
  };

  const accept = (orderId: string, headers = cook) =>
    app.inject({
      method: 'POST',
      url: `/api/provider/orders/${orderId}/accept`,
      headers,
      payload: { prepMinutes: 15 },
    });
  /** The shop's button for the order's next step, as its board shows it now. */
  const advance = async (orderId: string, headers = cook) => {
    const seen = await app.inject({ method: 'GET', url: `/api/provider/orders/${orderId}`, headers });
    const to = PROVIDER_NEXT_STATUS[seen.json<{ data: Order }>().data.status];
    return app.inject({ method: 'POST', url: `/api/provider/orders/${orderId}/advance`, headers, payload: { to } });
  };
  const riderPost = (headers: Headers, jobId: string, verb: string, payload?: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: `/api/rider/jobs/${jobId}/${verb}`,
      headers,
      ...(payload === undefined ? {} : { payload }),
    });

  /** Every rider's jobs are the shop's only: a fresh order, with no rider of the shop busy. */
  async function freshOrder(headers = shopper, meal = kitchen) {
    return placeOrderOf(app, headers, meal);
  }

  beforeAll(async () => {
    database = await createSeededDatabase({ openAllDay: true });
    outbox = await createTestOutbox(database);
    // Sessions outlive the clock's moves past twenty offers.
    const config = { ...TEST_CONFIG, auth: { ...TEST_CONFIG.auth, accessTokenTtlMs: 12 * 60 * 60_000 } };
    app = await buildTestApp(database, { config, events: createInProcessBus(), now: () => at });
    [kitchen, otherKitchen] = await twoKitchensNearby(database);
    const shopperSession = await signUp(app, database, outbox, { identifier: 'door@example.com' });
    shopperId = shopperSession.user.id;
    shopper = { ...bearer(shopperSession), 'x-store-id': 'KE' };
    const cookSession = await signUp(app, database, outbox, { identifier: 'shop.a@example.com', roles: ['provider'] });
    await database.db.insert(providerMembers).values({ providerId: kitchen.providerId, userId: cookSession.user.id });
    cook = bearer(cookSession);
    const otherSession = await signUp(app, database, outbox, { identifier: 'shop.b@example.com', roles: ['provider'] });
    await database.db
      .insert(providerMembers)
      .values({ providerId: otherKitchen.providerId, userId: otherSession.user.id });
    otherCook = bearer(otherSession);
    operator = bearer(await signUp(app, database, outbox, { identifier: 'ops@example.com', roles: ['operator'] }));
  });

  afterAll(async () => {
    await app?.close();
    await database?.destroy();
  });

  it('lets a shop add, list and remove its own riders, and no other shop’s', async () => {
    const person = await signUp(app, database, outbox, { identifier: 'someone@example.com' });
    const unknown = await app.inject({
      method: 'POST',
      url: `/api/provider/shops/${kitchen.providerId}/riders`,
      headers: cook,
      payload: { identifier: 'nobody.here@example.com', vehicle: 'bicycle' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors.identifier[0]).toMatch(/register first/);
    const notMine = await app.inject({
      method: 'POST',
      url: `/api/provider/shops/${kitchen.providerId}/riders`,
      headers: otherCook,
      payload: { identifier: 'someone@example.com', vehicle: 'bicycle' },
    });
    expect(notMine.statusCode).toBe(404);
    const added = await app.inject({
      method: 'POST',
      url: `/api/provider/shops/${kitchen.providerId}/riders`,
      headers: cook,
      payload: { identifier: 'someone@example.com', vehicle: 'bicycle' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const rider = added.json<{ data: Rider }>().data;
    expect(rider).toMatchObject({ firstName: 'Amani', vehicle: 'bicycle', shopId: kitchen.providerId, onShift: false });
    const twice = await app.inject({
      method: 'POST',
      url: `/api/provider/shops/${otherKitchen.providerId}/riders`,
      headers: otherCook,
      payload: { identifier: 'someone@example.com', vehicle: 'car' },
    });
    expect(twice.statusCode).toBe(409);

    const listed = await app.inject({
      method: 'GET',
      url: `/api/provider/shops/${kitchen.providerId}/riders`,
      headers: cook,
    });
    expect(listed.json<{ data: Rider[] }>().data.map((entry) => entry.id)).toContain(rider.id);
    const peeked = await app.inject({
      method: 'GET',
      url: `/api/provider/shops/${kitchen.providerId}/riders`,
      headers: otherCook,
    });
    expect(peeked.statusCode).toBe(404);
    const shopperTries = await app.inject({ method: 'GET', url: '/api/rider/jobs', headers: shopper });
    expect(shopperTries.statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/rider/jobs', headers: bearer(person) })).statusCode).toBe(200);

    const wrongShop = await app.inject({
      method: 'DELETE',
      url: `/api/provider/shops/${otherKitchen.providerId}/riders/${rider.id}`,
      headers: otherCook,
    });
    expect(wrongShop.statusCode).toBe(404);
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/provider/shops/${kitchen.providerId}/riders/${rider.id}`,
      headers: cook,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    // The role went with the rider.
    expect((await app.inject({ method: 'GET', url: '/api/rider/jobs', headers: bearer(person) })).statusCode).toBe(403);
  });

  it('offers a job nearest first, moves on after a no or a lapse, and follows it to the door', async () => {
    const far = await riderOf(cook, kitchen.providerId, north(kitchen, 3));
    const near = await riderOf(cook, kitchen.providerId, north(kitchen, 0.5));
    const elsewhere = await riderOf(otherCook, otherKitchen.providerId, north(kitchen, 0.1));

    const order = await freshOrder();
    expect(order.deliveryCode).toMatch(/^\d{4}$/);
    const accepted = await accept(order.id);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<{ data: Order }>().data.deliveryCode).toBeNull();
    expect((await orderOf(order.id)).delivery).toMatchObject({ status: 'searching', rider: null });

    // The nearest of the shop's riders has it; the far one and another shop's rider do not.
    const offered = (await jobsOf(near.headers)).offers;
    expect(offered).toHaveLength(1);
    const job = offered[0];
    if (!job) throw new Error('no offer');
    expect(job.offerExpiresAt).not.toBeNull();
    expect(job.dropOff.details).toBeNull();
    expect((await jobsOf(far.headers)).offers).toHaveLength(0);
    expect((await jobsOf(elsewhere.headers)).offers).toHaveLength(0);
    expect((await riderPost(elsewhere.headers, job.id, 'accept')).statusCode).toBe(404);

    // No from the nearest: the next nearest has it at once.
    expect((await riderPost(near.headers, job.id, 'decline')).statusCode).toBe(200);
    expect((await jobsOf(near.headers)).offers).toHaveLength(0);
    expect((await jobsOf(far.headers)).offers.map((entry) => entry.id)).toEqual([job.id]);
    // The far rider lets it lapse: nobody new is left, so it is open to who had their turn and
    // did not say no.
    tick(TEST_CONFIG.dispatch.offerMs + 1000);
    await runDispatchRound(dispatchDepsOf(database), at);
    expect((await jobsOf(far.headers)).offers.map((entry) => [entry.id, entry.offerExpiresAt])).toEqual([
      [job.id, null],
    ]);
    expect((await riderPost(near.headers, job.id, 'accept')).statusCode).toBe(409);

    const taken = await riderPost(far.headers, job.id, 'accept');
    expect(taken.statusCode, taken.body).toBe(200);
    const mine = taken.json<{ data: { dropOff: { details: { phone: string } | null } } }>().data;
    expect(mine.dropOff.details?.phone).toBe('0712 345 678');
    // The same tap sent again (a repeatable move) is answered with the job as it is.
    const again = await riderPost(far.headers, job.id, 'accept');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<{ data: { status: string } }>().data.status).toBe('assigned');
    expect((await orderOf(order.id)).delivery).toMatchObject({
      status: 'assigned',
      rider: { firstName: far.rider.firstName, vehicle: 'motorbike' },
      position: null,
    });

    // Not before the shop has it ready; the shop cannot take it past ready itself.
    expect((await riderPost(far.headers, job.id, 'picked-up')).json().problem).toEqual({ code: 'not_ready' });
    expect((await advance(order.id)).statusCode).toBe(200);
    expect((await advance(order.id)).statusCode).toBe(200);
    expect((await advance(order.id)).statusCode).toBe(409);
    const picked = await riderPost(far.headers, job.id, 'picked-up');
    expect(picked.statusCode, picked.body).toBe(200);
    expect((await orderOf(order.id)).status).toBe('out_for_delivery');
    const pickedAgain = await riderPost(far.headers, job.id, 'picked-up');
    expect(pickedAgain.statusCode, pickedAgain.body).toBe(200);
    expect(pickedAgain.json<{ data: { status: string } }>().data.status).toBe('picked_up');

    // Positions move the shopper's rider; one queued offline and sent late does not move it back.
    tick(60_000);
    expect(await share(far.headers, north(order.address, 2))).toEqual({ tracked: true });
    const late = new Date(at.getTime() - 30_000);
    tick(60_000);
    await share(far.headers, north(order.address, 1));
    await share(far.headers, north(order.address, 1.7), late);
    const moving = (await orderOf(order.id)).delivery;
    expect(moving?.position?.latitude).toBeCloseTo(north(order.address, 1).latitude, 6);
    expect(moving?.etaMinutes).toBeGreaterThan(0);
    // The shop sees where its order is, but never the code.
    const shopView = await app.inject({ method: 'GET', url: `/api/provider/orders/${order.id}`, headers: cook });
    expect(shopView.json<{ data: Order }>().data).toMatchObject({
      deliveryCode: null,
      delivery: { status: 'picked_up' },
    });

    // Nearly there, said once.
    tick(30_000);
    await share(far.headers, north(order.address, 0.2));
    await share(far.headers, north(order.address, 0.1));
    const nearly = await database.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.kind, 'rider-nearly-there'), eq(notifications.dedupeKey, `nearly-there:${order.id}`)),
      );
    expect(nearly).toHaveLength(1);

    // A wrong code is refused, and counted; the right one delivers.
    const code = (await orderOf(order.id)).deliveryCode ?? '';
    const wrong = code === '0000' ? '1111' : '0000';
    const refused = await riderPost(far.headers, job.id, 'delivered', { code: wrong });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().problem).toEqual({ code: 'wrong_code', triesLeft: 4 });
    // Cash: what was taken less the change must be what was due.
    const due = order.total.amount;
    const short = await riderPost(far.headers, job.id, 'delivered', { code, cash: { taken: due, change: 100 } });
    expect(short.json().problem).toEqual({ code: 'cash_mismatch', due });
    const delivered = await riderPost(far.headers, job.id, 'delivered', {
      code,
      cash: { taken: due + 500, change: 500 },
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    const done = await orderOf(order.id);
    expect(done).toMatchObject({ status: 'delivered', deliveryCode: null, payment: { status: 'paid' } });
    expect(done.invoice?.number).toMatch(new RegExp(`^${kitchen.providerSlug}-\\d+$`));
    // Delivered: positions are no longer shown, nor taken into its track.
    expect(done.delivery).toMatchObject({ status: 'delivered', position: null, etaMinutes: null });
    expect(await share(far.headers, north(order.address, 0))).toEqual({ tracked: false });

    const toldShopper = await database.db
      .select({ kind: notifications.kind })
      .from(notifications)
      .where(eq(notifications.userId, shopperId));
    const kinds = new Set(toldShopper.map((row) => row.kind));
    for (const kind of [
      'order-accepted',
      'rider-assigned',
      'order-picked-up',
      'rider-nearly-there',
      'order-delivered',
    ]) {
      expect(kinds, kind).toContain(kind);
    }
    // Off shift, so later tests offer nothing to these.
    for (const rider of [far, near, elsewhere]) {
      await app.inject({ method: 'PUT', url: '/api/rider/shift', headers: rider.headers, payload: { onShift: false } });
    }
  });

  it('locks a job after five wrong codes: the shop completes the delivery', async () => {
    const rider = await riderOf(cook, kitchen.providerId, north(kitchen, 0.2));
    const order = await freshOrder();
    await accept(order.id);
    const [job] = (await jobsOf(rider.headers)).offers;
    if (!job) throw new Error('no offer');
    expect((await riderPost(rider.headers, job.id, 'accept')).statusCode).toBe(200);
    await advance(order.id);
    await advance(order.id);
    expect((await riderPost(rider.headers, job.id, 'picked-up')).statusCode).toBe(200);
    const code = (await orderOf(order.id)).deliveryCode ?? '';
    const wrong = code === '9999' ? '8888' : '9999';
    for (let left = 4; left >= 0; left -= 1) {
      const refused = await riderPost(rider.headers, job.id, 'delivered', { code: wrong });
      expect(refused.json().problem).toEqual({ code: 'wrong_code', triesLeft: left });
    }
    const locked = await riderPost(rider.headers, job.id, 'delivered', { code });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().problem).toEqual({ code: 'code_locked' });
    expect((await orderOf(order.id)).delivery?.codeLocked).toBe(true);
    const completed = await advance(order.id);
    expect(completed.statusCode, completed.body).toBe(200);
    expect((await orderOf(order.id)).status).toBe('delivered');
    await app.inject({ method: 'PUT', url: '/api/rider/shift', headers: rider.headers, payload: { onShift: false } });
  });

  it('lets an operator complete a locked delivery, saying how the handover was checked', async () => {
    const rider = await riderOf(cook, kitchen.providerId, north(kitchen, 0.2));
    const order = await freshOrder();
    await accept(order.id);
    const [job] = (await jobsOf(rider.headers)).offers;
    if (!job) throw new Error('no offer');
    await riderPost(rider.headers, job.id, 'accept');
    await advance(order.id);
    await advance(order.id);
    await riderPost(rider.headers, job.id, 'picked-up');
    const complete = (headers: Headers) =>
      app.inject({
        method: 'POST',
        url: `/api/operator/orders/${order.id}/delivered`,
        headers,
        payload: { reason: 'Called the shopper: she has the bag' },
      });
    // Not before it is locked.
    expect((await complete(operator)).statusCode).toBe(409);
    const code = (await orderOf(order.id)).deliveryCode ?? '';
    for (let i = 0; i < 5; i += 1)
      await riderPost(rider.headers, job.id, 'delivered', { code: code === '4444' ? '5555' : '4444' });
    const locked = await app.inject({ method: 'GET', url: '/api/operator/deliveries/locked', headers: operator });
    expect(locked.json().data).toEqual(
      expect.arrayContaining([expect.objectContaining({ orderId: order.id, rider: rider.rider.firstName })]),
    );
    expect((await complete(cook)).statusCode).toBe(403);
    const done = await complete(operator);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ status: 'delivered' });
    expect((await orderOf(order.id)).status).toBe('delivered');
    expect((await complete(operator)).statusCode).toBe(409);
    const audit = await app.inject({
      method: 'GET',
      url: `/api/operator/audit-log?subjectId=${order.id}`,
      headers: operator,
    });
    expect(audit.body).toContain('delivery.complete');
    await app.inject({ method: 'PUT', url: '/api/rider/shift', headers: rider.headers, payload: { onShift: false } });
  });

  it('gives a job to exactly one of twenty riders taking it at once', async () => {
    const riders = [];
    for (let i = 0; i < 20; i += 1) riders.push(await riderOf(cook, kitchen.providerId, north(kitchen, 0.1 + i / 10)));
    const order = await freshOrder();
    await accept(order.id);
    // Each has their turn and lets it lapse: then it is open to all twenty.
    for (let i = 0; i < 20; i += 1) {
      tick(TEST_CONFIG.dispatch.offerMs + 1000);
      await runDispatchRound(dispatchDepsOf(database), at);
    }
    const job = (await jobsOf(riders[0]?.headers ?? {})).offers[0];
    if (!job) throw new Error('no open job');
    const answers = await Promise.all(riders.map((rider) => riderPost(rider.headers, job.id, 'accept')));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    for (const answer of answers.filter((candidate) => candidate.statusCode === 409)) {
      expect(answer.json().problem).toEqual({ code: 'gone' });
    }
    // The shop cannot give it to another by hand now.
    const loser = riders.find((_, index) => answers[index]?.statusCode === 409);
    const byHand = await app.inject({
      method: 'POST',
      url: `/api/provider/orders/${order.id}/rider`,
      headers: cook,
      payload: { riderId: loser?.rider.id },
    });
    expect(byHand.statusCode).toBe(409);
    // The job nobody took in time alerted the shop and the operators once, before it was taken.
    const alerts = await database.db.select().from(notifications).where(eq(notifications.kind, 'job-not-taken'));
    expect(alerts.length).toBeGreaterThanOrEqual(2);
    expect(new Set(alerts.map((alert) => `${alert.userId}:${alert.dedupeKey}`)).size).toBe(alerts.length);
    for (const rider of riders) {
      await app.inject({ method: 'PUT', url: '/api/rider/shift', headers: rider.headers, payload: { onShift: false } });
    }
  });

  it('lets the shop assign a rider by hand, and an operator run the fleet', async () => {
    const person = await signUp(app, database, outbox, { identifier: 'fleet.one@example.com', name: 'Wanjiru' });
    const added = await app.inject({
      method: 'POST',
      url: '/api/operator/riders',
      headers: operator,
      payload: { identifier: 'fleet.one@example.com', vehicle: 'bicycle', shopIds: [kitchen.providerId] },
    });
    expect(added.statusCode, added.body).toBe(201);
    const fleetRider = added.json<{ data: Rider }>().data;
    expect(fleetRider).toMatchObject({ shopId: null, shopIds: [kitchen.providerId] });
    expect(
      (await app.inject({ method: 'POST', url: '/api/operator/riders', headers: cook, payload: {} })).statusCode,
    ).toBe(403);
    const headers = bearer(person);
    await app.inject({ method: 'PUT', url: '/api/rider/shift', headers, payload: { onShift: true } });
    const listed = await app.inject({
      method: 'GET',
      url: `/api/provider/shops/${kitchen.providerId}/riders`,
      headers: cook,
    });
    expect(listed.json<{ data: Rider[] }>().data.find((rider) => rider.id === fleetRider.id)).toBeDefined();

    const order = await freshOrder();
    await accept(order.id);
    const byOther = await app.inject({
      method: 'POST',
      url: `/api/provider/orders/${order.id}/rider`,
      headers: otherCook,
      payload: { riderId: fleetRider.id },
    });
    expect(byOther.statusCode).toBe(404);
    const byHand = await app.inject({
      method: 'POST',
      url: `/api/provider/orders/${order.id}/rider`,
      headers: cook,
      payload: { riderId: fleetRider.id },
    });
    expect(byHand.statusCode, byHand.body).toBe(200);
    expect(byHand.json().data).toMatchObject({ status: 'assigned', rider: { firstName: 'Wanjiru' } });
    expect((await jobsOf(headers)).current?.orderId).toBe(order.id);
    // Not off shift with an order to carry.
    expect(
      (await app.inject({ method: 'PUT', url: '/api/rider/shift', headers, payload: { onShift: false } })).statusCode,
    ).toBe(409);

    const suspended = await app.inject({
      method: 'PUT',
      url: `/api/operator/riders/${fleetRider.id}/suspension`,
      headers: operator,
      payload: { suspended: true, reason: 'Complaints about speed' },
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(suspended.json().data.suspended.reason).toBe('Complaints about speed');
    expect((await app.inject({ method: 'GET', url: '/api/operator/riders', headers: operator })).json().data).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: fleetRider.id, onShift: false })]),
    );
  });

  it('streams the rider’s newest position to the order’s people only, until delivery', async () => {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const port = (app.server.address() as AddressInfo).port;
    const rider = await riderOf(cook, kitchen.providerId, north(kitchen, 0.4));
    const stranger = await riderOf(otherCook, otherKitchen.providerId, north(kitchen, 0.4));
    const order = await freshOrder();
    await accept(order.id);
    const [job] = (await jobsOf(rider.headers)).offers;
    if (!job) throw new Error('no offer');
    expect((await riderPost(rider.headers, job.id, 'accept')).statusCode).toBe(200);
    await advance(order.id);
    await advance(order.id);
    expect((await riderPost(rider.headers, job.id, 'picked-up')).statusCode).toBe(200);

    const path = `/api/orders/${order.id}/events`;
    const other = {
      ...bearer(await signUp(app, database, outbox, { identifier: 'nosy@example.com' })),
      'x-store-id': 'KE',
    };
    for (const [who, status] of [
      [other, 404],
      [stranger.headers, 404],
      [rider.headers, 200],
      [cook, 200],
      [operator, 200],
    ] as const) {
      const peek = openEventStream(port, path, who);
      await peek.opened;
      expect(peek.status).toBe(status);
      peek.close();
    }
    // Nor the order itself, its code or its chat.
    expect((await app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: other })).statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: `/api/orders/${order.id}/messages`, headers: other })).statusCode,
    ).toBe(404);

    const stream = openEventStream(port, path, shopper);
    await stream.opened;
    const positions = () => stream.events.filter((event) => event.event === 'rider.position');
    tick(20_000);
    await share(rider.headers, north(order.address, 1.5));
    await stream.waitFor(stream.events.length + 1);
    const first = JSON.parse(positions().at(-1)?.data ?? '{}');
    expect(first.latitude).toBeCloseTo(north(order.address, 1.5).latitude, 6);
    expect(first.etaMinutes).toBeGreaterThan(0);
    // Offline: two positions queued on the phone arrive late and out of order; the map jumps to
    // the newest, never back.
    const queuedEarlier = new Date(at.getTime() + 5_000);
    const queuedLater = new Date(at.getTime() + 10_000);
    tick(40_000);
    await share(rider.headers, north(order.address, 1.0), queuedLater);
    await share(rider.headers, north(order.address, 1.2), queuedEarlier);
    await until('the newest position streamed', async () =>
      positions().some((event) => JSON.parse(event.data).at === queuedLater.toISOString()),
    );
    expect(JSON.parse(positions().at(-1)?.data ?? '{}').at).toBe(queuedLater.toISOString());
    expect(positions().some((event) => JSON.parse(event.data).at === queuedEarlier.toISOString())).toBe(false);
    // Position events carry no id: a reconnect resumes after the last status.
    expect(positions().every((event) => event.id === '')).toBe(true);

    const code = (await orderOf(order.id)).deliveryCode ?? '';
    const due = order.total.amount;
    expect(
      (await riderPost(rider.headers, job.id, 'delivered', { code, cash: { taken: due, change: 0 } })).statusCode,
    ).toBe(200);
    await until('delivered streamed', async () =>
      stream.events.some((event) => event.event === 'status' && JSON.parse(event.data).status === 'delivered'),
    );
    const seen = positions().length;
    tick(20_000);
    await share(rider.headers, north(order.address, 0));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(positions()).toHaveLength(seen);
    stream.close();
    for (const done of [rider, stranger]) {
      await app.inject({ method: 'PUT', url: '/api/rider/shift', headers: done.headers, payload: { onShift: false } });
    }
  });

  it('cancels the job with its order, and deletes positions after 30 days', async () => {
    const rider = await riderOf(cook, kitchen.providerId, north(kitchen, 0.3));
    const order = await freshOrder();
    await accept(order.id);
    const [job] = (await jobsOf(rider.headers)).offers;
    if (!job) throw new Error('no offer');
    const cancelled = await app.inject({ method: 'POST', url: `/api/orders/${order.id}/cancel`, headers: shopper });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await orderOf(order.id)).delivery?.status).toBe('cancelled');
    expect((await jobsOf(rider.headers)).offers).toHaveLength(0);
    expect((await riderPost(rider.headers, job.id, 'accept')).json().problem).toEqual({ code: 'gone' });

    const before = (await database.db.select().from(riderPositions)).length;
    expect(before).toBeGreaterThan(0);
    const jobs = createJobRepository(database.db);
    expect(await jobs.deletePositionsBefore(new Date(at.getTime() - 30 * 86_400_000))).toBe(0);
    expect(await jobs.deletePositionsBefore(new Date(at.getTime() + 1))).toBe(before);
  });
});

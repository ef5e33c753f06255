import { randomBytes } from 'node:crypto';
import type { Cart } from '@malewa/contracts/carts/cart';
import type { DeliverySlots } from '@malewa/contracts/carts/list-delivery-slots';
import type { ErrorResponse } from '@malewa/contracts/errors';
import type { CheckoutResponse } from '@malewa/contracts/orders/checkout';
import type { Order } from '@malewa/contracts/orders/order';
import { chefBookings, orders } from '@malewa/db/schema/orders';
import type { TestDatabase } from '@malewa/db/testing/test-database';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp } from '#api/testing/accounts.ts';
import { addressAt, type ChefExperience, chefExperienceFor8, enough, twoKitchensNearby } from '#api/testing/orders.ts';
import { createTestOutbox, type TestOutbox } from '#api/testing/outbox.ts';
import { buildTestApp, createSeededDatabase } from '#api/testing/test-app.ts';

// A Tuesday morning in Nairobi (12:30 EAT). The chefs of the seed take bookings 09:00–21:00,
// 10:00–20:00 on Sundays.
const NOW = new Date('2026-11-24T09:30:00Z');
/** Parallel checkouts in the races (docs/product/checkout.md, races and repeats). */
const RACERS = 20;

let database: TestDatabase;
let outbox: TestOutbox;
let app: FastifyInstance;
let chef: ChefExperience;

beforeAll(async () => {
  database = await createSeededDatabase({ now: NOW });
  outbox = await createTestOutbox(database);
  app = await buildTestApp(database, { now: () => NOW });
  await app.ready();
  chef = await chefExperienceFor8(database);
});

afterAll(async () => {
  await app?.close();
  await database?.destroy();
});

let shoppers = 0;
async function shopper() {
  shoppers += 1;
  const session = await signUp(app, database, outbox, { identifier: `chef.${shoppers}@example.com` });
  return { session, headers: { ...bearer(session), 'x-store-id': 'KE' } };
}

function book(headers: Record<string, string>, booking: unknown, item = chef.slug) {
  return app.inject({ method: 'POST', url: '/api/carts/chef/items', headers, payload: { item, booking } });
}

function checkout(headers: Record<string, string>, payload: object, service = 'chef') {
  return app.inject({
    method: 'POST',
    url: `/api/carts/${service}/checkout`,
    headers: { ...headers, 'idempotency-key': randomBytes(18).toString('base64url') },
    payload,
  });
}

const cash = () => ({ address: addressAt(chef), payment: { method: 'cash' } });
const fieldsOf = (response: { json: <T>() => T }) => response.json<ErrorResponse>().errors;
const problemOf = (response: { json: <T>() => T }) => response.json<ErrorResponse>().problem;

describe('chef experience bookings', () => {
  it('books a date, a time and 8 guests, priced per guest, and the order keeps the booking', async () => {
    const { headers } = await shopper();
    const added = await book(headers, { date: '2026-11-28', time: '19:00', guests: 8 });
    expect(added.statusCode, added.body).toBe(201);
    const line = added.json<{ data: Cart }>().data.groups[0]?.lines[0];
    // Saturday 19:00 in Nairobi is 16:00 UTC.
    expect(line?.booking).toEqual({
      startsAt: '2026-11-28T16:00:00.000Z',
      endsAt: new Date(Date.parse('2026-11-28T16:00:00Z') + chef.durationMinutes * 60_000).toISOString(),
      guests: 8,
      timeZone: 'Africa/Nairobi',
    });
    expect(line?.quantity).toBe(8);
    expect(line?.total.amount).toBe(chef.price * 8);
    expect(line?.problems).toEqual([]);

    const placed = await checkout(headers, cash());
    expect(placed.statusCode, placed.body).toBe(201);
    const [order] = placed.json<CheckoutResponse>().data.orders;
    expect(order?.scheduledFor).toBe('2026-11-28T16:00:00.000Z');
    expect(order?.timeZone).toBe('Africa/Nairobi');
    expect(order?.lines[0]?.booking).toMatchObject({ startsAt: '2026-11-28T16:00:00.000Z', guests: 8 });
    const held = await database.db
      .select()
      .from(chefBookings)
      .where(eq(chefBookings.orderId, order?.id ?? ''));
    expect(held).toMatchObject([{ providerId: chef.providerId, guests: 8, active: true }]);

    // The same slot again, by someone else: refused when adding, saying why.
    const other = await shopper();
    const again = await book(other.headers, { date: '2026-11-28', time: '19:00', guests: 8 });
    expect(again.statusCode, again.body).toBe(422);
    expect(fieldsOf(again)).toEqual({ 'booking.time': ['taken'] });
    // An overlapping start is the same evening: refused too. One that ends by 19:00 is free (the
    // experience lasts some hours: one after it would start past the chef's last start, 20:30).
    expect((await book(other.headers, { date: '2026-11-28', time: '18:00', guests: 8 })).statusCode).toBe(422);
    const before = 19 * 60 - Math.ceil(chef.durationMinutes / 30) * 30;
    expect(before, 'a start by 19:00 that the chef takes').toBeGreaterThanOrEqual(9 * 60);
    const earlier = `${String(Math.floor(before / 60)).padStart(2, '0')}:${String(before % 60).padStart(2, '0')}`;
    const free = await book(other.headers, { date: '2026-11-28', time: earlier, guests: 8 });
    expect(free.statusCode, free.body).toBe(201);
  });

  it('refuses a booking the chef cannot take, by the field it is about', async () => {
    const { headers } = await shopper();
    const refused = async (booking: unknown, status = 400) => {
      const response = await book(headers, booking);
      expect(response.statusCode, response.body).toBe(status);
      return fieldsOf(response);
    };
    // Under a day ahead; beyond 90 days; not a date.
    expect(await refused({ date: '2026-11-25', time: '10:00', guests: 8 })).toEqual({ 'booking.date': ['too_soon'] });
    expect(await refused({ date: '2027-03-01', time: '19:00', guests: 8 })).toEqual({ 'booking.date': ['too_far'] });
    expect(await refused({ date: '2026-11-31', time: '19:00', guests: 8 })).toEqual({ 'booking.date': ['invalid'] });
    // Off the half hour; outside the chef's hours (07:00 and 22:00 in Nairobi).
    expect(await refused({ date: '2026-11-28', time: '19:15', guests: 8 })).toEqual({ 'booking.time': ['invalid'] });
    expect(await refused({ date: '2026-11-28', time: '07:00', guests: 8 })).toEqual({ 'booking.time': ['closed'] });
    expect(await refused({ date: '2026-11-28', time: '22:00', guests: 8 })).toEqual({ 'booking.time': ['closed'] });
    // Guests outside the experience's range.
    expect(await refused({ date: '2026-11-28', time: '19:00', guests: chef.guestsMax + 1 })).toEqual({
      'booking.guests': ['range'],
    });
    expect(chef.guestsMin, 'an experience with fewer guests to refuse').toBeGreaterThan(1);
    expect(await refused({ date: '2026-11-28', time: '19:00', guests: chef.guestsMin - 1 })).toEqual({
      'booking.guests': ['range'],
    });
    // An experience needs its booking; a meal takes none.
    const bare = await app.inject({
      method: 'POST',
      url: '/api/carts/chef/items',
      headers,
      payload: { item: chef.slug },
    });
    expect(fieldsOf(bare)).toEqual({ booking: ['required'] });
    const [meal] = await twoKitchensNearby(database);
    const mealBooked = await app.inject({
      method: 'POST',
      url: '/api/carts/food/items',
      headers,
      payload: { item: meal.slug, booking: { date: '2026-11-28', time: '19:00', guests: 8 } },
    });
    expect(fieldsOf(mealBooked)).toEqual({ booking: ['not_bookable'] });
    // A booking's guests change by booking it again, not by a quantity.
    const added = await book(headers, { date: '2026-12-02', time: '12:00', guests: 8 });
    const line = added.json<{ data: Cart }>().data.groups[0]?.lines[0];
    const changed = await app.inject({
      method: 'PATCH',
      url: `/api/carts/chef/items/${line?.id}`,
      headers,
      payload: { quantity: 3 },
    });
    expect(changed.statusCode).toBe(422);
    const rebooked = await book(headers, { date: '2026-12-02', time: '12:00', guests: chef.guestsMin });
    const lines = rebooked.json<{ data: Cart }>().data.groups[0]?.lines ?? [];
    expect(lines).toHaveLength(1);
    expect(lines[0]?.booking?.guests).toBe(chef.guestsMin);
  });

  it(`gives one chef slot to exactly one of ${RACERS} shoppers checking out at once`, async () => {
    const racers = [];
    for (let n = 0; n < RACERS; n += 1) racers.push(await shopper());
    // Each has the slot in their cart: nobody holds it until a checkout does.
    for (const racer of racers) {
      const added = await book(racer.headers, { date: '2026-12-05', time: '13:00', guests: 8 });
      expect(added.statusCode, added.body).toBe(201);
    }
    const responses = await Promise.all(racers.map((racer) => checkout(racer.headers, cash())));
    const placed = responses.filter((response) => response.statusCode === 201);
    expect(placed).toHaveLength(1);
    for (const response of responses.filter((r) => r.statusCode !== 201)) {
      expect(response.statusCode, response.body).toBe(422);
      expect(problemOf(response)).toEqual({ code: 'slot_taken' });
    }
    const start = new Date('2026-12-05T10:00:00Z');
    const held = await database.db
      .select()
      .from(chefBookings)
      .where(and(eq(chefBookings.providerId, chef.providerId), eq(chefBookings.startsAt, start)));
    expect(held).toHaveLength(1);
    // The others' carts say the chef is taken then; none of them lost the line.
    const loser = racers.find((_, index) => responses[index]?.statusCode !== 201);
    const cart = (await app.inject({ method: 'GET', url: '/api/carts/chef', headers: loser?.headers ?? {} })).json<{
      data: Cart;
    }>().data;
    expect(cart.groups[0]?.lines[0]?.problems).toEqual(['slot_taken']);

    // Cancelled, the order gives the chef's time back: the slot can be booked again.
    const winner = racers[responses.findIndex((response) => response.statusCode === 201)];
    const order = placed[0]?.json<CheckoutResponse>().data.orders[0];
    const cancelled = await app.inject({
      method: 'POST',
      url: `/api/orders/${order?.id}/cancel`,
      headers: winner?.headers ?? {},
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [released] = await database.db
      .select()
      .from(chefBookings)
      .where(eq(chefBookings.orderId, order?.id ?? ''));
    expect(released?.active).toBe(false);
    const retried = await checkout(loser?.headers ?? {}, cash());
    expect(retried.statusCode, retried.body).toBe(201);
  });

  it('lets a guest book, and keeps the booking through sign-in', async () => {
    const token = randomBytes(32).toString('base64url');
    const guest = { 'x-store-id': 'KE', 'x-cart-token': token };
    const added = await book(guest, { date: '2026-12-09', time: '19:00', guests: 8 });
    expect(added.statusCode, added.body).toBe(201);
    const { headers } = await shopper();
    const merged = await app.inject({
      method: 'POST',
      url: '/api/carts/merge',
      headers: { ...headers, 'x-cart-token': token },
    });
    expect(merged.statusCode, merged.body).toBe(200);
    const cart = (await app.inject({ method: 'GET', url: '/api/carts/chef', headers })).json<{ data: Cart }>().data;
    expect(cart.groups[0]?.lines[0]?.booking).toMatchObject({ startsAt: '2026-12-09T16:00:00.000Z', guests: 8 });
  });
});

describe('scheduled delivery', () => {
  it('offers the windows every shop of the cart can make, and a checkout keeps the one chosen', async () => {
    const { headers, session } = await shopper();
    const [a, b] = await twoKitchensNearby(database);
    for (const meal of [a, b]) {
      const added = await app.inject({
        method: 'POST',
        url: '/api/carts/food/items',
        headers,
        payload: { item: meal.slug, quantity: enough(meal) },
      });
      expect(added.statusCode, added.body).toBe(201);
    }
    const listed = await app.inject({ method: 'GET', url: '/api/carts/food/delivery-slots', headers });
    expect(listed.statusCode, listed.body).toBe(200);
    const { slots, timeZone, slotMinutes } = listed.json<{ data: DeliverySlots }>().data;
    expect(timeZone).toBe('Africa/Nairobi');
    expect(slotMinutes).toBe(30);
    expect(slots.length).toBeGreaterThan(0);
    for (const slot of slots) {
      expect(Date.parse(slot)).toBeGreaterThan(NOW.getTime());
      expect(new Date(slot).getUTCMinutes() % 30).toBe(0);
    }
    const chosen = slots[slots.length - 1] ?? '';
    // A window that is not one of them: refused, nothing placed.
    const notOne = await checkout(headers, { ...cashFor(a), deliverAt: '2026-11-25T00:15:00.000Z' }, 'food');
    expect(notOne.statusCode, notOne.body).toBe(422);
    expect(problemOf(notOne)).toEqual({ code: 'slot' });
    const placed = await checkout(headers, { ...cashFor(a), deliverAt: chosen }, 'food');
    expect(placed.statusCode, placed.body).toBe(201);
    for (const order of placed.json<CheckoutResponse>().data.orders) expect(order.scheduledFor).toBe(chosen);
    const kept = await database.db.select().from(orders).where(eq(orders.userId, session.user.id));
    expect(kept.map((order) => order.scheduledFor?.toISOString())).toEqual([chosen, chosen]);
    const one = await app.inject({ method: 'GET', url: `/api/orders/${kept[0]?.id}`, headers });
    expect(one.json<{ data: Order }>().data.scheduledFor).toBe(chosen);
  });

  it('has no windows for Chef, whose time is its bookings’, and refuses one at its checkout', async () => {
    const { headers } = await shopper();
    await book(headers, { date: '2026-12-12', time: '12:00', guests: 8 });
    const listed = await app.inject({ method: 'GET', url: '/api/carts/chef/delivery-slots', headers });
    expect(listed.json<{ data: DeliverySlots }>().data.slots).toEqual([]);
    const refused = await checkout(headers, { ...cash(), deliverAt: '2026-12-12T09:00:00.000Z' });
    expect(problemOf(refused)).toEqual({ code: 'slot' });
  });
});

function cashFor(place: { latitude: number; longitude: number }) {
  return { address: addressAt(place), payment: { method: 'cash' } };
}

import { randomBytes, randomUUID } from 'node:crypto';
import type { LedgerTransaction } from '@malewa/contracts/operator/list-ledger';
import type { CheckoutResponse } from '@malewa/contracts/orders/checkout';
import type { Order } from '@malewa/contracts/orders/order';
import type { Payment } from '@malewa/contracts/payments/payment';
import type { Database } from '@malewa/db/database';
import { providerMembers } from '@malewa/db/schema/catalog';
import { outbox as outboxTable } from '@malewa/db/schema/messages';
import { notifications } from '@malewa/db/schema/notifications';
import { chefBookings, orderEvents } from '@malewa/db/schema/orders';
import { creditLedger } from '@malewa/db/schema/wallet';
import type { TestDatabase } from '@malewa/db/testing/test-database';
import { and, eq, like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createAccountRepository } from '#api/features/account/account-repository.ts';
import { createCartRepository } from '#api/features/carts/cart-repository.ts';
import { createJobRepository } from '#api/features/delivery/job-repository.ts';
import { createLedgerRepository } from '#api/features/ledger/ledger-repository.ts';
import { createStockRepository } from '#api/features/listings/stock-repository.ts';
import { createNotificationsRepository } from '#api/features/notifications/notifications-repository.ts';
import { createPushRepository } from '#api/features/notifications/push-repository.ts';
import { createCouponRepository } from '#api/features/offers/coupon-repository.ts';
import { createOrderRepository } from '#api/features/orders/order-repository.ts';
import { createPaymentRepository } from '#api/features/payments/payment-repository.ts';
import { createRefundRepository } from '#api/features/payments/refund-repository.ts';
import { orderRef } from '#api/messages/order-notices.ts';
import { createOutboxRepository } from '#api/messages/outbox-repository.ts';
import { createSandboxGateway, type GatewayPayment, signWebhook } from '#api/payments/payment-gateway.ts';
import { bearer, signUp } from '#api/testing/accounts.ts';
import {
  addressAt,
  type ChefExperience,
  chefExperienceFor8,
  enough,
  type KitchenMeal,
  twoKitchensNearby,
} from '#api/testing/orders.ts';
import { createTestOutbox, type TestOutbox } from '#api/testing/outbox.ts';
import { buildTestApp, createSeededDatabase, secondProcessPool } from '#api/testing/test-app.ts';
import { createRetryBook, nextRoundMs, retryDelayMs } from './retry-book.ts';
import { startTimeOuts, type TimeOutDeps, timeOutOrders } from './time-out-orders.ts';

// A Tuesday morning in Nairobi (12:30 EAT). The app's clock stays here, so sessions stay valid;
// each round is given its own time, minutes or hours later.
const NOW = new Date('2026-11-24T09:30:00Z');
const MINUTE = 60_000;
const TIMEOUTS = { acceptMs: 15 * MINUTE, chefAcceptMs: 12 * 60 * MINUTE, paymentPendingMs: 30 * MINUTE };
const SECRET = 'a-webhook-secret-of-the-time-out-tests-long-enough';
const later = (ms: number, from = NOW) => new Date(from.getTime() + ms);
const quiet = { info() {}, warn() {}, error() {} };

let database: TestDatabase;
let outbox: TestOutbox;
let app: FastifyInstance;
let meal: KitchenMeal;
let chef: ChefExperience;
let cook: { headers: Record<string, string>; id: string };
let chefCook: { id: string };
let operator: Record<string, string>;
/**
 * The gateway is the one outside party: its refunds are written down, once per key, as a real
 * gateway refunds once per idempotency key; every send is counted.
 */
const refunds: (GatewayPayment & { key: string })[] = [];
const refundSends: string[] = [];
/** Set by a test: the next refund hangs until released, as the send of a process that died. */
let stallNextRefund = false;
const stalledRefunds: (() => void)[] = [];
const sandbox = createSandboxGateway(SECRET);
const gateway = {
  ...sandbox,
  refund: async (payment: GatewayPayment, key: string) => {
    refundSends.push(key);
    if (stallNextRefund) {
      stallNextRefund = false;
      await new Promise<void>((resolve) => stalledRefunds.push(resolve));
    }
    if (!refunds.some((refund) => refund.key === key)) refunds.push({ ...payment, key });
  },
};

/** What one API process's round is given (server.ts), on `db`, at `at`. */
function roundDeps(on: Database, at: Date): TimeOutDeps & { now: () => Date } {
  return {
    orders: createOrderRepository(on.db),
    stock: createStockRepository(on.db),
    coupons: createCouponRepository(on.db),
    carts: createCartRepository(on.db),
    jobs: createJobRepository(on.db),
    ledger: createLedgerRepository(on.db),
    credits: createAccountRepository(on.db),
    payments: createPaymentRepository(on.db),
    refunds: createRefundRepository(on.db),
    gateway,
    log: quiet,
    notices: createNotificationsRepository(on.db),
    push: createPushRepository(on.db),
    outbox: createOutboxRepository(on.db),
    publicOrigin: 'http://shop.test',
    transaction: on.transaction,
    timeouts: TIMEOUTS,
    now: () => at,
  };
}

const round = (at: Date, retries = createRetryBook(), on: Database = database) =>
  timeOutOrders(roundDeps(on, at), at, retries, quiet);

beforeAll(async () => {
  database = await createSeededDatabase({ now: NOW, openAllDay: true });
  outbox = await createTestOutbox(database);
  app = await buildTestApp(database, { now: () => NOW, gateway });
  await app.ready();
  [meal] = await twoKitchensNearby(database);
  chef = await chefExperienceFor8(database);
  const cookSession = await signUp(app, database, outbox, {
    identifier: 'timeout.cook@example.com',
    roles: ['provider'],
  });
  await database.db.insert(providerMembers).values({ providerId: meal.providerId, userId: cookSession.user.id });
  cook = { headers: bearer(cookSession), id: cookSession.user.id };
  const chefSession = await signUp(app, database, outbox, { identifier: 'timeout.chef@example.com' });
  await database.db.insert(providerMembers).values({ providerId: chef.providerId, userId: chefSession.user.id });
  chefCook = { id: chefSession.user.id };
  operator = bearer(
    await signUp(app, database, outbox, { identifier: 'timeout.operator@example.com', roles: ['operator'] }),
  );
});

afterAll(async () => {
  await app?.close();
  await database?.destroy();
});

let shoppers = 0;
async function shopper(credit = 0) {
  shoppers += 1;
  const session = await signUp(app, database, outbox, { identifier: `timeout.${shoppers}@example.com` });
  if (credit > 0) {
    await database.db
      .insert(creditLedger)
      .values({ userId: session.user.id, currency: 'KES', amountMinor: credit, reason: 'test goodwill' });
  }
  return { id: session.user.id, headers: { ...bearer(session), 'x-store-id': 'KE' } };
}

async function fillCart(headers: Record<string, string>) {
  const added = await app.inject({
    method: 'POST',
    url: '/api/carts/food/items',
    headers,
    payload: { item: meal.slug, quantity: enough(meal) },
  });
  expect(added.statusCode, added.body).toBe(201);
}

function checkout(headers: Record<string, string>, payload: object, service = 'food') {
  return app.inject({
    method: 'POST',
    url: `/api/carts/${service}/checkout`,
    headers: { ...headers, 'idempotency-key': randomBytes(18).toString('base64url') },
    payload: { address: addressAt(meal), ...payload },
  });
}

/** A placed cash order of the kitchen (with the shopper's credit spent first, when asked). */
async function placeCash(headers: Record<string, string>, extra: object = {}): Promise<Order> {
  await fillCart(headers);
  const placed = await checkout(headers, { payment: { method: 'cash' }, ...extra });
  expect(placed.statusCode, placed.body).toBe(201);
  const [order] = placed.json<CheckoutResponse>().data.orders;
  if (!order) throw new Error('no order');
  return order;
}

/** A mobile-money checkout: its payment, waiting for the phone. */
async function startMpesa(headers: Record<string, string>): Promise<Payment> {
  await fillCart(headers);
  const started = await checkout(headers, { payment: { method: 'mpesa', phone: '0712 345 678' } });
  expect(started.statusCode, started.body).toBe(202);
  return started.json<{ data: { payment: Payment } }>().data.payment;
}

/** An order paid ahead by M-Pesa: the shopper approves the prompt (the sandbox's phone). */
async function placePaid(headers: Record<string, string>): Promise<Order> {
  const payment = await startMpesa(headers);
  const approved = await app.inject({
    method: 'POST',
    url: `/api/payments/${payment.id}/sandbox`,
    headers,
    payload: { decision: 'approve' },
  });
  expect(approved.statusCode, approved.body).toBe(200);
  const listed = await app.inject({ method: 'GET', url: '/api/orders', headers });
  const [order] = listed.json<{ data: Order[] }>().data;
  if (order?.payment.status !== 'paid') throw new Error(`no paid order: ${listed.body}`);
  return order;
}

async function orderOf(id: string, headers: Record<string, string>): Promise<Order> {
  const got = await app.inject({ method: 'GET', url: `/api/orders/${id}`, headers });
  expect(got.statusCode, got.body).toBe(200);
  return got.json<{ data: Order }>().data;
}

async function ledgerOf(orderId: string): Promise<LedgerTransaction[]> {
  const listed = await app.inject({ method: 'GET', url: `/api/operator/ledger?order=${orderId}`, headers: operator });
  expect(listed.statusCode, listed.body).toBe(200);
  return listed.json<{ data: LedgerTransaction[] }>().data;
}

const balance = (transactions: readonly LedgerTransaction[], account: string, party?: string) =>
  transactions
    .flatMap((transaction) => transaction.entries)
    .filter((entry) => entry.account === account && (party === undefined || entry.party === party))
    .reduce((sum, entry) => sum + entry.amount, 0) || 0;

/** Placed, then closed: two balanced transactions whose every account comes back to nothing. */
async function expectReversed(orderId: string) {
  const transactions = await ledgerOf(orderId);
  expect(transactions.map((transaction) => transaction.kind).sort()).toEqual(['order_closed', 'order_placed']);
  for (const transaction of transactions) {
    expect(transaction.entries.reduce((sum, entry) => sum + entry.amount, 0)).toBe(0);
  }
  const accounts = new Set(transactions.flatMap((transaction) => transaction.entries.map((entry) => entry.account)));
  for (const account of accounts) expect(balance(transactions, account), account).toBe(0);
  return transactions;
}

const bells = (userId: string, dedupeKey: string) =>
  database.db
    .select({ kind: notifications.kind })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.dedupeKey, dedupeKey)));

const rejections = (orderId: string) =>
  database.db
    .select({ status: orderEvents.status })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.status, 'rejected')));

const messagesAbout = (orderId: string, template: string) =>
  database.db
    .select({ id: outboxTable.id })
    .from(outboxTable)
    .where(and(eq(outboxTable.template, template), like(outboxTable.body, `%${orderRef(orderId)}%`)));

describe('orders nobody accepted in time (docs/decisions/0035)', () => {
  it('rejects an order its shop did not accept in time, once: credit back, ledger reversed, both told', async () => {
    const me = await shopper(2000);
    const order = await placeCash(me.headers, { useCredit: true });

    expect((await round(later(15 * MINUTE - 1000))).rejected).not.toContain(order.id);
    expect((await orderOf(order.id, me.headers)).status).toBe('placed');

    const done = await round(later(15 * MINUTE));
    expect(done.rejected).toContain(order.id);
    expect(done.failed).toEqual([]);
    const closed = await orderOf(order.id, me.headers);
    expect(closed).toMatchObject({ status: 'rejected', rejectReason: null, closedBecause: 'no_answer' });
    const transactions = await expectReversed(order.id);
    const closing = transactions.filter((transaction) => transaction.kind === 'order_closed');
    expect(balance(closing, 'customer_credit', me.id)).toBe(-2000);
    // The shopper is told as for any rejection, with the credit that came back; the shop that it missed one.
    expect(await bells(me.id, `rejected:${order.id}`)).toEqual([{ kind: 'order-rejected' }]);
    expect(await bells(me.id, `refunded:${order.id}`)).toEqual([{ kind: 'order-refunded' }]);
    expect(await bells(cook.id, `missed:${order.id}`)).toEqual([{ kind: 'order-missed' }]);
    expect(await messagesAbout(order.id, 'order-rejected')).toHaveLength(1);
    expect(await messagesAbout(order.id, 'order-missed')).toHaveLength(1);

    // Once: a later round, or the shop answering late, changes nothing.
    expect((await round(later(60 * MINUTE))).rejected).not.toContain(order.id);
    expect(await rejections(order.id)).toHaveLength(1);
    const late = await app.inject({
      method: 'POST',
      url: `/api/provider/orders/${order.id}/accept`,
      headers: cook.headers,
      payload: { prepMinutes: 20 },
    });
    expect(late.statusCode, late.body).toBe(409);
    expect((await ledgerOf(order.id)).length).toBe(2);
  });

  it('refunds an order paid ahead through the gateway, once', async () => {
    const me = await shopper();
    const order = await placePaid(me.headers);
    const done = await round(later(16 * MINUTE));
    expect(done.rejected).toContain(order.id);
    const closed = await orderOf(order.id, me.headers);
    expect(closed.payment.status).toBe('refunded');
    const payment = (await createPaymentRepository(database.db).byCheckout(order.checkoutId))?.id;
    expect(refunds.filter((refund) => refund.id === payment).map((refund) => refund.amount)).toEqual([
      order.total.amount,
    ]);
    await expectReversed(order.id);
    expect(await bells(me.id, `refunded:${order.id}`)).toEqual([{ kind: 'order-refunded' }]);
  });

  it('sends again a refund whose process died before the gateway answered, once its hold has passed', async () => {
    const me = await shopper();
    const order = await placePaid(me.headers);
    const payment = await createPaymentRepository(database.db).byCheckout(order.checkoutId);
    stallNextRefund = true;
    // The shopper cancels; the order closes and commits, and the process "dies" sending its refund.
    const cancelling = app.inject({ method: 'POST', url: `/api/orders/${order.id}/cancel`, headers: me.headers });
    for (let waited = 0; stalledRefunds.length === 0 && waited < 200; waited += 1) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(stalledRefunds).toHaveLength(1);
    const refundsRepo = createRefundRepository(database.db);
    const queued = await refundsRepo.byKey(`order:${order.id}`);
    expect(queued).toMatchObject({ status: 'pending', attempts: 1, amount: order.total.amount });
    expect(refunds.filter((refund) => refund.id === payment?.id)).toEqual([]);

    // Held by its send for 5 minutes: not taken again before.
    expect((await round(later(4 * MINUTE))).refunds).toBe(0);
    const done = await round(later(6 * MINUTE));
    expect(done.refunds).toBe(1);
    expect(await refundsRepo.byKey(`order:${order.id}`)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(refunds.filter((refund) => refund.id === payment?.id)).toEqual([
      expect.objectContaining({ amount: order.total.amount, key: queued?.id }),
    ]);

    // The first send answers at last: the same key, so the gateway refunded once; nothing else moves.
    stalledRefunds.shift()?.();
    const cancelled = await cancelling;
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(refundSends.filter((key) => key === queued?.id)).toHaveLength(2);
    expect(refunds.filter((refund) => refund.id === payment?.id)).toHaveLength(1);
    expect(await refundsRepo.byKey(`order:${order.id}`)).toMatchObject({ status: 'sent', attempts: 2 });
    expect((await round(later(20 * MINUTE))).refunds).toBe(0);
    const credited = await database.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.reason, `refund:${payment?.id}`));
    expect(credited).toEqual([]);
  });

  it('answers a cancel whose refund could not be sent after its commit, and the round sends it', async () => {
    const me = await shopper();
    const order = await placePaid(me.headers);
    const payment = await createPaymentRepository(database.db).byCheckout(order.checkoutId);
    // The database takes the cancel, then refuses the refund's send (its claim is an update).
    await database.db.execute(sql`
      create function refuse_refund_sends() returns trigger language plpgsql as $$
      begin raise exception 'the database is away'; end $$`);
    await database.db.execute(
      sql`create trigger refuse_refund_sends before update on payment_refunds for each row execute function refuse_refund_sends()`,
    );
    let cancelled: Awaited<ReturnType<typeof app.inject>>;
    try {
      cancelled = await app.inject({ method: 'POST', url: `/api/orders/${order.id}/cancel`, headers: me.headers });
    } finally {
      await database.db.execute(sql`drop trigger refuse_refund_sends on payment_refunds`);
      await database.db.execute(sql`drop function refuse_refund_sends()`);
    }
    // What was decided is committed, and answered as it is: cancelled, its payment to come back.
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<{ data: Order }>().data).toMatchObject({
      status: 'cancelled',
      payment: { status: 'refunded' },
    });
    const refundsRepo = createRefundRepository(database.db);
    expect(await refundsRepo.byKey(`order:${order.id}`)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(refunds.filter((refund) => refund.id === payment?.id)).toEqual([]);
    // Never claimed, so the next round sends it.
    expect((await round(later(MINUTE))).refunds).toBe(1);
    expect(await refundsRepo.byKey(`order:${order.id}`)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(refunds.filter((refund) => refund.id === payment?.id)).toEqual([
      expect.objectContaining({ amount: order.total.amount }),
    ]);
  });

  it('sends the other queued refunds when one fails, and that one after its hold, without failing the round', async () => {
    const me = await shopper();
    const orders = [await placePaid(me.headers), await placePaid(me.headers)];
    // Both cancels commit; their sends are refused, so both refunds wait for a round.
    await database.db.execute(sql`
      create function refuse_refund_sends() returns trigger language plpgsql as $$
      begin raise exception 'the database is away'; end $$`);
    await database.db.execute(
      sql`create trigger refuse_refund_sends before update on payment_refunds for each row execute function refuse_refund_sends()`,
    );
    try {
      for (const order of orders) {
        const cancelled = await app.inject({
          method: 'POST',
          url: `/api/orders/${order.id}/cancel`,
          headers: me.headers,
        });
        expect(cancelled.statusCode, cancelled.body).toBe(200);
      }
    } finally {
      await database.db.execute(sql`drop trigger refuse_refund_sends on payment_refunds`);
      await database.db.execute(sql`drop function refuse_refund_sends()`);
    }
    const refundsRepo = createRefundRepository(database.db);
    const [bad, good] = await Promise.all(orders.map((order) => refundsRepo.byKey(`order:${order.id}`)));
    if (!bad || !good) throw new Error('no refunds queued');
    // The first one's settling is refused: its claim goes through, its send cannot be noted.
    await database.db.execute(sql`
      create function refuse_one_settle() returns trigger language plpgsql as $$
      begin
        if new.id = ${sql.raw(`'${bad.id}'`)} and new.status <> 'pending' then raise exception 'refused'; end if;
        return new;
      end $$`);
    await database.db.execute(
      sql`create trigger refuse_one_settle before update on payment_refunds for each row execute function refuse_one_settle()`,
    );
    let first: Awaited<ReturnType<typeof round>>;
    try {
      first = await round(later(MINUTE));
    } finally {
      await database.db.execute(sql`drop trigger refuse_one_settle on payment_refunds`);
      await database.db.execute(sql`drop function refuse_one_settle()`);
    }
    expect(first.refunds).toBe(1);
    expect(await refundsRepo.byKey(`order:${orders[1]?.id}`)).toMatchObject({ status: 'sent' });
    expect(await refundsRepo.byKey(`order:${orders[0]?.id}`)).toMatchObject({ status: 'pending', attempts: 1 });

    // Held for its lease, then sent: the gateway took it once, under its own key.
    expect((await round(later(3 * MINUTE))).refunds).toBe(0);
    expect((await round(later(7 * MINUTE))).refunds).toBe(1);
    expect(await refundsRepo.byKey(`order:${orders[0]?.id}`)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(refunds.filter((refund) => refund.key === bad.id)).toHaveLength(1);
  });

  it('leaves an order its shop accepted just before its time alone', async () => {
    const me = await shopper();
    const order = await placeCash(me.headers);
    const accepted = await app.inject({
      method: 'POST',
      url: `/api/provider/orders/${order.id}/accept`,
      headers: cook.headers,
      payload: { prepMinutes: 20 },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await round(later(16 * MINUTE))).rejected).not.toContain(order.id);
    expect((await orderOf(order.id, me.headers)).status).toBe('accepted');
    expect(await bells(cook.id, `missed:${order.id}`)).toEqual([]);
  });

  it('gives a scheduled order until its shop must start on it, and then the same minutes', async () => {
    const me = await shopper();
    await fillCart(me.headers);
    const listed = await app.inject({
      method: 'GET',
      url: `/api/carts/food/delivery-slots?lat=${meal.latitude}&lng=${meal.longitude}`,
      headers: me.headers,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const slot = listed.json<{ data: { slots: string[] } }>().data.slots.at(-1);
    if (!slot) throw new Error('no delivery window');
    const placed = await checkout(me.headers, { payment: { method: 'cash' }, deliverAt: slot });
    expect(placed.statusCode, placed.body).toBe(201);
    const [order] = placed.json<CheckoutResponse>().data.orders;
    if (!order) throw new Error('no order');
    // Its shop must start on it its estimate before the window: until then, and 15 minutes more, it waits.
    const starts = new Date(Date.parse(slot) - order.etaMinutes * MINUTE);
    expect(starts.getTime()).toBeGreaterThan(later(24 * 60 * MINUTE).getTime());
    expect((await round(later(16 * MINUTE))).rejected).not.toContain(order.id);
    expect((await round(later(15 * MINUTE - 1000, starts))).rejected).not.toContain(order.id);
    expect((await round(later(15 * MINUTE, starts))).rejected).toContain(order.id);
  });

  it("gives a chef's booking its own time, and frees the chef's evening when it runs out", async () => {
    const me = await shopper();
    const booked = await app.inject({
      method: 'POST',
      url: '/api/carts/chef/items',
      headers: me.headers,
      payload: { item: chef.slug, booking: { date: '2026-11-27', time: '19:00', guests: 8 } },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const placed = await checkout(me.headers, { address: addressAt(chef), payment: { method: 'cash' } }, 'chef');
    expect(placed.statusCode, placed.body).toBe(201);
    const [order] = placed.json<CheckoutResponse>().data.orders;
    if (!order) throw new Error('no order');
    expect((await round(later(12 * 60 * MINUTE - 1000))).rejected).not.toContain(order.id);
    expect((await round(later(12 * 60 * MINUTE))).rejected).toContain(order.id);
    const held = await database.db
      .select({ active: chefBookings.active })
      .from(chefBookings)
      .where(eq(chefBookings.orderId, order.id));
    expect(held).toEqual([{ active: false }]);
    expect(await bells(chefCook.id, `missed:${order.id}`)).toEqual([{ kind: 'order-missed' }]);
  });

  it('tries an order whose closing failed again after its back-off, and closes the others meanwhile', async () => {
    const first = await placeCash((await shopper()).headers);
    const second = await placeCash((await shopper()).headers);
    const at = later(20 * MINUTE);
    // The first order's bell cannot be written once: its whole closing rolls back.
    let broken = true;
    const deps = roundDeps(database, at);
    const notices = deps.notices;
    const failing: TimeOutDeps = {
      ...deps,
      notices: {
        ...notices,
        notifyOnce: async (userId, kind, params, dedupeKey) => {
          if (broken && params.orderId === first.id) {
            broken = false;
            throw new Error('the bell could not be written');
          }
          return notices.notifyOnce(userId, kind, params, dedupeKey);
        },
      },
    };
    const retries = createRetryBook();
    const done = await timeOutOrders(failing, at, retries, quiet);
    expect(done.failed).toEqual([first.id]);
    expect(done.rejected).toContain(second.id);
    expect(await rejections(first.id)).toEqual([]);
    // Within its back-off it is left alone; after it, closed once.
    expect((await timeOutOrders(failing, later(retryDelayMs(1) - 1000, at), retries, quiet)).rejected).toEqual([]);
    const again = await timeOutOrders(failing, later(retryDelayMs(1), at), retries, quiet);
    expect(again).toMatchObject({ rejected: [first.id], failed: [] });
    expect(await rejections(first.id)).toHaveLength(1);
    await expectReversed(first.id);
  });

  it('runs in the background until stopped', async () => {
    const me = await shopper();
    const order = await placeCash(me.headers);
    const logged: string[] = [];
    const log = { info: (_: object, message: string) => logged.push(message), warn() {}, error() {} };
    const worker = startTimeOuts(roundDeps(database, later(30 * MINUTE)), 100, log);
    try {
      for (let tries = 0; tries < 100 && (await orderOf(order.id, me.headers)).status === 'placed'; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await worker.stop();
    }
    expect((await orderOf(order.id, me.headers)).status).toBe('rejected');
    expect(logged.length).toBeGreaterThan(0);
  });

  it('backs off: an order 30 s, 1, 2, 4 … minutes, at most 15; a failing round up to 5 minutes', () => {
    expect([1, 2, 3, 4, 5, 6, 10].map(retryDelayMs)).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 900_000, 900_000,
    ]);
    expect([0, 1, 2, 10].map((failed) => nextRoundMs(30_000, failed))).toEqual([30_000, 60_000, 120_000, 300_000]);
  });
});

describe('payments nobody approved in time', () => {
  /** The gateway's signed notice of how the payment ended. */
  function notice(payment: Payment, status: 'succeeded' | 'failed') {
    const raw = JSON.stringify({
      eventId: `evt_${randomUUID()}`,
      reference: payment.id,
      status,
      amount: payment.amount.amount,
      currency: payment.amount.currency,
    });
    return app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/sandbox',
      headers: {
        'content-type': 'application/json',
        'x-malewa-signature': signWebhook(SECRET, raw, Math.floor(Date.now() / 1000)),
      },
      payload: raw,
    });
  }
  const paymentOf = async (id: string, headers: Record<string, string>) => {
    const got = await app.inject({ method: 'GET', url: `/api/payments/${id}`, headers });
    expect(got.statusCode, got.body).toBe(200);
    return got.json<{ data: Payment }>().data;
  };
  // Payments are dated by the database's clock, which runs in real time.
  const realLater = (ms: number) => new Date(Date.now() + ms);

  it('expires a payment after its time; money the gateway takes after that goes back, and nothing is placed', async () => {
    const me = await shopper();
    const payment = await startMpesa(me.headers);
    expect((await round(realLater(25 * MINUTE))).expired).not.toContain(payment.id);
    expect((await round(realLater(31 * MINUTE))).expired).toContain(payment.id);
    expect(await paymentOf(payment.id, me.headers)).toMatchObject({ status: 'failed', failure: 'expired' });

    // The shopper approved the prompt after all: the money comes back, and no order appears.
    const late = await notice(payment, 'succeeded');
    expect(late.statusCode, late.body).toBe(200);
    expect(await paymentOf(payment.id, me.headers)).toMatchObject({ status: 'refunded', failure: 'expired' });
    expect(refunds.filter((refund) => refund.id === payment.id).map((refund) => refund.amount)).toEqual([
      payment.amount.amount,
    ]);
    const listed = await app.inject({ method: 'GET', url: '/api/orders', headers: me.headers });
    expect(listed.json<{ data: Order[] }>().data).toEqual([]);
    const cart = await app.inject({ method: 'GET', url: '/api/carts/food', headers: me.headers });
    expect(cart.json<{ data: { groups: unknown[] } }>().data.groups).toHaveLength(1);
  });

  it('leaves a payment confirmed before its time alone', async () => {
    const me = await shopper();
    const payment = await startMpesa(me.headers);
    expect((await notice(payment, 'succeeded')).statusCode).toBe(200);
    expect((await round(realLater(31 * MINUTE))).expired).not.toContain(payment.id);
    expect((await paymentOf(payment.id, me.headers)).status).toBe('succeeded');
  });
});

const adminUrl = inject('testDatabaseUrl');

describe.runIf(adminUrl)('two API processes at once (needs PostgreSQL: TEST_DATABASE_URL)', () => {
  const other = secondProcessPool(() => database);

  it('rejects each order exactly once, tells each once and refunds each once', async () => {
    const cash = [];
    for (let n = 0; n < 6; n++) {
      const me = await shopper(500);
      cash.push({ me, order: await placeCash(me.headers, { useCredit: true }) });
    }
    const paid = [];
    for (let n = 0; n < 2; n++) {
      const me = await shopper();
      paid.push({ me, order: await placePaid(me.headers) });
    }
    const all = [...cash, ...paid];
    const at = later(40 * MINUTE);
    const [one, two] = await Promise.all([
      round(at, createRetryBook(), database),
      round(at, createRetryBook(), other()),
    ]);
    expect([...one.failed, ...two.failed]).toEqual([]);
    const rejected = [...one.rejected, ...two.rejected];
    for (const { order } of all) expect(rejected.filter((id) => id === order.id)).toHaveLength(1);

    for (const { me, order } of all) {
      expect(await rejections(order.id)).toHaveLength(1);
      expect(await bells(me.id, `rejected:${order.id}`)).toHaveLength(1);
      expect(await bells(cook.id, `missed:${order.id}`)).toHaveLength(1);
      expect(await messagesAbout(order.id, 'order-rejected')).toHaveLength(1);
      await expectReversed(order.id);
    }
    for (const { order } of paid) {
      const payment = (await createPaymentRepository(database.db).byCheckout(order.checkoutId))?.id;
      expect(refunds.filter((refund) => refund.id === payment)).toHaveLength(1);
    }
  });

  it('never rejects an order its shop accepts at the same moment: one of the two wins', async () => {
    const orders = [];
    for (let n = 0; n < 4; n++) orders.push(await placeCash((await shopper()).headers));
    const at = later(40 * MINUTE);
    const [accepts, closed] = await Promise.all([
      Promise.all(
        orders.map((order) =>
          app.inject({
            method: 'POST',
            url: `/api/provider/orders/${order.id}/accept`,
            headers: cook.headers,
            payload: { prepMinutes: 20 },
          }),
        ),
      ),
      round(at, createRetryBook(), other()),
    ]);
    for (const [index, order] of orders.entries()) {
      const accepted = accepts[index]?.statusCode === 200;
      const timedOut = closed.rejected.includes(order.id);
      expect(accepted !== timedOut, `order ${index}: accepted ${accepted}, timed out ${timedOut}`).toBe(true);
      if (!accepted) expect(accepts[index]?.statusCode).toBe(409);
      expect(await rejections(order.id)).toHaveLength(timedOut ? 1 : 0);
    }
  });
});

import { randomBytes } from 'node:crypto';
import type { CheckoutResponse } from '@malewa/contracts/orders/checkout';
import type { Order } from '@malewa/contracts/orders/order';
import { ADVANCED_STATUSES } from '@malewa/contracts/orders/order';
import type { OrderProblem } from '@malewa/contracts/orders/problem';
import type { Payment } from '@malewa/contracts/payments/payment';
import { offers, providerMembers } from '@malewa/db/schema/catalog';
import { ledgerEntries, ledgerTransactions } from '@malewa/db/schema/ledger';
import { orders } from '@malewa/db/schema/orders';
import { creditLedger } from '@malewa/db/schema/wallet';
import type { TestDatabase } from '@malewa/db/testing/test-database';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp } from '#api/testing/accounts.ts';
import { addressAt, enough, type KitchenMeal, twoKitchensNearby } from '#api/testing/orders.ts';
import { createTestOutbox, type TestOutbox } from '#api/testing/outbox.ts';
import { buildTestApp, createSeededDatabase } from '#api/testing/test-app.ts';

// Random orders through the API (seeded: the same every run) with the seeded offers, coupons,
// credit, tips, cash and M-Pesa, cancellations, deliveries and partial refunds; then the ledger
// is checked against itself and against the orders (docs/decisions/0033-double-entry-ledger.md).
const NOW = new Date('2026-11-24T09:30:00Z');
const ORDERS = 36;

let database: TestDatabase;
let outbox: TestOutbox;
let app: FastifyInstance;
let kitchens: [KitchenMeal, KitchenMeal];
let operator: Record<string, string>;
let cook: Record<string, string>;

function random(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * below);
  };
}

beforeAll(async () => {
  database = await createSeededDatabase({ now: NOW, openAllDay: true });
  outbox = await createTestOutbox(database);
  app = await buildTestApp(database, { now: () => NOW });
  await app.ready();
  kitchens = await twoKitchensNearby(database);
  operator = bearer(
    await signUp(app, database, outbox, { identifier: 'prop.operator@example.com', roles: ['operator'] }),
  );
  const cooking = await signUp(app, database, outbox, { identifier: 'prop.cook@example.com', roles: ['provider'] });
  await database.db
    .insert(providerMembers)
    .values(kitchens.map((kitchen) => ({ providerId: kitchen.providerId, userId: cooking.user.id })));
  cook = bearer(cooking);
  // A shop-funded offer on one kitchen and a coupon on the service: discounts both ways.
  await database.db.insert(offers).values([
    {
      countryCode: 'KE',
      service: 'food',
      providerId: kitchens[0].providerId,
      fundedBy: 'shop',
      kind: 'fixed',
      value: 5000,
      startsAt: new Date(NOW.getTime() - 86_400_000),
      endsAt: new Date(NOW.getTime() + 86_400_000),
    },
    {
      countryCode: 'KE',
      service: 'food',
      kind: 'percent',
      value: 10,
      code: 'PROPTEST10',
      startsAt: new Date(NOW.getTime() - 86_400_000),
      endsAt: new Date(NOW.getTime() + 86_400_000),
    },
  ]);
  for (const kind of ['food', 'grocery']) {
    await app.inject({
      method: 'POST',
      url: '/api/operator/commission-rates',
      headers: operator,
      payload: {
        countryCode: 'KE',
        service: kind,
        rateBp: 1200,
        validFrom: new Date(NOW.getTime() - 3_600_000).toISOString(),
      },
    });
  }
});

afterAll(async () => {
  await app?.close();
  await database?.destroy();
});

async function call(method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: object) {
  return app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

async function deliver(order: Order) {
  expect((await call('POST', `/api/provider/orders/${order.id}/accept`, cook, { prepMinutes: 15 })).statusCode).toBe(
    200,
  );
  for (const to of ADVANCED_STATUSES) {
    expect((await call('POST', `/api/provider/orders/${order.id}/advance`, cook, { to })).statusCode).toBe(200);
  }
}

async function reportAndResolve(order: Order, shopper: Record<string, string>, next: (below: number) => number) {
  const listed = await call('GET', `/api/orders/${order.id}/problems`, shopper);
  const line = listed.json<{ data: { lines: { id: string; quantity: number }[] } }>().data.lines[0];
  if (!line) throw new Error('no line to report');
  const form = new FormData();
  form.append('report', JSON.stringify({ lines: [{ orderLineId: line.id, quantity: 1, reason: 'damaged' }] }));
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const reported = await app.inject({
    method: 'POST',
    url: `/api/orders/${order.id}/problems`,
    headers: { ...shopper, 'content-type': request.headers.get('content-type') ?? '' },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  expect(reported.statusCode, reported.body).toBe(201);
  const problem = reported.json<{ data: OrderProblem }>().data;
  const to = order.payment.method === 'cash' || next(2) === 0 ? 'credit' : 'method';
  const most = problem.refundable[to].amount;
  const refund = Math.max(0, Math.floor((most * (1 + next(9))) / 10));
  const resolved = await call('POST', `/api/provider/problems/${problem.id}/resolve`, cook, { refund, to });
  expect(resolved.statusCode, resolved.body).toBe(200);
}

describe('the ledger, over random orders through the API', () => {
  it('balances every transaction and accounts for every order’s money', async () => {
    const next = random(32);
    const placed: Order[] = [];
    const shoppers: { id: string; headers: Record<string, string> }[] = [];
    for (let index = 0; index < 6; index++) {
      const session = await signUp(app, database, outbox, {
        identifier: `prop.shopper${index}@example.com`,
        market: 'KE',
      });
      shoppers.push({ id: session.user.id, headers: { ...bearer(session), 'x-store-id': 'KE' } });
      if (index % 2 === 0) {
        await call('POST', `/api/operator/accounts/${session.user.id}/credit`, operator, {
          amount: 20_000 + next(200_000),
          currency: 'KES',
          reason: 'Goodwill for the property test',
        });
      }
    }
    for (let index = 0; index < ORDERS; index++) {
      const shopper = shoppers[next(shoppers.length)] ?? shoppers[0];
      if (!shopper) throw new Error('no shopper');
      const mine = next(3) === 0 ? kitchens : [kitchens[next(2)] ?? kitchens[0]];
      for (const kitchen of mine) {
        const added = await call('POST', '/api/carts/food/items', shopper.headers, {
          item: kitchen.slug,
          quantity: enough(kitchen) + next(3),
        });
        expect(added.statusCode, added.body).toBe(201);
      }
      if (next(3) === 0) await call('PUT', '/api/carts/food/coupon', shopper.headers, { code: 'PROPTEST10' });
      const mpesa = next(2) === 0;
      const response = await app.inject({
        method: 'POST',
        url: '/api/carts/food/checkout',
        headers: { ...shopper.headers, 'idempotency-key': randomBytes(18).toString('base64url') },
        payload: {
          address: addressAt(kitchens[0]),
          payment: mpesa ? { method: 'mpesa', phone: '0712 345 678' } : { method: 'cash' },
          ...(next(2) === 0 ? { tip: 100 * next(20) } : {}),
          ...(next(2) === 0 ? { useCredit: true } : {}),
        },
      });
      expect([201, 202], response.body).toContain(response.statusCode);
      let orders: Order[];
      if (response.statusCode === 202) {
        const payment = response.json<{ data: { payment: Payment } }>().data.payment;
        const approved = await call('POST', `/api/payments/${payment.id}/sandbox`, shopper.headers, {
          decision: 'approve',
        });
        expect(approved.statusCode, approved.body).toBe(200);
        const checkoutId = approved.json<{ data: Payment }>().data.checkoutId;
        const listed = await call('GET', `/api/orders?checkout=${checkoutId}`, shopper.headers);
        orders = listed.json<{ data: Order[] }>().data;
      } else {
        orders = response.json<CheckoutResponse>().data.orders;
      }
      for (const order of orders) {
        placed.push(order);
        const fate = next(4);
        if (fate === 0) {
          expect((await call('POST', `/api/orders/${order.id}/cancel`, shopper.headers)).statusCode).toBe(200);
        } else if (fate >= 2) {
          await deliver(order);
          if (fate === 3) await reportAndResolve(order, shopper.headers, next);
        }
      }
    }
    expect(placed.length).toBeGreaterThanOrEqual(ORDERS);

    // Every transaction sums to zero.
    const unbalanced = await database.db
      .select({ id: ledgerEntries.transactionId })
      .from(ledgerEntries)
      .groupBy(ledgerEntries.transactionId)
      .having(sql`sum(${ledgerEntries.amount}) <> 0`);
    expect(unbalanced).toEqual([]);

    const ids = placed.map((order) => order.id);
    const rows = await database.db.select().from(orders).where(inArray(orders.id, ids));
    const entries = await database.db
      .select({
        orderId: ledgerTransactions.orderId,
        account: ledgerEntries.account,
        purpose: ledgerEntries.purpose,
        amount: ledgerEntries.amount,
      })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(inArray(ledgerTransactions.orderId, ids));
    // The orders took every road the test means to try.
    expect(rows.some((order) => order.status === 'cancelled')).toBe(true);
    expect(rows.some((order) => order.status === 'delivered' && order.refunded > 0)).toBe(true);
    expect(rows.some((order) => order.paymentMethod === 'mpesa' && order.status === 'delivered')).toBe(true);
    expect(rows.some((order) => order.creditUsed > 0)).toBe(true);
    expect(rows.some((order) => order.tip > 0)).toBe(true);
    expect(rows.some((order) => order.discounts.some((line) => line.source === 'coupon'))).toBe(true);
    expect(rows.some((order) => order.discounts.some((line) => line.fundedBy === 'shop'))).toBe(true);
    for (const order of rows) {
      const mine = entries.filter((entry) => entry.orderId === order.id);
      const sum = (account: string, purpose?: string) =>
        mine
          .filter((entry) => entry.account === account && (purpose === undefined || entry.purpose === purpose))
          .reduce((total, entry) => total + entry.amount, 0) || 0;
      const closed = order.status === 'cancelled' || order.status === 'rejected';
      const delivered = order.status === 'delivered';
      // What the shopper still owes: nothing once delivered or closed; else what cash is due.
      const due = closed || delivered || order.paymentMethod !== 'cash' ? 0 : order.total - order.creditUsed;
      expect(sum('order'), `${order.id} ${order.status}`).toBe(due);
      if (!delivered) continue;
      // Delivered: shop net + Malewa net + tips + refunds = what the shopper gave.
      const cashHeld = order.paymentMethod === 'cash' ? order.total - order.creditUsed : 0;
      const shopNet = -sum('shop_payable') + cashHeld;
      const malewaNet = -sum('platform_commission') - sum('platform_promotions');
      const tips = -sum('shop_tips');
      const refunds = sum('shop_payable', 'refund');
      expect(refunds).toBe(order.refunded);
      expect(shopNet + malewaNet + tips + refunds, order.id).toBe(order.total);
    }

    // Each shopper's credit statement is what the ledger owes them.
    for (const shopper of shoppers) {
      const [statement] = await database.db
        .select({ sum: sql<string>`coalesce(sum(${creditLedger.amountMinor}), 0)` })
        .from(creditLedger)
        .where(eq(creditLedger.userId, shopper.id));
      const [owed] = await database.db
        .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
        .from(ledgerEntries)
        .where(sql`${ledgerEntries.account} = 'customer_credit' and ${ledgerEntries.party} = ${shopper.id}`);
      expect(Number(statement?.sum), shopper.id).toBe(-Number(owed?.sum) || 0);
    }
  });
});

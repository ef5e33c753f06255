import { randomBytes } from 'node:crypto';
import type { LedgerTransaction } from '@malewa/contracts/operator/list-ledger';
import type { PayoutLine } from '@malewa/contracts/operator/payouts';
import type { CheckoutResponse } from '@malewa/contracts/orders/checkout';
import { ADVANCED_STATUSES } from '@malewa/contracts/orders/order';
import type { Statement } from '@malewa/contracts/provider/get-statement';
import { providerMembers } from '@malewa/db/schema/catalog';
import { ledgerEntries, ledgerTransactions, payouts } from '@malewa/db/schema/ledger';
import { creditLedger } from '@malewa/db/schema/wallet';
import type { TestDatabase } from '@malewa/db/testing/test-database';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp } from '#api/testing/accounts.ts';
import { addressAt, enough, type KitchenMeal, twoKitchensNearby } from '#api/testing/orders.ts';
import { createTestOutbox, type TestOutbox } from '#api/testing/outbox.ts';
import { buildTestApp, createSeededDatabase } from '#api/testing/test-app.ts';
import { createLedgerRepository } from './ledger-repository.ts';

const NOW = new Date('2026-11-24T09:30:00Z');

let database: TestDatabase;
let outbox: TestOutbox;
let app: FastifyInstance;
let meal: KitchenMeal;
let operator: Record<string, string>;

beforeAll(async () => {
  database = await createSeededDatabase({ now: NOW, openAllDay: true });
  outbox = await createTestOutbox(database);
  app = await buildTestApp(database, { now: () => NOW });
  await app.ready();
  [meal] = await twoKitchensNearby(database);
  operator = bearer(
    await signUp(app, database, outbox, { identifier: 'ledger.operator@example.com', roles: ['operator'] }),
  );
});

afterAll(async () => {
  await app?.close();
  await database?.destroy();
});

let shoppers = 0;
async function shopperWithCart(credit = 0) {
  shoppers += 1;
  const session = await signUp(app, database, outbox, { identifier: `ledger.${shoppers}@example.com` });
  const headers = { ...bearer(session), 'x-store-id': 'KE' };
  if (credit > 0) {
    await database.db
      .insert(creditLedger)
      .values({ userId: session.user.id, currency: 'KES', amountMinor: credit, reason: 'test goodwill' });
  }
  const added = await app.inject({
    method: 'POST',
    url: '/api/carts/food/items',
    headers,
    payload: { item: meal.slug, quantity: enough(meal) },
  });
  expect(added.statusCode, added.body).toBe(201);
  return { session, headers };
}

async function placeCash(headers: Record<string, string>, extra: object = {}) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/carts/food/checkout',
    headers: { ...headers, 'idempotency-key': randomBytes(18).toString('base64url') },
    payload: { address: addressAt(meal), payment: { method: 'cash' }, ...extra },
  });
  expect(response.statusCode, response.body).toBe(201);
  const [order] = response.json<CheckoutResponse>().data.orders;
  if (!order) throw new Error('no order');
  return order;
}

async function ledgerOf(orderId: string): Promise<LedgerTransaction[]> {
  const response = await app.inject({ method: 'GET', url: `/api/operator/ledger?order=${orderId}`, headers: operator });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: LedgerTransaction[] }>().data;
}

const balance = (transactions: readonly LedgerTransaction[], account: string, party?: string) =>
  transactions
    .flatMap((transaction) => transaction.entries)
    .filter((entry) => entry.account === account && (party === undefined || entry.party === party))
    .reduce((sum, entry) => sum + entry.amount, 0) || 0;

/** What the database said when it refused `work` (drizzle wraps it as the error's cause). */
async function refusal(work: PromiseLike<unknown>): Promise<string> {
  try {
    await work;
    return 'accepted';
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause;
    return cause?.message ?? String(error);
  }
}

describe('the ledger', () => {
  it('posts a placed order once, balanced: the shopper owes what the credit did not pay', async () => {
    const { headers, session } = await shopperWithCart(3000);
    const order = await placeCash(headers, { tip: 1000, useCredit: true });
    const transactions = await ledgerOf(order.id);
    expect(transactions.map((transaction) => transaction.key)).toEqual([`placed:${order.id}`]);
    for (const transaction of transactions) {
      expect(transaction.entries.reduce((sum, entry) => sum + entry.amount, 0)).toBe(0);
    }
    expect(balance(transactions, 'order', order.id)).toBe(order.total.amount - 3000);
    expect(balance(transactions, 'customer_credit', session.user.id)).toBe(3000);
    expect(balance(transactions, 'shop_tips')).toBe(-1000);
    expect(balance(transactions, 'shop_payable')).toBe(-(order.subtotal.amount + order.deliveryFee.amount));
  });

  it('reverses a cancelled order to nothing, its credit back to the shopper', async () => {
    const { headers, session } = await shopperWithCart(2000);
    const order = await placeCash(headers, { useCredit: true });
    const cancelled = await app.inject({ method: 'POST', url: `/api/orders/${order.id}/cancel`, headers });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const transactions = await ledgerOf(order.id);
    expect(transactions.map((transaction) => transaction.kind).sort()).toEqual(['order_closed', 'order_placed']);
    for (const account of ['order', 'shop_payable', 'shop_tips', 'customer_credit', 'platform_promotions']) {
      expect(balance(transactions, account), account).toBe(0);
    }
    const closed = transactions.filter((transaction) => transaction.kind === 'order_closed');
    expect(balance(closed, 'customer_credit', session.user.id)).toBe(-2000);
  });

  it('settles a delivered cash order: the cash the shop took, and the commission in force when placed', async () => {
    const set = await app.inject({
      method: 'POST',
      url: '/api/operator/commission-rates',
      headers: operator,
      payload: {
        countryCode: 'KE',
        service: 'food',
        rateBp: 1000,
        validFrom: new Date(NOW.getTime() - 86_400_000).toISOString(),
      },
    });
    expect(set.statusCode, set.body).toBe(201);
    // A shop's own rate from tomorrow does not apply today.
    const later = await app.inject({
      method: 'POST',
      url: '/api/operator/commission-rates',
      headers: operator,
      payload: {
        countryCode: 'KE',
        service: 'food',
        shopId: meal.providerId,
        rateBp: 2500,
        validFrom: new Date(NOW.getTime() + 86_400_000).toISOString(),
      },
    });
    expect(later.statusCode, later.body).toBe(201);
    const rates = await app.inject({
      method: 'GET',
      url: '/api/operator/commission-rates?countryCode=KE',
      headers: operator,
    });
    expect(rates.json<{ data: { rateBp: number }[] }>().data.map((rate) => rate.rateBp)).toEqual([2500, 1000]);
    const cook = await signUp(app, database, outbox, { identifier: 'ledger.cook@example.com', roles: ['provider'] });
    await database.db.insert(providerMembers).values({ providerId: meal.providerId, userId: cook.user.id });
    const { headers } = await shopperWithCart();
    const order = await placeCash(headers, { tip: 500 });
    const move = (action: string, payload?: object) =>
      app.inject({
        method: 'POST',
        url: `/api/provider/orders/${order.id}/${action}`,
        headers: bearer(cook),
        ...(payload ? { payload } : {}),
      });
    expect((await move('accept', { prepMinutes: 15 })).statusCode).toBe(200);
    for (const to of ADVANCED_STATUSES) expect((await move('advance', { to })).statusCode).toBe(200);
    const transactions = await ledgerOf(order.id);
    expect(transactions.map((transaction) => transaction.kind).sort()).toEqual(['order_delivered', 'order_placed']);
    expect(balance(transactions, 'order', order.id)).toBe(0);
    const commission = Math.round(order.subtotal.amount / 10);
    expect(balance(transactions, 'platform_commission')).toBe(-commission);
    // The shop holds the cash (total); it is owed its goods and delivery, less the cash and the commission.
    expect(balance(transactions, 'shop_payable', meal.providerId)).toBe(
      -(order.subtotal.amount + order.deliveryFee.amount) + order.total.amount + commission,
    );
    // The last move sent again (a retry) is answered as it is, and posts nothing twice.
    const again = await move('advance', { to: 'delivered' });
    expect(again.statusCode, again.body).toBe(200);
    expect((await ledgerOf(order.id)).length).toBe(2);
  });

  it('gives the shop a statement of its day, and pays it out once however often the batch is sent', async () => {
    const cook = await signUp(app, database, outbox, { identifier: 'ledger.cook2@example.com', roles: ['provider'] });
    await database.db.insert(providerMembers).values({ providerId: meal.providerId, userId: cook.user.id });
    const day = '2026-11-24';
    const statement = await app.inject({
      method: 'GET',
      url: `/api/provider/shops/${meal.providerId}/statements?from=${day}&to=${day}`,
      headers: bearer(cook),
    });
    expect(statement.statusCode, statement.body).toBe(200);
    const shown = statement.json<{ data: Statement }>().data;
    expect(shown.grossSales.amount).toBeGreaterThan(0);
    expect(shown.openingOwed.amount).toBe(0);
    // What it is owed follows from the lines: sales and delivery and tips, less the discounts it
    // funded, the commission, refunds and the cash it kept.
    expect(shown.closingOwed.amount).toBe(
      shown.grossSales.amount +
        shown.deliveryFees.amount +
        shown.tips.amount -
        shown.discountsFunded.amount -
        shown.commission.amount -
        shown.refunds.amount -
        shown.cashCollected.amount -
        shown.payouts.amount,
    );
    const stranger = await signUp(app, database, outbox, {
      identifier: 'ledger.stranger@example.com',
      roles: ['provider'],
    });
    const theirs = await app.inject({
      method: 'GET',
      url: `/api/provider/shops/${meal.providerId}/statements?from=${day}&to=${day}`,
      headers: bearer(stranger),
    });
    expect(theirs.statusCode).toBe(404);

    const listed = await app.inject({
      method: 'GET',
      url: `/api/operator/payouts?countryCode=KE&from=${day}&to=${day}`,
      headers: operator,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const line = listed.json<{ data: PayoutLine[] }>().data.find((each) => each.shop.id === meal.providerId);
    expect(line).toMatchObject({ paid: false, amount: { amount: shown.closingOwed.amount, currency: 'KES' } });
    const batch = {
      countryCode: 'KE',
      from: day,
      to: day,
      payouts: [{ shopId: meal.providerId, amount: line?.amount.amount }],
    };
    const pay = (key: string, body: object = batch) =>
      app.inject({
        method: 'POST',
        url: '/api/operator/payouts',
        headers: { ...operator, 'idempotency-key': key },
        payload: body,
      });

    const wrong = await pay('batch-wrong-amount-0001', { ...batch, payouts: [{ shopId: meal.providerId, amount: 1 }] });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json<{ problem: unknown }>().problem).toEqual({ code: 'amount_changed', shopId: meal.providerId });
    const [first, twin] = await Promise.all([pay('batch-of-the-day-0001'), pay('batch-of-the-day-0001')]);
    expect([first.statusCode, twin.statusCode].sort()).toContain(200);
    for (const response of [first, twin]) expect([200, 409]).toContain(response.statusCode);
    const again = await pay('batch-of-the-day-0001');
    expect(again.statusCode, again.body).toBe(200);
    const paid = await database.db.select().from(payouts).where(eq(payouts.shopId, meal.providerId));
    expect(paid).toHaveLength(1);
    expect((await pay('batch-another-key-0001')).json<{ problem: unknown }>().problem).toEqual({
      code: 'already_paid',
      shopId: meal.providerId,
    });
    const after = await app.inject({
      method: 'GET',
      url: `/api/provider/shops/${meal.providerId}/statements?from=${day}&to=${day}`,
      headers: bearer(cook),
    });
    expect(after.json<{ data: Statement }>().data.closingOwed.amount).toBe(0);
  });

  it('posts goodwill credit from Malewa to the shopper', async () => {
    const shopper = await signUp(app, database, outbox, { identifier: 'ledger.goodwill@example.com' });
    const granted = await app.inject({
      method: 'POST',
      url: `/api/operator/accounts/${shopper.user.id}/credit`,
      headers: operator,
      payload: { amount: 4000, currency: 'ZAR', reason: 'Your rider was very late on Friday.' },
    });
    expect(granted.statusCode, granted.body).toBe(200);
    const [row] = await database.db
      .select({ sum: sql<string>`sum(${ledgerEntries.amount})` })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(eq(ledgerTransactions.userId, shopper.user.id));
    expect(Number(row?.sum)).toBe(0);
  });

  it('posts a key once: the transaction and its entries as given, nothing the second time', async () => {
    const ledger = createLedgerRepository(database.db);
    const key = `test:${randomBytes(4).toString('hex')}`;
    const posting = {
      kind: 'test',
      key,
      currency: 'KES',
      occurredAt: NOW,
      shopId: meal.providerId,
      entries: [
        { account: 'order', party: '', amount: 250, purpose: 'sales', shopId: meal.providerId },
        { account: 'shop_payable', party: meal.providerId, amount: -250, purpose: 'sales', shopId: null },
      ] as const,
    };
    await expect(database.transaction(() => ledger.post(posting))).resolves.toBe(true);
    await expect(database.transaction(() => ledger.post({ ...posting, kind: 'other' }))).resolves.toBe(false);
    const [transaction] = await database.db
      .select({ id: ledgerTransactions.id, kind: ledgerTransactions.kind, shopId: ledgerTransactions.shopId })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.key, key));
    expect(transaction).toMatchObject({ kind: 'test', shopId: meal.providerId });
    const entries = await database.db
      .select({
        account: ledgerEntries.account,
        party: ledgerEntries.party,
        amount: ledgerEntries.amount,
        shopId: ledgerEntries.shopId,
        occurredAt: ledgerEntries.occurredAt,
      })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.transactionId, transaction?.id ?? ''))
      .orderBy(ledgerEntries.amount);
    expect(entries).toEqual([
      { account: 'shop_payable', party: meal.providerId, amount: -250, shopId: null, occurredAt: NOW },
      { account: 'order', party: '', amount: 250, shopId: meal.providerId, occurredAt: NOW },
    ]);
  });

  it('refuses at commit a transaction that does not balance, and any change to a posted one', async () => {
    const unbalanced = database.transaction(async () => {
      const [transaction] = await database.db
        .insert(ledgerTransactions)
        .values({ kind: 'test', key: `test:${randomBytes(4).toString('hex')}`, currency: 'KES', occurredAt: NOW })
        .returning({ id: ledgerTransactions.id });
      await database.db.insert(ledgerEntries).values({
        transactionId: transaction?.id ?? '',
        account: 'order',
        amount: 100,
        purpose: 'sales',
        occurredAt: NOW,
      });
    });
    await expect(refusal(unbalanced)).resolves.toMatch(/does not balance/);
    const change = database.db.update(ledgerEntries).set({ amount: 1 });
    await expect(refusal(change)).resolves.toMatch(/append-only/);
  });
});

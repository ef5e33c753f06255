import { randomBytes } from 'node:crypto';
import type { Cart } from '@malewa/contracts/carts/cart';
import type { ErrorResponse } from '@malewa/contracts/errors';
import type { CheckoutResponse } from '@malewa/contracts/orders/checkout';
import type { ListOrdersResponse } from '@malewa/contracts/orders/list-orders';
import type { Order } from '@malewa/contracts/orders/order';
import type { Payment, SavedCard } from '@malewa/contracts/payments/payment';
import { offers } from '@malewa/db/schema/catalog';
import { ledgerEntries } from '@malewa/db/schema/ledger';
import { paymentRefunds } from '@malewa/db/schema/payments';
import { creditLedger } from '@malewa/db/schema/wallet';
import type { TestDatabase } from '@malewa/db/testing/test-database';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxGateway, type GatewayPayment, signWebhook } from '#api/payments/payment-gateway.ts';
import { bearer, signUp } from '#api/testing/accounts.ts';
import { addressAt, anotherMealOf, enough, type KitchenMeal, twoKitchensNearby } from '#api/testing/orders.ts';
import { createTestOutbox, type TestOutbox } from '#api/testing/outbox.ts';
import { buildTestApp, createSeededDatabase } from '#api/testing/test-app.ts';

const SECRET = 'a-webhook-secret-of-the-tests-that-is-long-enough';
let database: TestDatabase;
let outbox: TestOutbox;
let app: FastifyInstance;
let meal: KitchenMeal;
const refunds: GatewayPayment[] = [];
/** Set by a test: the gateway then refuses refunds, as a method that cannot take money back. */
let refundsRefused = false;

beforeAll(async () => {
  database = await createSeededDatabase({ openAllDay: true });
  outbox = await createTestOutbox(database);
  // The sandbox, with its refunds written down (the gateway is the one outside party here).
  const sandbox = createSandboxGateway(SECRET);
  app = await buildTestApp(database, {
    gateway: {
      ...sandbox,
      refund: async (payment) => {
        if (refundsRefused) throw new Error('this method cannot take a refund');
        refunds.push(payment);
      },
    },
  });
  await app.ready();
  [meal] = await twoKitchensNearby(database);
});

afterAll(async () => {
  await app?.close();
  await database?.destroy();
});

let shoppers = 0;
async function shopperWithCart() {
  shoppers += 1;
  const headers = {
    ...bearer(await signUp(app, database, outbox, { identifier: `payer${shoppers}@example.com` })),
    'x-store-id': 'KE',
  };
  const added = await app.inject({
    method: 'POST',
    url: '/api/carts/food/items',
    headers,
    payload: { item: meal.slug, quantity: enough(meal) },
  });
  expect(added.statusCode, added.body).toBe(201);
  return headers;
}

const mpesa = { method: 'mpesa', phone: '0712 345 678' };

function checkout(headers: Record<string, string>, key: string, payment: object = mpesa) {
  return app.inject({
    method: 'POST',
    url: '/api/carts/food/checkout',
    headers: { ...headers, 'idempotency-key': key },
    payload: { address: addressAt(meal), payment },
  });
}

const newKey = () => randomBytes(18).toString('base64url');
const cartOf = async (headers: Record<string, string>) =>
  (await app.inject({ method: 'GET', url: '/api/carts/food', headers })).json<{ data: Cart }>().data;
const ordersOf = async (headers: Record<string, string>) =>
  (await app.inject({ method: 'GET', url: '/api/orders', headers })).json<ListOrdersResponse>();

async function startPayment(headers: Record<string, string>, key = newKey()): Promise<Payment> {
  const started = await checkout(headers, key);
  expect(started.statusCode, started.body).toBe(202);
  return started.json<{ data: { payment: Payment } }>().data.payment;
}

function decide(headers: Record<string, string>, id: string, decision: 'approve' | 'decline') {
  return app.inject({ method: 'POST', url: `/api/payments/${id}/sandbox`, headers, payload: { decision } });
}

function notice(body: object, secret = SECRET) {
  const raw = JSON.stringify(body);
  return app.inject({
    method: 'POST',
    url: '/api/payments/webhooks/sandbox',
    headers: {
      'content-type': 'application/json',
      'x-malewa-signature': signWebhook(secret, raw, Math.floor(Date.now() / 1000)),
    },
    payload: raw,
  });
}

describe('M-Pesa through the sandbox provider', () => {
  it('waits for the prompt with the cart intact, then places the orders paid once the phone approves', async () => {
    const headers = await shopperWithCart();
    const before = await cartOf(headers);
    const key = newKey();
    const payment = await startPayment(headers, key);
    expect(payment).toMatchObject({ method: 'mpesa', status: 'pending', sandbox: true, checkoutId: null });
    // The cart's total at the address's pin: its goods and the delivery there.
    expect(payment.amount.amount).toBeGreaterThan(before.subtotal.amount);
    expect((await cartOf(headers)).lineCount).toBe(before.lineCount);
    expect((await ordersOf(headers)).meta.total).toBe(0);
    // The same checkout again is the same payment.
    const again = await checkout(headers, key);
    expect(again.json<{ data: { payment: Payment } }>().data.payment.id).toBe(payment.id);

    const approved = await decide(headers, payment.id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    const paid = approved.json<{ data: Payment }>().data;
    expect(paid).toMatchObject({ status: 'succeeded', failure: null });
    const orders = await ordersOf(headers);
    expect(orders.meta.total).toBe(1);
    expect(orders.data[0]).toMatchObject({
      checkoutId: paid.checkoutId,
      payment: { method: 'mpesa', status: 'paid' },
      total: payment.amount,
    });
    expect((await cartOf(headers)).lineCount).toBe(0);
    // A retry of the checkout now replays its orders.
    const replay = await checkout(headers, key);
    expect(replay.statusCode).toBe(201);
    expect(replay.json<CheckoutResponse>().data.checkoutId).toBe(paid.checkoutId);
    // Deciding again is refused: it no longer waits.
    expect((await decide(headers, payment.id, 'decline')).statusCode).toBe(409);
  });

  it('refunds a paid order the shopper cancels, to the payment it came from', async () => {
    const headers = await shopperWithCart();
    const payment = await startPayment(headers);
    await decide(headers, payment.id, 'approve');
    const [order] = (await ordersOf(headers)).data;
    if (!order) throw new Error('no order');
    const cancelled = await app.inject({ method: 'POST', url: `/api/orders/${order.id}/cancel`, headers });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<{ data: { payment: { status: string } } }>().data.payment.status).toBe('refunded');
    expect(refunds.at(-1)).toMatchObject({ id: payment.id, amount: order.total.amount, currency: 'KES' });
  });

  it('places nothing when the phone declines, and the cart stays as it was', async () => {
    const headers = await shopperWithCart();
    const before = await cartOf(headers);
    const payment = await startPayment(headers);
    const declined = (await decide(headers, payment.id, 'decline')).json<{ data: Payment }>().data;
    expect(declined).toMatchObject({ status: 'failed', failure: 'declined', checkoutId: null });
    expect((await ordersOf(headers)).meta.total).toBe(0);
    const after = await cartOf(headers);
    expect(after.lineCount).toBe(before.lineCount);
    expect(after.total).toEqual(before.total);
  });

  it('refunds, and places nothing, when the cart changed between the prompt and the approval', async () => {
    const headers = await shopperWithCart();
    const payment = await startPayment(headers);
    const other = await anotherMealOf(database, meal);
    await app.inject({
      method: 'POST',
      url: '/api/carts/food/items',
      headers,
      payload: { item: other.slug, quantity: 1 },
    });
    const settled = (await decide(headers, payment.id, 'approve')).json<{ data: Payment }>().data;
    expect(settled).toMatchObject({ status: 'refunded', failure: 'cart_changed' });
    expect(refunds.at(-1)).toMatchObject({ id: payment.id, amount: payment.amount.amount });
    expect((await ordersOf(headers)).meta.total).toBe(0);
  });

  it('keeps the offers of when the payment started: one that ends before the approval still counts', async () => {
    const [offer] = await database.db
      .insert(offers)
      .values({
        countryCode: 'KE',
        service: 'food',
        providerId: meal.providerId,
        fundedBy: 'shop',
        kind: 'fixed',
        value: 5000,
        startsAt: new Date(Date.now() - 86_400_000),
        endsAt: new Date(Date.now() + 86_400_000),
      })
      .returning({ id: offers.id });
    if (!offer) throw new Error('no offer');
    try {
      const headers = await shopperWithCart();
      const payment = await startPayment(headers);
      await database.db.update(offers).set({ endsAt: new Date() }).where(eq(offers.id, offer.id));
      const settled = (await decide(headers, payment.id, 'approve')).json<{ data: Payment }>().data;
      expect(settled).toMatchObject({ status: 'succeeded', failure: null });
      const [order] = (await ordersOf(headers)).data;
      expect(order?.discounts).toMatchObject([{ source: 'offer', offerId: offer.id, fundedBy: 'shop' }]);
      expect(order?.total).toEqual(payment.amount);
    } finally {
      await database.db.delete(offers).where(eq(offers.id, offer.id));
    }
  });

  it('refuses a notice with a bad signature, a replayed one, and one whose amount is not the payment’s', async () => {
    const headers = await shopperWithCart();
    const payment = await startPayment(headers);
    const body = {
      eventId: `evt_${randomBytes(8).toString('hex')}`,
      reference: payment.id,
      status: 'succeeded',
      amount: payment.amount.amount,
      currency: payment.amount.currency,
    };
    expect((await notice(body, 'not-our-secret-but-long-enough-to-look-real')).statusCode).toBe(401);
    const unsigned = await app.inject({ method: 'POST', url: '/api/payments/webhooks/sandbox', payload: body });
    expect(unsigned.statusCode).toBe(401);
    expect((await notice({ ...body, amount: body.amount + 100 })).statusCode).toBe(422);
    expect((await notice({ ...body, currency: 'ZAR' })).statusCode).toBe(422);
    expect((await ordersOf(headers)).meta.total).toBe(0);

    expect((await notice(body)).statusCode).toBe(200);
    expect((await notice(body)).statusCode).toBe(409);
    // Another notice of success for a payment already applied changes nothing.
    expect((await notice({ ...body, eventId: `evt_${randomBytes(8).toString('hex')}` })).statusCode).toBe(200);
    expect((await ordersOf(headers)).meta.total).toBe(1);
  });

  it('offers only the market’s mobile money, checks the number, and keeps each payment its owner’s', async () => {
    const headers = await shopperWithCart();
    const momo = await checkout(headers, newKey(), { method: 'mtn_momo', phone: '0712 345 678' });
    expect(momo.statusCode).toBe(422);
    expect(momo.json<ErrorResponse>().problem).toEqual({ code: 'payment_method' });
    expect((await checkout(headers, newKey(), { method: 'mpesa', phone: '082 123 4567' })).statusCode).toBe(400);
    const payment = await startPayment(headers);
    const stranger = bearer(await signUp(app, database, outbox, { identifier: 'stranger.pay@example.com' }));
    expect(
      (await app.inject({ method: 'GET', url: `/api/payments/${payment.id}`, headers: stranger })).statusCode,
    ).toBe(404);
    expect((await decide(stranger, payment.id, 'approve')).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/payments/${payment.id}`, headers })).statusCode).toBe(200);
    // The history is each shopper's own.
    const history = (await app.inject({ method: 'GET', url: '/api/payments', headers })).json<{ data: Payment[] }>();
    expect(history.data.map((entry) => entry.id)).toEqual([payment.id]);
    const theirs = (await app.inject({ method: 'GET', url: '/api/payments', headers: stranger })).json<{
      data: Payment[];
    }>();
    expect(theirs.data).toEqual([]);
  });
});

describe('cards through the sandbox provider', () => {
  const cardsOf = async (headers: Record<string, string>) =>
    (await app.inject({ method: 'GET', url: '/api/payments/cards', headers })).json<{ data: SavedCard[] }>().data;

  it('pays by a new card on the gateway’s check, keeps its token when asked, and pays by it again', async () => {
    const headers = await shopperWithCart();
    const started = await checkout(headers, newKey(), { method: 'card', saveCard: true });
    expect(started.statusCode, started.body).toBe(202);
    const payment = started.json<{ data: { payment: Payment } }>().data.payment;
    expect(payment).toMatchObject({ method: 'card', phone: '', card: null, status: 'pending', sandbox: true });
    const approved = await decide(headers, payment.id, 'approve');
    expect(approved.json<{ data: Payment }>().data).toMatchObject({
      status: 'succeeded',
      card: { brand: 'visa', last4: '4242' },
    });
    const [order] = (await ordersOf(headers)).data as Order[];
    expect(order?.payment).toMatchObject({ method: 'card', status: 'paid' });
    const cards = await cardsOf(headers);
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 12 });
    expect(JSON.stringify(cards)).not.toContain('tok_');

    // Again, with the saved card: the same card, still one saved.
    await app.inject({
      method: 'POST',
      url: '/api/carts/food/items',
      headers,
      payload: { item: meal.slug, quantity: enough(meal) },
    });
    const again = await checkout(headers, newKey(), { method: 'card', savedCard: cards[0]?.id });
    expect(again.statusCode, again.body).toBe(202);
    const second = again.json<{ data: { payment: Payment } }>().data.payment;
    expect((await decide(headers, second.id, 'approve')).json<{ data: Payment }>().data.card?.last4).toBe('4242');
    expect(await cardsOf(headers)).toHaveLength(1);

    // A card paid order cancelled goes back to the card.
    const placed = (await ordersOf(headers)).data as Order[];
    const cancelled = await app.inject({ method: 'POST', url: `/api/orders/${placed[0]?.id}/cancel`, headers });
    expect(cancelled.json<{ data: Order }>().data.payment.status).toBe('refunded');
    expect(refunds.at(-1)).toMatchObject({ method: 'card', amount: placed[0]?.total.amount });
  });

  it('keeps no card unless asked; a saved card is its owner’s alone, and forgotten on request', async () => {
    const headers = await shopperWithCart();
    const started = await checkout(headers, newKey(), { method: 'card' });
    await decide(headers, started.json<{ data: { payment: Payment } }>().data.payment.id, 'approve');
    expect(await cardsOf(headers)).toEqual([]);

    const owner = await shopperWithCart();
    const saving = await checkout(owner, newKey(), { method: 'card', saveCard: true });
    await decide(owner, saving.json<{ data: { payment: Payment } }>().data.payment.id, 'approve');
    const [card] = await cardsOf(owner);
    const stranger = await shopperWithCart();
    const borrowed = await checkout(stranger, newKey(), { method: 'card', savedCard: card?.id });
    expect(borrowed.statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/payments/cards/${card?.id}`, headers: stranger })).statusCode,
    ).toBe(404);
    const forgotten = await app.inject({ method: 'DELETE', url: `/api/payments/cards/${card?.id}`, headers: owner });
    expect(forgotten.statusCode, forgotten.body).toBe(200);
    expect(await cardsOf(owner)).toEqual([]);
  });
});

describe('a refund the payment method cannot take', () => {
  it('goes to the shopper’s Malewa credit instead', async () => {
    const headers = await shopperWithCart();
    const payment = await startPayment(headers);
    await decide(headers, payment.id, 'approve');
    const [order] = (await ordersOf(headers)).data as Order[];
    refundsRefused = true;
    try {
      const cancelled = await app.inject({ method: 'POST', url: `/api/orders/${order?.id}/cancel`, headers });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json<{ data: Order }>().data.payment.status).toBe('refunded');
    } finally {
      refundsRefused = false;
    }
    const entries = await database.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.reason, `refund:${payment.id}`));
    expect(entries).toEqual([expect.objectContaining({ currency: 'KES', amountMinor: order?.total.amount })]);
    // Its queued refund is settled as credit, with the gateway's refusal, so no round sends it again.
    const [queued] = await database.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, payment.id));
    expect(queued).toMatchObject({ status: 'credited', lastError: 'this method cannot take a refund' });
    // The ledger says the same: the gateway kept it, the shopper is owed it as credit.
    const userId = entries[0]?.userId ?? '';
    const [owed] = await database.db
      .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.account, 'customer_credit'), eq(ledgerEntries.party, userId)));
    expect(Number(owed?.sum)).toBe(-(order?.total.amount ?? 0));
  });
});

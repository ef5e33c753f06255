import { randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { CheckoutResponse } from '@malewa/contracts/orders/checkout';
import type { OrderProblems } from '@malewa/contracts/orders/list-order-problems';
import type { Order } from '@malewa/contracts/orders/order';
import { ADVANCED_STATUSES } from '@malewa/contracts/orders/order';
import type { OrderProblem, ProblemReportInput } from '@malewa/contracts/orders/problem';
import type { Payment } from '@malewa/contracts/payments/payment';
import { providerMembers } from '@malewa/db/schema/catalog';
import { auditLog } from '@malewa/db/schema/join';
import { orders } from '@malewa/db/schema/orders';
import { orderProblems } from '@malewa/db/schema/problems';
import { creditLedger } from '@malewa/db/schema/wallet';
import type { TestDatabase } from '@malewa/db/testing/test-database';
import { localMediaStore, type MediaStore } from '@malewa/media/media-store';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxGateway, type GatewayPayment } from '#api/payments/payment-gateway.ts';
import { bearer, signUp } from '#api/testing/accounts.ts';
import { addressAt, enough, type KitchenMeal, twoKitchensNearby } from '#api/testing/orders.ts';
import { createTestOutbox, type TestOutbox } from '#api/testing/outbox.ts';
import { TINY_PNG } from '#api/testing/photos.ts';
import { buildTestApp, createSeededDatabase, TEST_CONFIG } from '#api/testing/test-app.ts';
import { createProblemRepository } from './problem-repository.ts';
import { type ReportPart, reportProblem } from './report-problem.ts';

const START = new Date('2026-11-24T09:30:00Z');
const HOUR = 3_600_000;

let database: TestDatabase;
let outbox: TestOutbox;
let app: FastifyInstance;
let kitchen: KitchenMeal;
const refunds: GatewayPayment[] = [];
const people = {} as Record<'shopper' | 'other' | 'cook' | 'otherCook' | 'operator', Record<string, string>>;
const shopperEmail = 'problem.shopper@example.com';
let shopperId: string;

beforeAll(async () => {
  database = await createSeededDatabase({ now: START, openAllDay: true });
  outbox = await createTestOutbox(database);
  const sandbox = createSandboxGateway();
  app = await buildTestApp(database, {
    now: () => START,
    gateway: { ...sandbox, refund: async (payment) => void refunds.push(payment) },
  });
  await app.ready();
  let otherKitchen: KitchenMeal;
  [kitchen, otherKitchen] = await twoKitchensNearby(database);
  const market = { 'x-store-id': 'KE' };
  const person = async (identifier: string, roles: ('provider' | 'operator')[] = []) =>
    signUp(app, database, outbox, { identifier, roles });
  const cook = await person('problem.cook@example.com', ['provider']);
  const otherCook = await person('problem.other.cook@example.com', ['provider']);
  await database.db.insert(providerMembers).values([
    { providerId: kitchen.providerId, userId: cook.user.id },
    { providerId: otherKitchen.providerId, userId: otherCook.user.id },
  ]);
  const shopper = await person(shopperEmail);
  shopperId = shopper.user.id;
  people.shopper = { ...bearer(shopper), ...market };
  people.other = { ...bearer(await person('problem.other@example.com')), ...market };
  people.cook = { ...bearer(cook), ...market };
  people.otherCook = { ...bearer(otherCook), ...market };
  people.operator = { ...bearer(await person('problem.operator@example.com', ['operator'])), ...market };
});

afterAll(async () => {
  await app?.close();
  await outbox?.destroy();
  await database?.destroy();
});

/** A placed order of two of the kitchen's meal (enough for its minimum), paid as `payment` says. */
async function placed(payment: object = { method: 'cash' }, who = people.shopper): Promise<Order> {
  const added = await app.inject({
    method: 'POST',
    url: '/api/carts/food/items',
    headers: who,
    payload: { item: kitchen.slug, quantity: Math.max(2, enough(kitchen)) },
  });
  expect(added.statusCode, added.body).toBe(201);
  const response = await app.inject({
    method: 'POST',
    url: '/api/carts/food/checkout',
    headers: { ...who, 'idempotency-key': randomBytes(18).toString('base64url') },
    payload: { address: addressAt(kitchen), payment },
  });
  if (response.statusCode === 202) {
    const started = response.json<{ data: { payment: Payment } }>().data.payment;
    const paid = await app.inject({
      method: 'POST',
      url: `/api/payments/${started.id}/sandbox`,
      headers: who,
      payload: { decision: 'approve' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const list = await app.inject({ method: 'GET', url: '/api/orders', headers: who });
    const order = list.json<{ data: Order[] }>().data[0];
    if (!order) throw new Error('no order placed by the payment');
    return order;
  }
  expect(response.statusCode, response.body).toBe(201);
  const order = response.json<CheckoutResponse>().data.orders[0];
  if (!order) throw new Error('no order');
  return order;
}

/** The order accepted and advanced to delivered by its shop, at the clock's time. */
async function delivered(order: Order): Promise<Order> {
  const accept = await app.inject({
    method: 'POST',
    url: `/api/provider/orders/${order.id}/accept`,
    headers: people.cook,
    payload: { prepMinutes: 20 },
  });
  expect(accept.statusCode, accept.body).toBe(200);
  for (const to of ADVANCED_STATUSES) {
    const moved = await app.inject({
      method: 'POST',
      url: `/api/provider/orders/${order.id}/advance`,
      headers: people.cook,
      payload: { to },
    });
    expect(moved.statusCode, moved.body).toBe(200);
  }
  return order;
}

async function linesOf(orderId: string, who = people.shopper) {
  const response = await app.inject({ method: 'GET', url: `/api/orders/${orderId}/problems`, headers: who });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: OrderProblems }>().data;
}

async function report(orderId: string, body: ProblemReportInput, options: { photo?: Uint8Array; who?: object } = {}) {
  const form = new FormData();
  form.append('report', JSON.stringify(body));
  if (options.photo) form.append('photo', new Blob([new Uint8Array(options.photo)], { type: 'image/png' }), 'box.png');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/problems`,
    headers: { ...(options.who ?? people.shopper), 'content-type': request.headers.get('content-type') ?? '' },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

function resolve(who: Record<string, string>, problemId: string, payload: object, console = 'provider') {
  return app.inject({ method: 'POST', url: `/api/${console}/problems/${problemId}/resolve`, headers: who, payload });
}

const problemOf = (response: { json: <T>() => T }) => response.json<{ data: OrderProblem }>().data;
const refusalOf = (response: { json: <T>() => T }) => response.json<{ problem?: { code: string } }>().problem;

/** The shopper's Malewa credit in shillings (the balance route reads their own market's currency). */
async function creditOf(): Promise<number> {
  const rows = await database.db
    .select({ amount: creditLedger.amountMinor })
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, shopperId), eq(creditLedger.currency, 'KES')));
  return rows.reduce((sum, row) => sum + row.amount, 0);
}

describe('reporting a problem', () => {
  it('is refused before delivery, and for another shopper’s order', async () => {
    const order = await placed();
    const [line] = (await linesOf(order.id)).lines;
    if (!line) throw new Error('no line');
    const early = await report(order.id, { lines: [{ orderLineId: line.id, quantity: 1, reason: 'missing' }] });
    expect(early.statusCode, early.body).toBe(422);
    expect(refusalOf(early)).toEqual({ code: 'not_delivered' });
    const stranger = await report(
      order.id,
      { lines: [{ orderLineId: line.id, quantity: 1, reason: 'missing' }] },
      { who: people.other },
    );
    expect(stranger.statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: `/api/orders/${order.id}/problems`, headers: people.other })).statusCode,
    ).toBe(404);
  });

  it('is taken within 48 hours of delivery on the API’s clock, not a second later', async () => {
    const order = await delivered(await placed());
    const problems = await linesOf(order.id);
    expect(problems.deliveredAt).toBe(START.toISOString());
    expect(problems.reportableUntil).toBe(new Date(START.getTime() + 48 * HOUR).toISOString());
    const [line] = problems.lines;
    if (!line) throw new Error('no line');
    const body = {
      lines: [{ orderLineId: line.id, quantity: 1, reason: 'damaged' as const }],
      note: 'The lid was off',
    };
    // The API's clock stays at START (sessions live on it); the delivery moves back instead.
    const deliveredAgo = (ms: number) =>
      database.db
        .update(orders)
        .set({ deliveredAt: new Date(START.getTime() - ms) })
        .where(eq(orders.id, order.id));

    await deliveredAgo(48 * HOUR + 1000);
    expect((await linesOf(order.id)).reportable).toBe(false);
    const late = await report(order.id, body);
    expect(late.statusCode, late.body).toBe(422);
    expect(refusalOf(late)).toEqual({ code: 'too_late', deadline: new Date(START.getTime() - 1000).toISOString() });

    await deliveredAgo(48 * HOUR);
    const inTime = await report(order.id, body);
    expect(inTime.statusCode, inTime.body).toBe(201);
    const problem = problemOf(inTime);
    expect(problem).toMatchObject({ status: 'open', note: 'The lid was off', photo: false, refund: { amount: 0 } });
    expect(problem.reportedAt).toBe(START.toISOString());
    expect(problem.lines).toEqual([expect.objectContaining({ orderLineId: line.id, quantity: 1, reason: 'damaged' })]);
  });

  it('names only the order’s lines, no more than was bought', async () => {
    const order = await delivered(await placed());
    const other = await delivered(await placed());
    const [line] = (await linesOf(order.id)).lines;
    const [otherLine] = (await linesOf(other.id)).lines;
    if (!line || !otherLine) throw new Error('no line');
    const tooMany = await report(order.id, {
      lines: [{ orderLineId: line.id, quantity: line.quantity + 1, reason: 'missing' }],
    });
    expect(tooMany.statusCode).toBe(422);
    expect(refusalOf(tooMany)).toEqual({ code: 'above_bought', orderLineId: line.id, bought: line.quantity });
    const foreign = await report(order.id, { lines: [{ orderLineId: otherLine.id, quantity: 1, reason: 'wrong' }] });
    expect(foreign.statusCode).toBe(422);
    expect(refusalOf(foreign)).toEqual({ code: 'not_a_line', orderLineId: otherLine.id });
    const none = await report(order.id, { lines: [] });
    expect(none.statusCode).toBe(400);
  });

  it('keeps the photo re-encoded in private, for the shop and operators only, out of the photo sweep', async () => {
    const order = await delivered(await placed());
    const [line] = (await linesOf(order.id)).lines;
    if (!line) throw new Error('no line');
    const sent = await report(
      order.id,
      { lines: [{ orderLineId: line.id, quantity: 1, reason: 'damaged' }] },
      { photo: TINY_PNG },
    );
    expect(sent.statusCode, sent.body).toBe(201);
    const problem = problemOf(sent);
    expect(problem.photo).toBe(true);
    const [row] = await database.db.select().from(orderProblems).where(eq(orderProblems.id, problem.id));
    expect(row?.photoKey).toMatch(/^private\/photo\/[a-z0-9]{32}\.webp$/);

    const photo = (who: Record<string, string>, console = 'provider') =>
      app.inject({ method: 'GET', url: `/api/${console}/problems/${problem.id}/photo`, headers: who });
    const seen = await photo(people.cook);
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['content-type']).toBe('image/webp');
    expect(seen.headers['cache-control']).toBe('private, no-store');
    expect(seen.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    expect((await photo(people.otherCook)).statusCode).toBe(404);
    expect((await photo(people.shopper)).statusCode).toBe(403);
    expect((await photo(people.operator, 'operator')).statusCode).toBe(200);

    // Outside `v1/photo/`, which is all the listing photos' sweep (prune-photos.ts) lists.
    const media = localMediaStore(TEST_CONFIG.mediaDir);
    expect((await media.list('v1/photo/')).some((key) => key.includes(row?.photoKey ?? '-'))).toBe(false);
    expect(await media.read(row?.photoKey ?? '')).not.toBeNull();

    const notAPhoto = await report(
      order.id,
      { lines: [{ orderLineId: line.id, quantity: 1, reason: 'damaged' }] },
      { photo: new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>') },
    );
    expect(notAPhoto.statusCode).toBe(415);
  });
});

describe('resolving a problem', () => {
  /** A delivered cash order with a report of one of its `quantity` meals. */
  async function reported(payment?: object) {
    const order = await delivered(await placed(payment));
    const [line] = (await linesOf(order.id)).lines;
    if (!line) throw new Error('no line');
    const sent = await report(order.id, {
      lines: [{ orderLineId: line.id, quantity: 1, reason: 'missing' }],
      note: 'One meal was not in the bag',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    return { order, line, problem: problemOf(sent) };
  }

  it('lists the shop’s problems, open first, and hides them from another shop', async () => {
    const { problem } = await reported();
    const list = await app.inject({
      method: 'GET',
      url: `/api/provider/problems?shop=${kitchen.providerId}`,
      headers: people.cook,
    });
    expect(list.statusCode, list.body).toBe(200);
    const listed = list.json<{ data: OrderProblem[] }>().data;
    expect(listed.map((p) => p.id)).toContain(problem.id);
    expect(listed[0]?.status).toBe('open');
    const theirs = await app.inject({
      method: 'GET',
      url: `/api/provider/problems?shop=${kitchen.providerId}`,
      headers: people.otherCook,
    });
    expect(theirs.statusCode).toBe(404);
    const own = await app.inject({ method: 'GET', url: '/api/provider/problems', headers: people.otherCook });
    expect(own.json<{ data: OrderProblem[] }>().data).toEqual([]);
    expect((await resolve(people.otherCook, problem.id, { refund: 100, to: 'credit' })).statusCode).toBe(404);
    const all = await app.inject({
      method: 'GET',
      url: '/api/operator/problems?status=open',
      headers: people.operator,
    });
    expect(all.json<{ data: OrderProblem[] }>().data.map((p) => p.id)).toContain(problem.id);
  });

  it('refunds at most what was paid for the lines, to credit, and tells the shopper', async () => {
    const { order, line, problem } = await reported();
    // One meal of the line, as paid (this order has no discount).
    const cap = line.total.amount / line.quantity;
    expect(problem.refundable).toEqual({
      method: { amount: 0, currency: 'KES' },
      credit: { amount: cap, currency: 'KES' },
    });
    const above = await resolve(people.cook, problem.id, { refund: cap + 1, to: 'credit' });
    expect(above.statusCode, above.body).toBe(422);
    expect(refusalOf(above)).toEqual({ code: 'above_cap', cap: { amount: cap, currency: 'KES' }, to: 'credit' });
    const cash = await resolve(people.cook, problem.id, { refund: 100, to: 'method' });
    expect(refusalOf(cash)).toEqual({ code: 'no_method' });

    const before = await creditOf();
    const partial = Math.floor(cap / 2);
    const resolved = await resolve(people.cook, problem.id, { refund: partial, to: 'credit', note: 'Sorry!' });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(problemOf(resolved)).toMatchObject({
      status: 'resolved',
      refund: { amount: partial },
      refundTo: 'credit',
      resolution: 'Sorry!',
      order: { refunded: { amount: partial } },
      refundable: { credit: { amount: cap - partial } },
    });
    expect(await creditOf()).toBe(before + partial);
    const [row] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.refunded).toBe(partial);

    const notifications = await app.inject({ method: 'GET', url: '/api/notifications', headers: people.shopper });
    expect(notifications.json<{ data: { kind: string; params: Record<string, string> }[] }>().data[0]).toMatchObject({
      kind: 'problem-resolved',
      params: { orderId: order.id, amount: String(partial), to: 'credit', currency: 'KES' },
    });
    const message = await outbox.latest(shopperEmail);
    expect(message).toContain('has been added to your Malewa credit');
    expect(message).toContain('Their note: Sorry!');
    expect(message).toContain(`/account/orders/${order.id}`);

    // The shop resolves once; an operator overrules.
    const again = await resolve(people.cook, problem.id, { refund: 1, to: 'credit' });
    expect(again.statusCode).toBe(409);
    expect(refusalOf(again)).toEqual({ code: 'already_resolved' });
    const tooMuch = await resolve(people.operator, problem.id, { refund: cap - partial + 1, to: 'credit' }, 'operator');
    expect(refusalOf(tooMuch)).toEqual({
      code: 'above_cap',
      cap: { amount: cap - partial, currency: 'KES' },
      to: 'credit',
    });
    const overruled = await resolve(
      people.operator,
      problem.id,
      { refund: cap - partial, to: 'credit', note: 'The whole meal back' },
      'operator',
    );
    expect(overruled.statusCode, overruled.body).toBe(200);
    expect(problemOf(overruled)).toMatchObject({ refund: { amount: cap }, refundable: { credit: { amount: 0 } } });
    expect(await creditOf()).toBe(before + cap);
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.subjectId, problem.id));
    expect(audit.map((entry) => entry.action)).toEqual(['problem.overrule']);

    // Both refunds are in the ledger, balanced: the shop bore them, the shopper's credit grew.
    const ledger = await app.inject({
      method: 'GET',
      url: `/api/operator/ledger?order=${order.id}`,
      headers: people.operator,
    });
    const refunds = ledger
      .json<{ data: { kind: string; entries: { account: string; amount: number }[] }[] }>()
      .data.filter((transaction) => transaction.kind === 'problem_refund');
    expect(refunds).toHaveLength(2);
    const entries = refunds.flatMap((transaction) => transaction.entries);
    expect(entries.reduce((sum, entry) => sum + entry.amount, 0)).toBe(0);
    const credited = entries.filter((entry) => entry.account === 'customer_credit');
    expect(credited.reduce((sum, entry) => sum + entry.amount, 0)).toBe(-cap);
    // The shopper's credit statement names it.
    const statementOfCredit = await app.inject({
      method: 'GET',
      url: '/api/account/credit/entries',
      headers: people.shopper,
    });
    expect(
      statementOfCredit
        .json<{ data: { kind: string; amountMinor: number; orderId: string | null }[] }>()
        .data.filter((entry) => entry.kind === 'problem')
        .map((entry) => [entry.amountMinor, entry.orderId])
        .sort(),
    ).toEqual(
      [
        [partial, order.id],
        [cap - partial, order.id],
      ].sort(),
    );
    // And in the shop's statement for the day, as refunds.
    const statement = await app.inject({
      method: 'GET',
      url: `/api/provider/shops/${kitchen.providerId}/statements?from=2026-11-24&to=2026-11-24`,
      headers: people.cook,
    });
    expect(statement.statusCode, statement.body).toBe(200);
    expect(statement.json<{ data: { refunds: { amount: number } } }>().data.refunds.amount).toBeGreaterThanOrEqual(cap);
  });

  it('refunds a mobile-money order through the gateway', async () => {
    refunds.length = 0;
    const { problem } = await reported({ method: 'mpesa', phone: '0712 345 678' });
    expect(problem.order.paymentMethod).toBe('mpesa');
    const amount = problem.refundable.method.amount;
    expect(amount).toBeGreaterThan(0);
    const before = await creditOf();
    const resolved = await resolve(people.cook, problem.id, { refund: amount, to: 'method' });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(refunds).toEqual([expect.objectContaining({ method: 'mpesa', amount, currency: 'KES' })]);
    expect(await creditOf()).toBe(before);
    expect(await outbox.latest(shopperEmail)).toContain('to the way you paid');
  });
});

describe('a report refused after its photo was stored', () => {
  it('keeps its own error when the photo cannot be removed, and logs the photo left behind', async () => {
    const order = await delivered(await placed());
    const [line] = (await linesOf(order.id)).lines;
    if (!line) throw new Error('no line');
    const store = localMediaStore(TEST_CONFIG.mediaDir);
    const media: MediaStore = {
      ...store,
      remove: async () => {
        throw new Error('EROFS: read-only file system');
      },
    };
    const warnings: object[] = [];
    const log = { warn: (context: object) => void warnings.push(context) };
    // The database refuses the report itself, after the photo was stored.
    await database.db.execute(sql`
      create function refuse_problems() returns trigger language plpgsql as $$
      begin raise exception 'the database refused the report'; end $$`);
    await database.db.execute(
      sql`create trigger refuse_problems before insert on order_problems for each row execute function refuse_problems()`,
    );
    let refused: unknown;
    try {
      async function* parts(): AsyncIterable<ReportPart> {
        yield {
          type: 'field',
          name: 'report',
          value: JSON.stringify({ lines: [{ orderLineId: line?.id, quantity: 1, reason: 'damaged' }] }),
        };
        yield { type: 'file', name: 'photo', stream: Readable.from([TINY_PNG]) };
      }
      refused = await reportProblem(
        { problems: createProblemRepository(database.db), media, now: () => START, log },
        { userId: shopperId, sessionId: randomUUID(), roles: ['customer'] },
        order.id,
        parts(),
      ).catch((error: unknown) => error);
    } finally {
      await database.db.execute(sql`drop trigger refuse_problems on order_problems`);
      await database.db.execute(sql`drop function refuse_problems()`);
    }
    expect(String((refused as Error).cause ?? refused)).toContain('the database refused the report');
    expect(warnings).toEqual([{ err: expect.any(Error), photoKey: expect.stringMatching(/^private\/photo\//) }]);
  });
});

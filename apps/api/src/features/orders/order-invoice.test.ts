import { randomBytes } from 'node:crypto';
import type { CountryCode } from '@malewa/contracts/country-codes';
import type { CheckoutResponse } from '@malewa/contracts/orders/checkout';
import { type Order, PROVIDER_NEXT_STATUS } from '@malewa/contracts/orders/order';
import { items, providerMembers, providers } from '@malewa/db/schema/catalog';
import type { TestDatabase } from '@malewa/db/testing/test-database';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp } from '#api/testing/accounts.ts';
import { createTestOutbox, type TestOutbox } from '#api/testing/outbox.ts';
import { buildTestApp, createSeededDatabase } from '#api/testing/test-app.ts';

// Tuesday 24 November 2026: Zimbabwe's 15.5 % is in force (from 1 January 2026).
const NOW = new Date('2026-11-24T09:30:00Z');

/** Each market's standard rate on NOW, in basis points. */
const RATES: Record<CountryCode, number> = { ZA: 1500, KE: 1600, RW: 1800, BW: 1400, ZW: 1550, MZ: 1600 };
/** A mobile number of each market, for the delivery address. */
const PHONES: Record<CountryCode, string> = {
  ZA: '082 123 4567',
  KE: '0712 345 678',
  RW: '0788 123 456',
  BW: '71 123 456',
  ZW: '077 212 3456',
  MZ: '84 123 4567',
};
const VAT_NUMBERS: Record<CountryCode, string> = {
  ZA: '4123456789',
  KE: 'P051234567X',
  RW: '101234567',
  BW: 'P03012345678',
  ZW: '10012345',
  MZ: '400123456',
};

let database: TestDatabase;
let outbox: TestOutbox;
let app: FastifyInstance;
/** Runs every shop these tests buy from. */
let cook: Record<string, string>;
let cookId: string;
let shopperSession: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  database = await createSeededDatabase({ now: NOW, openAllDay: true });
  outbox = await createTestOutbox(database);
  app = await buildTestApp(database, { now: () => NOW });
  await app.ready();
  const cookSession = await signUp(app, database, outbox, {
    identifier: 'invoicing.cook@example.com',
    roles: ['provider'],
  });
  cook = bearer(cookSession);
  cookId = cookSession.user.id;
  shopperSession = await signUp(app, database, outbox, { identifier: 'invoiced.shopper@example.com' });
});

afterAll(async () => {
  await app?.close();
  await database?.destroy();
});

interface Shop {
  id: string;
  slug: string;
  service: 'food' | 'grocery' | 'farm';
  countryCode: CountryCode;
  latitude: number;
  longitude: number;
  minimumOrder: number;
}

/** Sellable items of a shop: no choices to make, not sold out, shown. */
async function sellable(shopId: string) {
  return database.db
    .select({ slug: items.slug, price: items.price, taxClass: items.taxClass, stepMilli: items.stepMilli })
    .from(items)
    .where(
      and(
        eq(items.providerId, shopId),
        eq(items.available, true),
        eq(items.hidden, false),
        or(isNull(items.stock), sql`${items.stock} > 20`),
        sql`jsonb_array_length(${items.options}) = 0`,
      ),
    )
    .orderBy(asc(items.slug));
}

/** The first active shop of a market and service (by slug) that `accept` takes, run by `cook`. */
async function shopOf(countryCode: CountryCode, service: Shop['service'], accept: (shop: Shop) => Promise<boolean>) {
  const rows = await database.db
    .select({
      id: providers.id,
      slug: providers.slug,
      service: providers.service,
      countryCode: providers.countryCode,
      latitude: providers.latitude,
      longitude: providers.longitude,
      minimumOrder: providers.minimumOrder,
    })
    .from(providers)
    .where(and(eq(providers.countryCode, countryCode), eq(providers.service, service), eq(providers.status, 'active')))
    .orderBy(asc(providers.slug));
  for (const row of rows as Shop[]) {
    if (await accept(row)) {
      await database.db.insert(providerMembers).values({ providerId: row.id, userId: cookId }).onConflictDoNothing();
      return row;
    }
  }
  throw new Error(`No ${service} shop of ${countryCode} fits`);
}

async function register(shop: Shop, vatNumber: string | null) {
  await database.db
    .update(providers)
    .set({ vatNumber, legalName: vatNumber ? 'Registered Trading (Pty) Ltd' : null })
    .where(eq(providers.id, shop.id));
}

const shopperHeaders = (countryCode: CountryCode, language = 'en') => ({
  ...bearer(shopperSession),
  'x-store-id': countryCode,
  'accept-language': language,
});

/** Places a cash order of these lines (each line's quantity in units) at the shop. */
async function place(shop: Shop, lines: { slug: string; quantity: number }[]): Promise<Order> {
  const headers = shopperHeaders(shop.countryCode);
  for (const line of lines) {
    const added = await app.inject({
      method: 'POST',
      url: `/api/carts/${shop.service}/items`,
      headers,
      payload: { item: line.slug, quantity: line.quantity },
    });
    expect(added.statusCode, added.body).toBe(201);
  }
  const response = await app.inject({
    method: 'POST',
    url: `/api/carts/${shop.service}/checkout`,
    headers: { ...headers, 'idempotency-key': randomBytes(18).toString('base64url') },
    payload: {
      address: {
        recipient: 'Thandi Nkosi',
        phone: PHONES[shop.countryCode],
        line: '14 Jacaranda Street',
        area: 'Central',
        city: 'Town',
        latitude: shop.latitude,
        longitude: shop.longitude,
      },
      payment: { method: 'cash' },
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  const order = response.json<CheckoutResponse>().data.orders[0];
  if (!order) throw new Error('no order');
  return order;
}

/** How many of an item reach the shop's minimum order on their own. */
const enoughOf = (shop: Shop, item: { price: number }) => Math.max(1, Math.ceil(shop.minimumOrder / item.price));

async function deliver(order: Order): Promise<Order> {
  const accepted = await app.inject({
    method: 'POST',
    url: `/api/provider/orders/${order.id}/accept`,
    headers: cook,
    payload: { prepMinutes: 20 },
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  let moved = accepted.json<{ data: Order }>().data;
  while (moved.status !== 'delivered') {
    const advanced = await app.inject({
      method: 'POST',
      url: `/api/provider/orders/${order.id}/advance`,
      headers: cook,
      payload: { to: PROVIDER_NEXT_STATUS[moved.status] },
    });
    expect(advanced.statusCode, advanced.body).toBe(200);
    moved = advanced.json<{ data: Order }>().data;
  }
  return moved;
}

const invoiceOf = (
  order: Order,
  language = 'en',
  headers: Record<string, string> = shopperHeaders(order.countryCode),
) =>
  app.inject({
    method: 'GET',
    url: `/api/orders/${order.id}/invoice`,
    headers: { ...headers, 'accept-language': language },
  });

/**
 * The VAT rows hold what the shopper paid for the shop's supplies: the total less the tip, plus
 * what the marketplace funded (Malewa pays the shop that part); each row's VAT is its rate's
 * share of its VAT-inclusive gross, rounded half up.
 */
function expectConsistentVat(order: Order) {
  if (!order.tax) throw new Error('no VAT on the order');
  const marketplaceFunded = order.discounts
    .filter((line) => line.fundedBy === 'marketplace')
    .reduce((sum, line) => sum + line.amount.amount, 0);
  const gross = order.tax.lines.reduce((sum, row) => sum + row.taxable.amount + row.amount.amount, 0);
  expect(gross + order.tax.exempt.amount).toBe(order.total.amount - order.tip.amount + marketplaceFunded);
  for (const row of order.tax.lines) {
    const inclusive = row.taxable.amount + row.amount.amount;
    expect(row.amount.amount).toBe(
      Math.floor((2 * inclusive * row.rate + 10_000 + row.rate) / (2 * (10_000 + row.rate))),
    );
  }
}

describe('an order from a shop registered for VAT', () => {
  it('carries its market’s standard rate in each of the six markets (Zimbabwe’s 15.5 % in 2026)', async () => {
    for (const countryCode of Object.keys(RATES) as CountryCode[]) {
      const shop = await shopOf(countryCode, 'food', async (candidate) => (await sellable(candidate.id)).length > 0);
      await register(shop, VAT_NUMBERS[countryCode]);
      const [meal] = await sellable(shop.id);
      if (!meal) throw new Error('no meal');
      const order = await place(shop, [{ slug: meal.slug, quantity: enoughOf(shop, meal) }]);
      expect(
        order.tax?.lines.map((row) => row.rate),
        countryCode,
      ).toEqual([RATES[countryCode]]);
      expect(order.tax?.exempt.amount).toBe(0);
      expect(order.invoice).toBeNull();
      expectConsistentVat(order);
      const delivered = await deliver(order);
      expect(delivered.invoice?.number).toBe(`${shop.slug}-1`);
      expect(delivered.invoice?.issuedAt).toBe(NOW.toISOString());
    }
  });

  it('shows a zero-rated line as a 0 % row beside the standard one (South Africa)', async () => {
    const shop = await shopOf('ZA', 'grocery', async (candidate) => {
      const classes = new Set((await sellable(candidate.id)).map((item) => item.taxClass));
      return classes.has('zero') && classes.has('standard');
    });
    await register(shop, VAT_NUMBERS.ZA);
    const stock = await sellable(shop.id);
    const zero = stock.find((item) => item.taxClass === 'zero');
    const standard = stock.find((item) => item.taxClass === 'standard');
    if (!zero || !standard) throw new Error('no zero-rated and standard items');
    const order = await place(shop, [
      { slug: zero.slug, quantity: (zero.stepMilli / 1000) * 2 },
      { slug: standard.slug, quantity: enoughOf(shop, standard) },
    ]);
    expect(order.tax?.lines.map((row) => row.rate)).toEqual([1500, 0]);
    expect(order.tax?.lines[1]?.amount.amount).toBe(0);
    expectConsistentVat(order);
    await deliver(order);
    const invoice = await invoiceOf(order);
    expect(invoice.statusCode, invoice.body).toBe(200);
    expect(invoice.body).toMatch(/<th scope="row">0%<\/th>/);
    expect(invoice.body).toMatch(/<th scope="row">15%<\/th>/);
  });

  it('keeps exempt lines apart from the VAT rows (Kenya)', async () => {
    const shop = await shopOf('KE', 'grocery', async (candidate) => {
      const classes = new Set((await sellable(candidate.id)).map((item) => item.taxClass));
      return classes.has('exempt') && classes.has('standard');
    });
    await register(shop, VAT_NUMBERS.KE);
    const stock = await sellable(shop.id);
    const exempt = stock.find((item) => item.taxClass === 'exempt');
    const standard = stock.find((item) => item.taxClass === 'standard');
    if (!exempt || !standard) throw new Error('no exempt and standard items');
    const order = await place(shop, [
      { slug: exempt.slug, quantity: exempt.stepMilli / 1000 },
      { slug: standard.slug, quantity: enoughOf(shop, standard) },
    ]);
    expect(order.tax?.lines.map((row) => row.rate)).toEqual([1600]);
    expect(order.tax?.exempt.amount).toBe(exempt.price * (exempt.stepMilli / 1000));
    expectConsistentVat(order);
    await deliver(order);
    const invoice = await invoiceOf(order);
    expect(invoice.body).toContain('Exempt supplies (no VAT)');
  });
});

describe('invoice numbers', () => {
  it('follow each other per shop, without gaps, even for deliveries at once; another shop counts its own', async () => {
    const shop = await shopOf('RW', 'food', async (candidate) => (await sellable(candidate.id)).length > 0);
    const [meal] = await sellable(shop.id);
    if (!meal) throw new Error('no meal');
    // The six-markets test delivered this shop's first invoice.
    const second = await deliver(await place(shop, [{ slug: meal.slug, quantity: enoughOf(shop, meal) }]));
    expect(second.invoice?.number).toBe(`${shop.slug}-2`);
    const [a, b] = [
      await place(shop, [{ slug: meal.slug, quantity: enoughOf(shop, meal) }]),
      await place(shop, [{ slug: meal.slug, quantity: enoughOf(shop, meal) }]),
    ];
    if (!a || !b) throw new Error('no orders');
    for (const order of [a, b]) {
      for (const [step, payload] of [
        ['accept', { prepMinutes: 20 }],
        ['advance', { to: 'preparing' }],
        ['advance', { to: 'ready' }],
        ['advance', { to: 'out_for_delivery' }],
      ] as const) {
        const moved = await app.inject({
          method: 'POST',
          url: `/api/provider/orders/${order.id}/${step}`,
          headers: cook,
          payload,
        });
        expect(moved.statusCode, moved.body).toBe(200);
      }
    }
    const last = await Promise.all(
      [a, b].map((order) =>
        app.inject({
          method: 'POST',
          url: `/api/provider/orders/${order.id}/advance`,
          headers: cook,
          payload: { to: 'delivered' },
        }),
      ),
    );
    const numbers = last.map((response) => response.json<{ data: Order }>().data.invoice?.number).sort();
    expect(numbers).toEqual([`${shop.slug}-3`, `${shop.slug}-4`]);
    const other = await shopOf(
      'RW',
      'food',
      async (candidate) => candidate.id !== shop.id && (await sellable(candidate.id)).length > 0,
    );
    const [otherMeal] = await sellable(other.id);
    if (!otherMeal) throw new Error('no meal');
    const first = await deliver(await place(other, [{ slug: otherMeal.slug, quantity: enoughOf(other, otherMeal) }]));
    expect(first.invoice?.number).toBe(`${other.slug}-1`);
  });
});

describe('GET /api/orders/{id}/invoice', () => {
  let registered: Order;
  let unregistered: Order;

  beforeAll(async () => {
    const shop = await shopOf('ZA', 'food', async (candidate) => (await sellable(candidate.id)).length > 0);
    await register(shop, VAT_NUMBERS.ZA);
    const [meal] = await sellable(shop.id);
    if (!meal) throw new Error('no meal');
    registered = await place(shop, [{ slug: meal.slug, quantity: enoughOf(shop, meal) }]);
    const plain = await shopOf(
      'ZA',
      'food',
      async (candidate) => candidate.id !== shop.id && (await sellable(candidate.id)).length > 0,
    );
    await register(plain, null);
    const [plainMeal] = await sellable(plain.id);
    if (!plainMeal) throw new Error('no meal');
    unregistered = await place(plain, [{ slug: plainMeal.slug, quantity: enoughOf(plain, plainMeal) }]);
  });

  it('is refused before delivery with why, to anyone else as not found, and to no one signed in', async () => {
    const early = await invoiceOf(registered);
    expect(early.statusCode).toBe(409);
    expect(early.json<{ errors: { message: string } }>().errors.message).toMatch(/issued when it is delivered/);
    const stranger = bearer(await signUp(app, database, outbox, { identifier: 'invoice.stranger@example.com' }));
    await deliver(registered);
    expect((await invoiceOf(registered, 'en', { ...stranger, 'x-store-id': 'ZA' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/orders/${registered.id}/invoice` })).statusCode).toBe(401);
  });

  it('is a printable tax invoice with the seller, the buyer, the number, the date, the lines and the VAT', async () => {
    const response = await invoiceOf(registered);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(response.headers['cache-control']).toBe('private, no-store');
    const page = response.body;
    expect(page).toMatch(/^<!doctype html>\n<html lang="en" dir="ltr">/);
    expect(page).not.toMatch(/<script/i);
    const order = (
      await app.inject({ method: 'GET', url: `/api/orders/${registered.id}`, headers: shopperHeaders('ZA') })
    ).json<{ data: Order }>().data;
    const [line] = order.lines;
    const vat = order.tax?.lines[0]?.amount.amount ?? 0;
    const rand = (minor: number) =>
      new Intl.NumberFormat('en-ZA', { style: 'currency', currency: 'ZAR' }).format(minor / 100);
    for (const text of [
      '<h1>Tax invoice</h1>',
      'Registered Trading (Pty) Ltd',
      'VAT number: <bdi dir="ltr">4123456789</bdi>',
      'Thandi Nkosi',
      '14 Jacaranda Street',
      `<bdi dir="ltr">${order.invoice?.number}</bdi>`,
      '24 November 2026',
      `<bdi lang="${line?.name.lang}">${line?.name.text}</bdi>`,
      rand(line?.unitPrice.amount ?? 0),
      rand(order.total.amount),
      rand(vat),
      '<th scope="row">15%</th>',
      'Prices include VAT.',
    ]) {
      expect(page).toContain(text);
    }
  });

  it('says so in French and in Arabic (right to left)', async () => {
    const french = (await invoiceOf(registered, 'fr')).body;
    expect(french).toContain('<html lang="fr" dir="ltr">');
    for (const text of ['<h1>Facture</h1>', 'Numéro de TVA', 'TVA par taux', '24 novembre 2026']) {
      expect(french).toContain(text);
    }
    // French puts a no-break space before the percent sign.
    expect(french).toContain(
      `<th scope="row">${new Intl.NumberFormat('fr-ZA', { style: 'percent' }).format(0.15)}</th>`,
    );
    const arabic = (await invoiceOf(registered, 'ar')).body;
    expect(arabic).toContain('<html lang="ar" dir="rtl">');
    for (const text of ['<h1>فاتورة ضريبية</h1>', 'رقم ضريبة القيمة المضافة', 'إجمالي الضريبة', '4123456789']) {
      expect(arabic).toContain(text);
    }
    // A language without its own words reads English, as the messages do.
    expect((await invoiceOf(registered, 'zu')).body).toContain('<h1>Tax invoice</h1>');
  });

  it('from a shop not registered for VAT, is a receipt that says no VAT was charged', async () => {
    await deliver(unregistered);
    expect(unregistered.tax).toBeNull();
    const page = (await invoiceOf(unregistered)).body;
    expect(page).toContain('<h1>Receipt</h1>');
    expect(page).toContain('No VAT was charged:');
    expect(page).toContain('is not registered for VAT.');
    expect(page).not.toContain('Tax invoice');
    expect(page).not.toContain('VAT number');
  });
});

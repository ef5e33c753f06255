import type { ErrorResponse } from '@malewa/contracts/errors';
import { contactMessages } from '@malewa/db/schema/contact';
import type { TestDatabase } from '@malewa/db/testing/test-database';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '#api/app-error.ts';
import { fromAddress } from '#api/testing/accounts.ts';
import { buildTestApp, createFileDatabase } from '#api/testing/test-app.ts';
import { createContactRepository } from './contact-repository.ts';
import { createContactMessage } from './create-contact-message.ts';

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createFileDatabase();
  app = await buildTestApp(database);
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.destroy();
});

const valid = {
  name: 'Wanjiru Kamau',
  email: 'wanjiru@example.co.ke',
  topic: 'delivery',
  message: 'My order from Westlands arrived an hour late and the soup was cold.',
  locale: 'sw',
};

let nextAddress = 1;
/** Each test sends from an address of its own (TEST-NET-3), through the trusted loopback proxy. */
function freshAddress(): string {
  return `203.0.113.${nextAddress++}`;
}

function send(payload: Record<string, unknown>, from = freshAddress()) {
  return app.inject({
    method: 'POST',
    url: '/api/contact-messages',
    headers: { ...fromAddress(from) },
    payload,
  });
}

describe('POST /api/contact-messages', () => {
  it('stores a valid message and answers 201 with its id and time', async () => {
    const from = freshAddress();
    const before = Date.now();
    const response = await send(valid, from);

    expect(response.statusCode).toBe(201);
    const { data } = response.json<{ data: { id: string; receivedAt: string } }>();
    expect(data.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(data.receivedAt)).toBeGreaterThanOrEqual(before - 1000);

    const [row] = await database.db.select().from(contactMessages).where(eq(contactMessages.id, data.id));
    expect(row).toMatchObject({
      name: 'Wanjiru Kamau',
      email: 'wanjiru@example.co.ke',
      phone: null,
      topic: 'delivery',
      message: valid.message,
      locale: 'sw',
      clientIp: from,
    });
    expect(row?.createdAt.toISOString()).toBe(data.receivedAt);
  });

  it('accepts a phone number instead of an email address, trimming what was typed', async () => {
    const from = freshAddress();
    const response = await send(
      {
        name: '  Thabo  ',
        phone: ' +27 82 123 4567 ',
        topic: 'payment',
        message: 'I paid twice with my card for one order.',
      },
      from,
    );

    expect(response.statusCode).toBe(201);
    const { data } = response.json<{ data: { id: string } }>();
    const [row] = await database.db.select().from(contactMessages).where(eq(contactMessages.id, data.id));
    expect(row).toMatchObject({ name: 'Thabo', email: null, phone: '+27 82 123 4567', locale: null });
  });

  it.each([
    ['+254 712 345 678'],
    ['0712 345 678'],
    ['00250 788 123 456'],
    ['71 234 567'],
    ['+258 84 123 4567'],
    ['(011) 555-1234'],
  ])('accepts the phone number %s', async (phone) => {
    const response = await send({ ...valid, email: undefined, phone });
    expect(response.statusCode).toBe(201);
  });

  it.each([
    ['name', { name: 'A' }],
    ['name', { name: 'x'.repeat(121) }],
    ['email', { email: 'wanjiru@' }],
    ['phone', { phone: '12345' }],
    ['phone', { phone: 'call me maybe' }],
    ['topic', { topic: 'complaint' }],
    ['message', { message: 'Help!' }],
    ['message', { message: 'x'.repeat(4001) }],
    ['locale', { locale: 'not a locale' }],
  ])('answers a bad %s with 400 naming that field only', async (field, change) => {
    const response = await send({ ...valid, ...change });

    expect(response.statusCode).toBe(400);
    const { errors } = response.json<ErrorResponse>();
    expect(Object.keys(errors)).toEqual([field]);
    expect(errors[field]).toEqual([expect.any(String)]);
  });

  it('names every bad field at once', async () => {
    const response = await send({ name: '', email: 'nope', topic: '', message: '' });

    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<ErrorResponse>().errors).sort()).toEqual(['email', 'message', 'name', 'topic']);
  });

  it('answers 400 on both contact fields when neither an email address nor a phone number is given', async () => {
    const response = await send({ ...valid, email: undefined });

    expect(response.statusCode).toBe(400);
    const { errors } = response.json<ErrorResponse>();
    expect(Object.keys(errors).sort()).toEqual(['email', 'phone']);
    expect(errors.email).toEqual([expect.stringMatching(/email address or a phone number/)]);
  });

  it('refuses the 6th message from one address within 10 minutes with 429 and Retry-After', async () => {
    const from = freshAddress();
    for (let i = 1; i <= 5; i++) {
      const response = await send({ ...valid, message: `Message number ${i} about my order.` }, from);
      expect(response.statusCode, `message ${i}`).toBe(201);
    }

    const sixth = await send(valid, from);

    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ errors: { message: expect.stringMatching(/wait/) } });
    const retryAfter = Number(sixth.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    const stored = await database.db.select().from(contactMessages).where(eq(contactMessages.clientIp, from));
    expect(stored).toHaveLength(5);

    // Someone else is not held back by that sender.
    expect((await send(valid)).statusCode).toBe(201);
  });

  it('counts simultaneous sends exactly: 8 at once from one address store 5', async () => {
    const from = freshAddress();
    const responses = await Promise.all(Array.from({ length: 8 }, () => send(valid, from)));

    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
  });

  it('believes X-Forwarded-For only from the storefront, proven by its secret', async () => {
    // Without the secret the header is the sender's own claim and is ignored.
    const spoofed = { ...valid, message: 'Sent from an untrusted network address.' };
    const response = await app.inject({
      method: 'POST',
      url: '/api/contact-messages',
      remoteAddress: '198.51.100.9',
      headers: { 'x-forwarded-for': '203.0.113.250' },
      payload: spoofed,
    });

    expect(response.statusCode).toBe(201);
    const { data } = response.json<{ data: { id: string } }>();
    const [row] = await database.db.select().from(contactMessages).where(eq(contactMessages.id, data.id));
    expect(row?.clientIp).toBe('198.51.100.9');
  });
});

describe('createContactMessage', () => {
  const input = { name: 'Chipo', phone: '+263 77 123 4567', topic: 'order' as const, message: 'Where is my order?' };

  it('lets an address send again once its oldest counted message leaves the 10-minute window', async () => {
    const contact = createContactRepository(database.db);
    const start = Date.parse('2026-03-02T08:00:00Z');
    let clock = start;
    const deps = { contact, now: () => new Date(clock) };
    const from = '192.0.2.44';

    for (let minute = 0; minute < 5; minute++) {
      clock = start + minute * 60_000;
      await createContactMessage(deps, input, from);
    }
    clock = start + 9 * 60_000;
    const error = await createContactMessage(deps, input, from).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: 60 });

    clock = start + 10 * 60_000 + 1;
    await expect(createContactMessage(deps, input, from)).resolves.toMatchObject({ id: expect.any(String) });
  });
});

import type { CreditEntry } from '@malewa/contracts/account/list-credit-entries';
import type { ErrorResponse } from '@malewa/contracts/errors';
import { seedIfEmpty } from '@malewa/db/seed/seed-if-empty';
import type { TestDatabase } from '@malewa/db/testing/test-database';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp } from '#api/testing/accounts.ts';
import { createTestOutbox, type TestOutbox } from '#api/testing/outbox.ts';
import { buildTestApp, createFileDatabase } from '#api/testing/test-app.ts';

let database: TestDatabase;
let outbox: TestOutbox;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createFileDatabase();
  await seedIfEmpty(database.db);
  outbox = await createTestOutbox(database);
  app = await buildTestApp(database, { now: () => new Date('2026-11-24T09:30:00Z') });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.destroy();
});

describe('goodwill credit', () => {
  it('is given by an operator with a reason, logged, and listed to the shopper with those words', async () => {
    const shopper = await signUp(app, database, outbox, { identifier: 'goodwill.shopper@example.com' });
    const operator = await signUp(app, database, outbox, {
      identifier: 'goodwill.operator@example.com',
      roles: ['operator'],
    });
    const grant = (accountId: string, payload: object) =>
      app.inject({
        method: 'POST',
        url: `/api/operator/accounts/${accountId}/credit`,
        headers: bearer(operator),
        payload,
      });
    const reason = 'Sorry your order came an hour late.';
    const given = await grant(shopper.user.id, { amount: 5000, currency: 'ZAR', reason });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json<{ data: unknown }>().data).toEqual({
      accountId: shopper.user.id,
      currency: 'ZAR',
      balanceMinor: 5000,
    });
    const again = await grant(shopper.user.id, { amount: 2500, currency: 'ZAR', reason });
    expect(again.json<{ data: { balanceMinor: number } }>().data.balanceMinor).toBe(7500);

    const balance = await app.inject({ method: 'GET', url: '/api/account/credit', headers: bearer(shopper) });
    expect(balance.json<{ data: { balanceMinor: number } }>().data.balanceMinor).toBe(7500);
    const entries = await app.inject({ method: 'GET', url: '/api/account/credit/entries', headers: bearer(shopper) });
    expect(entries.statusCode, entries.body).toBe(200);
    const list = entries.json<{ data: CreditEntry[] }>().data;
    const goodwill = list.filter((entry) => entry.kind === 'goodwill');
    expect(goodwill.map((entry) => entry.amountMinor).sort()).toEqual([2500, 5000]);
    for (const entry of goodwill) expect(entry).toMatchObject({ note: reason, orderId: null, currency: 'ZAR' });
    expect(list.at(-1)).toMatchObject({ kind: 'opening', amountMinor: 0, note: null });

    const log = await app.inject({
      method: 'GET',
      url: `/api/operator/audit-log?subjectType=account&subjectId=${shopper.user.id}`,
      headers: bearer(operator),
    });
    expect(log.json<{ data: { action: string; actor: { id: string } }[] }>().data).toMatchObject([
      { action: 'account.credit', actor: { id: operator.user.id } },
      { action: 'account.credit', actor: { id: operator.user.id } },
    ]);
  });

  it('is refused for no such account, without a reason, for nothing, or in another currency', async () => {
    const operator = await signUp(app, database, outbox, {
      identifier: 'goodwill.operator2@example.com',
      roles: ['operator'],
    });
    const grant = (accountId: string, payload: object) =>
      app.inject({
        method: 'POST',
        url: `/api/operator/accounts/${accountId}/credit`,
        headers: bearer(operator),
        payload,
      });
    const nobody = await grant('00000000-0000-4000-8000-000000000000', {
      amount: 100,
      currency: 'ZAR',
      reason: 'A reason long enough.',
    });
    expect(nobody.statusCode).toBe(404);
    const shopper = await signUp(app, database, outbox, { identifier: 'goodwill.other@example.com' });
    const short = await grant(shopper.user.id, { amount: 100, currency: 'ZAR', reason: 'Sorry' });
    expect(short.statusCode).toBe(400);
    expect(Object.keys(short.json<ErrorResponse>().errors)).toContain('reason');
    expect(
      (await grant(shopper.user.id, { amount: 0, currency: 'ZAR', reason: 'A reason long enough.' })).statusCode,
    ).toBe(400);
    // Meant in shillings, for an account whose credit is in rand: refused, nothing given.
    const shillings = await grant(shopper.user.id, {
      amount: 15_050,
      currency: 'KES',
      reason: 'A reason long enough.',
    });
    expect(shillings.statusCode).toBe(422);
    expect(shillings.json<ErrorResponse>().problem).toEqual({ code: 'currency', currency: 'ZAR' });
    const balance = await app.inject({ method: 'GET', url: '/api/account/credit', headers: bearer(shopper) });
    expect(balance.json<{ data: { balanceMinor: number } }>().data.balanceMinor).toBe(0);
  });
});

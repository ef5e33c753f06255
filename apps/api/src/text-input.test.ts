import type { ErrorResponse } from '@malewa/contracts/errors';
import { seedIfEmpty } from '@malewa/db/seed/seed-if-empty';
import type { TestDatabase } from '@malewa/db/testing/test-database';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, freshAddress, fromAddress, type PasswordSession, signUp } from './testing/accounts.ts';
import { createTestOutbox, type TestOutbox } from './testing/outbox.ts';
import { buildTestApp, createFileDatabase } from './testing/test-app.ts';

/**
 * Text PostgreSQL refuses (NUL) or that has no place in a name or a message, and dates it
 * cannot hold: every route answers 400 with a field error, never a 500 with the statement and
 * its values in the log.
 */
let database: TestDatabase;
let app: FastifyInstance;
let outbox: TestOutbox;
let shopper: PasswordSession;
let operator: PasswordSession;
const logged: string[] = [];

beforeAll(async () => {
  database = await createFileDatabase();
  await seedIfEmpty(database.db);
  app = await buildTestApp(database, {
    logger: { level: 'info', stream: { write: (line: string) => logged.push(line) } },
  });
  await app.ready();
  outbox = await createTestOutbox(database);
  shopper = await signUp(app, database, outbox, { identifier: `nul-${Date.now()}@example.co.za` });
  operator = await signUp(app, database, outbox, {
    identifier: `nul-ops-${Date.now()}@example.co.za`,
    roles: ['operator'],
  });
});

afterAll(async () => {
  await app?.close();
  await outbox?.destroy();
  await database?.destroy();
});

function expectFieldError(response: { statusCode: number; json<T>(): T }, field: string) {
  expect(response.statusCode, field).toBe(400);
  const { errors } = response.json<ErrorResponse>();
  expect(Object.keys(errors), field).toContain(field);
}

const profile = { name: 'Amani', surname: 'Test' };
const location = { name: 'Test Town', countryCode: 'KE', latitude: -1.2, longitude: 36.8 };

describe('a NUL or another control character', () => {
  it('is refused in a registration name and surname', async () => {
    for (const field of ['name', 'surname'] as const) {
      const response = await app.inject({
        method: 'POST',
        url: '/auth/account/register',
        headers: fromAddress(freshAddress()),
        payload: {
          ...profile,
          [field]: 'Ama\u0000ni',
          credential: { identifier: `reg-${Date.now()}@example.co.za`, secret: 'a fine password' },
        },
      });
      expectFieldError(response, field);
    }
  });

  it('is refused in every text of the profile, and a line break only where prose is', async () => {
    for (const [field, value] of [
      ['name', 'A\u0000'],
      ['surname', 'B\u0007'],
      ['bio', 'I cook\u0000'],
      ['phone', '+254\u0000712345678'],
      ['avatarUrl', 'https://example.com/\u0000.png'],
    ] as const) {
      const response = await app.inject({
        method: 'PUT',
        url: '/auth/user/me',
        headers: bearer(shopper),
        payload: { ...profile, [field]: value },
      });
      expectFieldError(response, field);
    }
    const prose = await app.inject({
      method: 'PUT',
      url: '/auth/user/me',
      headers: bearer(shopper),
      payload: { ...profile, email: shopper.credential.identifier, bio: 'First line\nsecond line' },
    });
    expect(prose.statusCode).toBe(200);
  });

  it('is refused in a contact message and a search', async () => {
    const contact = await app.inject({
      method: 'POST',
      url: '/api/contact-messages',
      headers: fromAddress(freshAddress()),
      payload: { name: 'Wanjiru', email: 'w@example.co.ke', topic: 'delivery', message: 'Late again \u0000 today.' },
    });
    expectFieldError(contact, 'message');
    expectFieldError(await app.inject({ method: 'GET', url: '/api/locations?searchKeyword=%00' }), 'searchKeyword');
  });

  it('is refused in a location name', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/locations',
      headers: bearer(operator),
      payload: { ...location, name: 'Nai\u0000robi' },
    });
    expectFieldError(response, 'name');
  });
});

describe('a date or a time zone that cannot be', () => {
  it('is refused as a date of birth: year 0, before 1900, in the future', async () => {
    for (const dateOfBirth of ['0000-01-01', '1899-12-31', '2999-01-01']) {
      const response = await app.inject({
        method: 'PUT',
        url: '/auth/user/me',
        headers: bearer(shopper),
        payload: { ...profile, dateOfBirth },
      });
      expectFieldError(response, 'dateOfBirth');
    }
  });

  it('is refused as a location time zone unless it is an IANA zone', async () => {
    const refused = await app.inject({
      method: 'POST',
      url: '/api/locations',
      headers: bearer(operator),
      payload: { ...location, name: 'Zone Town', timezone: 'Not/AZone' },
    });
    expectFieldError(refused, 'timezone');
    const accepted = await app.inject({
      method: 'POST',
      url: '/api/locations',
      headers: bearer(operator),
      payload: { ...location, name: 'Zone Town', timezone: 'Africa/Nairobi' },
    });
    expect(accepted.statusCode).toBe(201);
  });
});

it('never writes a refused value into the log', () => {
  expect(logged.join('\n')).not.toContain('\\u0000');
  expect(logged.join('\n')).not.toMatch(/"params"|"detail"/);
});

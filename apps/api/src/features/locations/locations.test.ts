import type { ErrorResponse } from '@malewa/contracts/errors';
import type { GetLocationResponse } from '@malewa/contracts/locations/get-location';
import type { ListLocationsResponse } from '@malewa/contracts/locations/list-locations';
import { CITIES } from '@malewa/db/seed/reference-data';
import { seedIfEmpty } from '@malewa/db/seed/seed-if-empty';
import type { TestDatabase } from '@malewa/db/testing/test-database';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp } from '#api/testing/accounts.ts';
import { createTestOutbox, type TestOutbox } from '#api/testing/outbox.ts';
import { buildTestApp, createFileDatabase } from '#api/testing/test-app.ts';

let database: TestDatabase;
let app: FastifyInstance;
let outbox: TestOutbox;

beforeAll(async () => {
  database = await createFileDatabase();
  await seedIfEmpty(database.db);
  app = await buildTestApp(database);
  await app.ready();
  outbox = await createTestOutbox(database);
});

afterAll(async () => {
  await app?.close();
  await outbox?.destroy();
  await database?.destroy();
});

async function list(query: string): Promise<ListLocationsResponse> {
  const response = await app.inject({ method: 'GET', url: `/api/locations${query}` });
  expect(response.statusCode).toBe(200);
  return response.json<ListLocationsResponse>();
}

async function findBySlug(slug: string) {
  const { data } = await list(`?searchKeyword=${slug}`);
  const found = data.find((location) => location.slug === slug);
  if (!found) throw new Error(`seeded location ${slug} is missing`);
  return found;
}

// Seeded names are plain ASCII, so code-unit order and the database's collation agree.
const SEEDED_NAMES = CITIES.map((city) => city.name).sort();

describe('GET /api/locations', () => {
  it('returns the first page of 15 by default, sorted by name, with the totals', async () => {
    const body = await list('');

    expect(body.meta).toEqual({
      page: 1,
      perPage: 15,
      total: CITIES.length,
      totalPages: Math.ceil(CITIES.length / 15),
    });
    expect(body.data.map((location) => location.name)).toEqual(SEEDED_NAMES.slice(0, 15));
  });

  it('pages through the cities without overlap', async () => {
    const first = await list('?page=1&perPage=2');
    const second = await list('?page=2&perPage=2');

    expect(first.data).toHaveLength(2);
    expect(first.meta).toEqual({ page: 1, perPage: 2, total: CITIES.length, totalPages: Math.ceil(CITIES.length / 2) });
    expect(second.data.map((l) => l.name)).toEqual(SEEDED_NAMES.slice(2, 4));
  });

  it('returns an empty page past the end, still with the totals', async () => {
    const body = await list('?page=50');

    expect(body.data).toEqual([]);
    expect(body.meta.total).toBe(CITIES.length);
  });

  it('clamps perPage above the maximum to 100 instead of refusing it', async () => {
    const body = await list('?perPage=500');

    expect(body.meta.perPage).toBe(100);
    expect(body.meta.totalPages).toBe(1);
    expect(body.data).toHaveLength(CITIES.length);
  });

  it('sorts by name in both directions', async () => {
    const ascending = await list('?sortBy=name&order=asc&perPage=100');
    const descending = await list('?sortBy=name&order=desc&perPage=100');

    expect(ascending.data.map((l) => l.name)).toEqual(SEEDED_NAMES);
    expect(descending.data.map((l) => l.name)).toEqual([...SEEDED_NAMES].reverse());
  });

  it('refuses an unknown sort field with a per-field message', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/locations?sortBy=bogus' });

    expect(response.statusCode).toBe(400);
    const body = response.json<ErrorResponse>();
    expect(body.errors.sortBy).toEqual([expect.any(String)]);
  });

  it('refuses page 0 with a per-field message', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/locations?page=0' });

    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorResponse>().errors.page).toEqual([expect.any(String)]);
  });

  it('searches names case-insensitively', async () => {
    const body = await list('?searchKeyword=nAIRobi');

    expect(body.data.map((l) => l.slug)).toEqual(['nairobi']);
    expect(body.meta.total).toBe(1);
  });

  it('searches slugs as well as names', async () => {
    const body = await list('?searchKeyword=cape-town');

    expect(body.data.map((l) => l.name)).toEqual(['Cape Town']);
  });

  it('treats % and _ in the keyword as letters, not wildcards', async () => {
    for (const keyword of ['%', '_']) {
      const body = await list(`?searchKeyword=${encodeURIComponent(keyword)}`);
      expect(body.data).toEqual([]);
      expect(body.meta).toMatchObject({ total: 0, totalPages: 0 });
    }
  });
});

describe('GET /api/locations/{id}', () => {
  it('returns one location with its marketplace currencies, the main one first', async () => {
    const harare = await findBySlug('harare');

    const response = await app.inject({ method: 'GET', url: `/api/locations/${harare.id}` });

    expect(response.statusCode).toBe(200);
    const { data } = response.json<GetLocationResponse>();
    expect(data).toMatchObject({
      id: harare.id,
      slug: 'harare',
      name: 'Harare',
      kind: 'city',
      parentId: null,
      countryCode: 'ZW',
      currencies: ['USD', 'ZWG'],
      timezone: 'Africa/Harare',
      isActive: true,
    });
    expect(Number.isNaN(Date.parse(data.createdAt))).toBe(false);
  });

  it('answers 404 in the error format for an id that does not exist', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/locations/00000000-0000-4000-8000-000000000000' });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ errors: { message: expect.any(String) } });
  });

  it('answers 400 for an id that is not a uuid', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/locations/not-a-uuid' });

    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorResponse>().errors.id).toEqual([expect.any(String)]);
  });
});

describe('writes without a signed-in operator', () => {
  const validBody = { name: 'Stellenbosch', countryCode: 'ZA', latitude: -33.9321, longitude: 18.8602 };

  // Authentication runs on request, before the body is parsed or validated: an anonymous
  // caller learns nothing about what a valid body would be.
  it.each([
    { method: 'POST', path: '', payload: validBody },
    { method: 'POST', path: '', payload: { name: '' } },
    { method: 'PUT', path: '/00000000-0000-4000-8000-000000000000', payload: validBody },
    { method: 'PUT', path: '/not-a-uuid', payload: { bogus: true } },
    { method: 'DELETE', path: '/00000000-0000-4000-8000-000000000000', payload: undefined },
    { method: 'DELETE', path: '/not-a-uuid', payload: undefined },
  ] as const)('$method /api/locations$path → 401', async ({ method, path, payload }) => {
    const response = await app.inject({ method, url: `/api/locations${path}`, payload });

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ errors: { message: expect.any(String) } });
  });

  it('answers 401 before even parsing a malformed JSON body', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/locations',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });

    expect(response.statusCode).toBe(401);
  });

  it('left the seeded cities untouched', async () => {
    expect((await list('')).meta.total).toBe(CITIES.length);
  });
});

describe('writes by role', () => {
  const validBody = { name: 'Stellenbosch', countryCode: 'ZA', latitude: -33.9321, longitude: 18.8602 };

  it.each([
    { method: 'POST', path: '', payload: validBody },
    { method: 'PUT', path: '/00000000-0000-4000-8000-000000000000', payload: validBody },
    { method: 'DELETE', path: '/00000000-0000-4000-8000-000000000000', payload: undefined },
  ] as const)('$method /api/locations$path by a shopper → 403', async ({ method, path, payload }) => {
    const shopper = await signUp(app, database, outbox, { identifier: `shopper-${method}@example.co.za` });
    const response = await app.inject({ method, url: `/api/locations${path}`, payload, headers: bearer(shopper) });

    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ errors: { message: 'You are not allowed to do this.' } });
  });

  it('lets an operator create, replace and delete a location', async () => {
    const operator = await signUp(app, database, outbox, { identifier: 'ops@example.co.za', roles: ['operator'] });
    const headers = bearer(operator);

    const created = await app.inject({ method: 'POST', url: '/api/locations', payload: validBody, headers });
    expect(created.statusCode).toBe(201);
    const { id, slug } = created.json<GetLocationResponse>().data;
    expect(slug).toBe('stellenbosch');

    const replaced = await app.inject({
      method: 'PUT',
      url: `/api/locations/${id}`,
      payload: { ...validBody, name: 'Stellenbosch Central' },
      headers,
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json<GetLocationResponse>().data.name).toBe('Stellenbosch Central');

    expect((await app.inject({ method: 'DELETE', url: `/api/locations/${id}`, headers })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/api/locations/${id}` })).statusCode).toBe(404);

    // Each write is in the audit log, by whom, with the location before and after.
    const log = await app.inject({
      method: 'GET',
      url: `/api/operator/audit-log?subjectType=location&subjectId=${id}`,
      headers,
    });
    const entries = log.json<{
      data: {
        action: string;
        actor: { label: string };
        before: { name?: string } | null;
        after: { name?: string } | null;
      }[];
    }>().data;
    expect(entries.map((entry) => entry.action)).toEqual(['location.delete', 'location.update', 'location.create']);
    expect(entries[1]).toMatchObject({
      actor: { label: 'ops@example.co.za' },
      before: { name: 'Stellenbosch' },
      after: { name: 'Stellenbosch Central' },
    });
    expect(entries[0]?.after).toBeNull();
  });

  it('writes nothing to the log when a write is refused', async () => {
    const operator = await signUp(app, database, outbox, { identifier: 'ops2@example.co.za', roles: ['operator'] });
    const headers = bearer(operator);
    const before = (
      await app.inject({ method: 'GET', url: '/api/operator/audit-log?subjectType=location', headers })
    ).json<{
      meta: { total: number };
    }>().meta.total;
    const refused = await app.inject({
      method: 'POST',
      url: '/api/locations',
      payload: { ...validBody, slug: 'nairobi' },
      headers,
    });
    expect(refused.statusCode).toBe(409);
    const after = (
      await app.inject({ method: 'GET', url: '/api/operator/audit-log?subjectType=location', headers })
    ).json<{
      meta: { total: number };
    }>().meta.total;
    expect(after).toBe(before);
  });
});

import type { SavedAddress } from '@malewa/contracts/addresses/saved-address';
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
  app = await buildTestApp(database);
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.destroy();
});

const nairobi = (label: string, extra: Record<string, unknown> = {}) => ({
  label,
  recipient: 'Achieng Odhiambo',
  phone: '0712 345 678',
  line: 'Argwings Kodhek Road 12',
  area: 'Kilimani',
  city: 'Nairobi',
  latitude: -1.2921,
  longitude: 36.8219,
  instructions: 'Green gate',
  ...extra,
});

async function shopper(identifier: string) {
  return { ...bearer(await signUp(app, database, outbox, { identifier })), 'x-store-id': 'KE' };
}

function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) {
  return app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

async function listOf(headers: Record<string, string>): Promise<SavedAddress[]> {
  const response = await call('GET', '/api/addresses', headers);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('private, no-store');
  return response.json<{ data: SavedAddress[] }>().data;
}

describe('saved addresses', () => {
  it('keeps a shopper’s addresses per market, with one default that moves and passes on', async () => {
    const me = await shopper('addresses@example.com');
    const home = (await call('POST', '/api/addresses', me, nairobi('Home'))).json<{ data: SavedAddress }>().data;
    expect(home).toMatchObject({ label: 'Home', countryCode: 'KE', isDefault: true, instructions: 'Green gate' });
    const work = await call('POST', '/api/addresses', me, nairobi('Work', { line: 'Moi Avenue 7', area: 'CBD' }));
    expect(work.statusCode, work.body).toBe(201);
    expect(work.json<{ data: SavedAddress }>().data.isDefault).toBe(false);
    expect((await listOf(me)).map((a) => [a.label, a.isDefault])).toEqual([
      ['Home', true],
      ['Work', false],
    ]);

    // Making Work the default takes it from Home.
    const workId = work.json<{ data: SavedAddress }>().data.id;
    const moved = await call('PUT', `/api/addresses/${workId}`, me, nairobi('Work', { isDefault: true }));
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await listOf(me)).map((a) => [a.label, a.isDefault])).toEqual([
      ['Work', true],
      ['Home', false],
    ]);
    // Forgetting the default hands it to the newest left.
    expect((await call('DELETE', `/api/addresses/${workId}`, me)).statusCode).toBe(200);
    expect((await listOf(me)).map((a) => [a.label, a.isDefault])).toEqual([['Home', true]]);

    // Another market has its own list (and its own default).
    expect(await listOf({ ...me, 'x-store-id': 'RW' })).toEqual([]);
  });

  it('is the shopper’s own: another’s address is not found, and no one unsigned gets any', async () => {
    const owner = await shopper('owner.address@example.com');
    const id = (await call('POST', '/api/addresses', owner, nairobi('Home'))).json<{ data: SavedAddress }>().data.id;
    const other = await shopper('other.address@example.com');
    expect((await call('PUT', `/api/addresses/${id}`, other, nairobi('Mine now'))).statusCode).toBe(404);
    expect((await call('DELETE', `/api/addresses/${id}`, other)).statusCode).toBe(404);
    expect(await listOf(other)).toEqual([]);
    expect((await call('GET', '/api/addresses', { 'x-store-id': 'KE' })).statusCode).toBe(401);
    expect((await listOf(owner)).map((a) => a.label)).toEqual(['Home']);
  });

  it('refuses a phone of another country, fields it does not know, and a pin off the map', async () => {
    const me = await shopper('careful.address@example.com');
    const southAfrican = await call('POST', '/api/addresses', me, nairobi('Home', { phone: '082 123 4567' }));
    expect(southAfrican.statusCode).toBe(400);
    expect(southAfrican.json<{ errors: Record<string, unknown> }>().errors.phone).toBeDefined();
    // Written with its own prefix it is still South African, not a number a Nairobi rider can call locally.
    const prefixed = await call('POST', '/api/addresses', me, nairobi('Home', { phone: '+27 82 123 4567' }));
    expect(prefixed.statusCode).toBe(400);
    const owned = await call('POST', '/api/addresses', me, nairobi('Home', { userId: crypto.randomUUID() }));
    expect(owned.statusCode).toBe(400);
    expect((await call('POST', '/api/addresses', me, nairobi('Home', { latitude: 120 }))).statusCode).toBe(400);
    expect((await call('POST', '/api/addresses', { ...me, 'x-store-id': 'XX' }, nairobi('Home'))).statusCode).toBe(400);
    expect(await listOf(me)).toEqual([]);
  });

  it('are in the OpenAPI document', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    }>();
    expect(document.paths['/api/addresses']?.post?.requestBody).toBeDefined();
    expect(document.paths['/api/addresses/{id}']?.put?.requestBody).toBeDefined();
    expect(document.paths['/api/addresses/{id}']?.delete).toBeDefined();
  });
});

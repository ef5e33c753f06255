import { randomUUID } from 'node:crypto';
import type { SavedAddress } from '@malewa/contracts/addresses/saved-address';
import type { ListProvidersResponse } from '@malewa/contracts/catalog/list-catalog';
import { type Database, openDatabase } from '@malewa/db/database';
import { seedCatalogIfEmpty } from '@malewa/db/seed/seed-catalog';
import { seedIfEmpty } from '@malewa/db/seed/seed-if-empty';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { bearer, signUp } from '#api/testing/accounts.ts';
import { createTestOutbox } from '#api/testing/outbox.ts';
import { buildTestApp } from '#api/testing/test-app.ts';

const adminUrl = inject('testDatabaseUrl');
const NOW = new Date('2026-11-24T09:30:00Z');

/**
 * With DATABASE_READ_URL, the catalog is read from the replica and a shopper's own data from
 * the primary. The "replica" is a copy of the primary taken after seeding, so a name changed in
 * it alone shows which database a page was read from.
 */
describe.skipIf(!adminUrl)('the API with a read replica (PostgreSQL)', () => {
  const primaryName = `malewa_test_${randomUUID().replaceAll('-', '')}`;
  const replicaName = `${primaryName}_replica`;
  const urlOf = (name: string) => Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  const admin = async (...statements: string[]) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      for (const statement of statements) await client.query(statement);
    } finally {
      await client.end();
    }
  };
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    await admin(`create database "${primaryName}"`);
    const seeding = openDatabase({ kind: 'postgres', url: urlOf(primaryName), poolMax: 2, statementTimeoutMs: 10_000 });
    await seeding.migrate();
    await seedIfEmpty(seeding.db);
    await seedCatalogIfEmpty(seeding.db, { now: NOW });
    await seeding.close();
    await admin(`create database "${replicaName}" template "${primaryName}"`);
    const replica = new pg.Client({ connectionString: urlOf(replicaName) });
    await replica.connect();
    await replica.query(`update providers set name = 'Read from the replica' where service = 'food'`);
    await replica.end();

    database = openDatabase({
      kind: 'postgres',
      url: urlOf(primaryName),
      poolMax: 4,
      statementTimeoutMs: 10_000,
      replica: { url: urlOf(replicaName), maxLagMs: 5_000, checkMs: 60_000 },
    });
    for (let i = 0; i < 100 && !database.stats().replica?.inUse; i++) await new Promise((r) => setTimeout(r, 20));
    app = await buildTestApp(database, { now: () => NOW });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await admin(
      `drop database if exists "${primaryName}" with (force)`,
      `drop database if exists "${replicaName}" with (force)`,
    );
  });

  it('reads catalog lists from the replica', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/food/kitchens', headers: { 'x-store-id': 'KE' } });
    expect(response.statusCode, response.body).toBe(200);
    const names = new Set(response.json<ListProvidersResponse>().data.map((kitchen) => kitchen.name));
    expect([...names]).toEqual(['Read from the replica']);
  });

  it("reads a shopper's own data from the primary, right after writing it", async () => {
    const outbox = await createTestOutbox(database);
    const me = {
      ...bearer(await signUp(app, database, outbox, { identifier: 'replica@example.com' })),
      'x-store-id': 'KE',
    };
    const created = await app.inject({
      method: 'POST',
      url: '/api/addresses',
      headers: me,
      payload: {
        label: 'Home',
        recipient: 'Achieng Odhiambo',
        phone: '0712 345 678',
        line: 'Argwings Kodhek Road 12',
        area: 'Kilimani',
        city: 'Nairobi',
        latitude: -1.2921,
        longitude: 36.8219,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const listed = await app.inject({ method: 'GET', url: '/api/addresses', headers: me });
    expect(listed.json<{ data: SavedAddress[] }>().data.map((address) => address.label)).toEqual(['Home']);
    // The account and its address exist on the primary only: the replica was copied before.
    expect(database.stats().replica).toMatchObject({ inUse: true, fallbacks: { down: 0, lagging: 0 } });
  });
});

import { seedIfEmpty } from '@malewa/db/seed/seed-if-empty';
import type { TestDatabase } from '@malewa/db/testing/test-database';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorCommandDeps } from '#api/admin/run-admin-command.ts';
import { signIn } from '#api/testing/accounts.ts';
import { buildTestApp, createFileDatabase, TEST_CONFIG } from '#api/testing/test-app.ts';
import { createOperator } from './create-operator.ts';

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createFileDatabase();
  await seedIfEmpty(database.db);
  app = await buildTestApp(database);
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.destroy();
});

describe('createOperator', () => {
  it('creates a confirmed operator who can sign in and write locations', async () => {
    const deps = operatorCommandDeps(database, TEST_CONFIG.auth);
    const result = await createOperator(deps, {
      identifier: 'Ops@Malewa.example',
      password: async () => 'a long operator secret',
    });
    expect(result).toEqual({ outcome: 'created', identifier: 'ops@malewa.example' });

    const session = await signIn(app, 'ops@malewa.example', 'a long operator secret');
    expect([...session.user.roles].sort()).toEqual(['customer', 'operator']);
    const created = await app.inject({
      method: 'POST',
      url: '/api/locations',
      headers: { authorization: `Bearer ${session.accessToken}` },
      payload: { name: 'Tsabong Test Area', countryCode: 'BW', latitude: -26.05, longitude: 22.45 },
    });
    expect(created.statusCode).toBe(201);
  });

  it('promotes an existing account without asking for or changing its password', async () => {
    const deps = operatorCommandDeps(database, TEST_CONFIG.auth);
    await createOperator(deps, { identifier: '+267 71 234 568', password: async () => 'first password here' });
    const again = await createOperator(deps, {
      identifier: '+26771234568',
      password: async () => {
        throw new Error('must not ask');
      },
    });
    expect(again).toEqual({ outcome: 'promoted', identifier: '+26771234568' });
    expect((await signIn(app, '+26771234568', 'first password here')).user.market).toBe('BW');
  });

  it('refuses a common password', async () => {
    const deps = operatorCommandDeps(database, TEST_CONFIG.auth);
    await expect(
      createOperator(deps, { identifier: 'weak@malewa.example', password: async () => 'password123' }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

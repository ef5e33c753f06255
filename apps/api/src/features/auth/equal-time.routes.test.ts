import { seedIfEmpty } from '@malewa/db/seed/seed-if-empty';
import type { TestDatabase } from '@malewa/db/testing/test-database';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshAddress, fromAddress, signUp } from '#api/testing/accounts.ts';
import { createTestOutbox, type TestOutbox } from '#api/testing/outbox.ts';
import { buildTestApp, createFileDatabase, TEST_CONFIG } from '#api/testing/test-app.ts';

/**
 * Each enumeration-safe endpoint answers through the floor on both paths: about an account
 * that exists and about an identifier that does not, it waits out what is left of the floor.
 * (How long the two paths take is measured by `npm run bench:enumeration`, not here.)
 */
let database: TestDatabase;
let app: FastifyInstance;
let outbox: TestOutbox;
const waits: number[] = [];

beforeAll(async () => {
  database = await createFileDatabase();
  await seedIfEmpty(database.db);
  app = await buildTestApp(database, {
    config: { ...TEST_CONFIG, auth: { ...TEST_CONFIG.auth, answerFloorMs: 60_000 } },
    wait: async (ms) => {
      waits.push(ms);
    },
  });
  await app.ready();
  outbox = await createTestOutbox(database);
});

afterAll(async () => {
  await app?.close();
  await outbox?.destroy();
  await database?.destroy();
});

const post = (url: string, payload: object) =>
  app.inject({ method: 'POST', url, payload, headers: fromAddress(freshAddress()) });

describe('the answer floor', () => {
  it('is waited out about accounts that exist and identifiers that do not alike', async () => {
    const known = await signUp(app, database, outbox, { identifier: `floor-${Date.now()}@example.co.za` });
    const identifier = known.credential.identifier;
    const nobody = `nobody-${Date.now()}@example.co.za`;
    const cases: Array<[string, object, object]> = [
      [
        '/auth/account/register',
        { name: 'A', surname: 'B', credential: { identifier, secret: 'a fine password' } },
        { name: 'A', surname: 'B', credential: { identifier: nobody, secret: 'a fine password' } },
      ],
      ['/auth/reset/request', { identifier }, { identifier: nobody }],
      ['/auth/verification/request', { identifier }, { identifier: nobody }],
      ['/auth/verification/confirm', { identifier, token: '000000' }, { identifier: nobody, token: '000000' }],
    ];
    for (const [url, aboutKnown, aboutNobody] of cases) {
      for (const payload of [aboutKnown, aboutNobody]) {
        waits.length = 0;
        const response = await post(url, payload);
        expect(response.statusCode, url).toBeLessThan(500);
        expect(waits, `${url} ${JSON.stringify(payload)}`).toHaveLength(1);
        expect(waits[0]).toBeGreaterThan(59_000);
      }
    }
  });
});

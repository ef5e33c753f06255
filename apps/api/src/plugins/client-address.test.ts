import { STOREFRONT_SECRET_HEADER } from '@malewa/contracts/storefront-header';
import type { TestDatabase } from '@malewa/db/testing/test-database';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { buildTestApp, createFileDatabase, TEST_CONFIG } from '../testing/test-app.ts';

let database: TestDatabase;
let app: FastifyInstance;
let withoutSecret: FastifyInstance;

async function echoing(built: Promise<FastifyInstance>): Promise<FastifyInstance> {
  const instance = await built;
  instance.get('/test/who', async (request) => ({ address: request.clientAddress }));
  await instance.ready();
  return instance;
}

beforeAll(async () => {
  database = await createFileDatabase();
  app = await echoing(buildTestApp(database));
  withoutSecret = await echoing(buildApp({ config: { ...TEST_CONFIG, storefrontSecret: undefined }, database }));
});

afterAll(async () => {
  await app?.close();
  await withoutSecret?.close();
  await database?.destroy();
});

const who = async (instance: FastifyInstance, headers: Record<string, string>) =>
  (await instance.inject({ method: 'GET', url: '/test/who', headers, remoteAddress: '127.0.0.1' })).json<{
    address: string;
  }>().address;

describe('the client address', () => {
  it('is the one the storefront names when it proves itself with the shared secret', async () => {
    const headers = {
      'x-forwarded-for': '203.0.113.9',
      [STOREFRONT_SECRET_HEADER]: TEST_CONFIG.storefrontSecret ?? '',
    };
    expect(await who(app, headers)).toBe('203.0.113.9');
  });

  it('is the connection’s own for any other local caller, whatever X-Forwarded-For says', async () => {
    expect(await who(app, { 'x-forwarded-for': '203.0.113.9' })).toBe('127.0.0.1');
    expect(await who(app, { 'x-forwarded-for': '203.0.113.9', [STOREFRONT_SECRET_HEADER]: 'a guess' })).toBe(
      '127.0.0.1',
    );
    expect(
      await who(app, {
        'x-forwarded-for': 'not-an-address',
        [STOREFRONT_SECRET_HEADER]: TEST_CONFIG.storefrontSecret ?? '',
      }),
    ).toBe('127.0.0.1');
  });

  it('is never taken from a header when no secret is configured', async () => {
    expect(await who(withoutSecret, { 'x-forwarded-for': '203.0.113.9', [STOREFRONT_SECRET_HEADER]: '' })).toBe(
      '127.0.0.1',
    );
  });
});

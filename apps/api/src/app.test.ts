import type { TestDatabase } from '@malewa/db/testing/test-database';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createFileDatabase } from './testing/test-app.ts';

let database: TestDatabase;
let app: FastifyInstance;
let accepting = true;

beforeAll(async () => {
  database = await createFileDatabase();
  app = await buildTestApp(database, { isAccepting: () => accepting });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.destroy();
});

describe('probes', () => {
  it('GET /healthz says the process is alive', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz is 200 while accepting and the database answers', async () => {
    const response = await app.inject({ method: 'GET', url: '/readyz' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', checks: { database: 'up', accepting: true } });
  });

  it('GET /readyz is 503 once shutdown has begun, though the database is up', async () => {
    accepting = false;
    try {
      const response = await app.inject({ method: 'GET', url: '/readyz' });

      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unavailable', checks: { database: 'up', accepting: false } });
    } finally {
      accepting = true;
    }
  });

  it('asks clients to close their connection once shutdown has begun', async () => {
    expect((await app.inject({ method: 'GET', url: '/healthz' })).headers.connection).not.toBe('close');
    accepting = false;
    try {
      const response = await app.inject({ method: 'GET', url: '/healthz' });

      expect(response.statusCode).toBe(200);
      expect(response.headers.connection).toBe('close');
    } finally {
      accepting = true;
    }
  });

  it('GET /readyz is 503 when the database does not answer', async () => {
    const unreachable = { ...database, ping: () => Promise.reject(new Error('connection refused')) };
    const other = await buildTestApp(unreachable);
    try {
      const response = await other.inject({ method: 'GET', url: '/readyz' });

      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unavailable', checks: { database: 'down', accepting: true } });
    } finally {
      await other.close();
    }
  });
});

describe('GET /auth/ping', () => {
  it('answers pong with the server time', async () => {
    const before = Date.now();
    const response = await app.inject({ method: 'GET', url: '/auth/ping' });

    expect(response.statusCode).toBe(200);
    const body = response.json<{ data: { pong: boolean; time: string } }>();
    expect(body.data.pong).toBe(true);
    expect(Date.parse(body.data.time)).toBeGreaterThanOrEqual(before - 1000);
  });
});

describe('GET /api/docs/json', () => {
  it('is an OpenAPI 3.1 document describing the routes', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });

    expect(response.statusCode).toBe(200);
    const document = response.json<{
      openapi: string;
      info: { title: string };
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
    }>();
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toBe('Malewa API');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/locations', '/api/locations/{id}', '/auth/ping', '/healthz', '/readyz']),
    );
    expect(Object.keys(document.paths['/api/locations'] ?? {})).toEqual(expect.arrayContaining(['get', 'post']));
    expect(Object.keys(document.paths['/api/locations/{id}'] ?? {})).toEqual(
      expect.arrayContaining(['get', 'put', 'delete']),
    );
    const listParameters = document.paths['/api/locations']?.get?.parameters?.map((p) => `${p.in}:${p.name}`);
    expect(listParameters).toEqual(
      expect.arrayContaining(['query:page', 'query:perPage', 'query:sortBy', 'query:order', 'query:searchKeyword']),
    );
  });

  it('says which moves a client may send again', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = response.json<{ paths: Record<string, Record<string, { description?: string }>> }>().paths;

    for (const path of [
      '/api/provider/orders/{id}/accept',
      '/api/provider/orders/{id}/reject',
      '/api/provider/orders/{id}/advance',
      '/api/rider/jobs/{id}/accept',
      '/api/rider/jobs/{id}/picked-up',
    ]) {
      expect(paths[path]?.post?.description, path).toMatch(/Repeatable: /);
    }
    // Not the handover: a wrong code sent again would count as a second wrong try.
    expect(paths['/api/rider/jobs/{id}/delivered']?.post?.description ?? '').not.toMatch(/Repeatable/);
    expect(paths['/api/locations']?.post?.description ?? '').not.toMatch(/Repeatable/);
  });

  it('does not list the docs pages themselves', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });

    expect(Object.keys(response.json<{ paths: object }>().paths).some((path) => path.startsWith('/api/docs'))).toBe(
      false,
    );
  });
});

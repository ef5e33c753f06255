import { Writable } from 'node:stream';
import type { TestDatabase } from '@malewa/db/testing/test-database';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createFileDatabase } from '#api/testing/test-app.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('X-Request-Id', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    database = await createFileDatabase();
    // The log as production writes it (JSON lines), kept to be read back.
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    app = await buildTestApp(database, { logger: { level: 'info', stream } });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await database?.destroy();
  });

  const linesOf = (id: string) => lines.filter((line) => line.reqId === id);

  it('keeps a sane id from the caller: the answer says it, and so does every log line of the request', async () => {
    const id = 'storefront-7f3a.9:c1';
    const answer = await app.inject({ method: 'GET', url: '/api/locations', headers: { 'x-request-id': id } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['x-request-id']).toBe(id);
    const logged = linesOf(id);
    expect(logged.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    expect(logged[1]).toMatchObject({ res: { statusCode: 200 } });
  });

  it('makes one when the caller sent none, or one not to be believed', async () => {
    const without = await app.inject({ method: 'GET', url: '/api/locations' });
    const made = String(without.headers['x-request-id']);
    expect(made).toMatch(UUID);
    expect(linesOf(made)).toHaveLength(2);

    for (const bad of ['two words', 'x'.repeat(129), 'a"b']) {
      const answer = await app.inject({ method: 'GET', url: '/api/locations', headers: { 'x-request-id': bad } });
      expect(answer.headers['x-request-id']).toMatch(UUID);
      expect(linesOf(bad)).toHaveLength(0);
    }
  });

  it('is on every answer: a 404 of no route, a refusal, an undecodable address', async () => {
    for (const url of ['/no/such/route', '/api/orders', '/api/locations/%E0%A4%A']) {
      const answer = await app.inject({ method: 'GET', url, headers: { 'x-request-id': 'every-answer' } });
      expect(answer.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(answer.headers['x-request-id'], url).toBe('every-answer');
    }
  });
});

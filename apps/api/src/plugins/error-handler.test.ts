import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import type { ErrorResponse } from '@malewa/contracts/errors';
import type { TestDatabase } from '@malewa/db/testing/test-database';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../app.ts';
import { AppError } from '../app-error.ts';
import { buildTestApp, createFileDatabase, TEST_CONFIG } from '../testing/test-app.ts';

const SECRET = 'connection to 10.0.0.7 refused for user malewa_admin';

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createFileDatabase();
  app = await buildTestApp(database);
  // Throwaway routes, registered before ready(), so that each failure can be provoked on purpose.
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post('/test/echo', { schema: { body: z.object({ name: z.string().min(2) }) } }, async (request) => ({
    data: request.body,
  }));
  typed.get('/test/crash', async () => {
    throw new Error(SECRET);
  });
  typed.get('/test/unavailable', async () => {
    throw new AppError('UNAVAILABLE', SECRET);
  });
  typed.get('/test/conflict', async () => {
    throw new AppError('CONFLICT', 'This slug is taken.', { fields: { slug: ['This slug is taken.'] } });
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.destroy();
});

describe('error handling', () => {
  it('answers an unknown route with 404 in the error format', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/nowhere?x=1' });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ errors: { message: 'No route for GET /api/nowhere' } });
  });

  it('does not treat a trailing slash as the same route', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz/' });

    expect(response.statusCode).toBe(404);
  });

  // These fail before routing, where Fastify answers in its own format unless told otherwise.
  it.each([
    ['an undecodable URL', '/api/locations/%zz'],
    ['a path parameter over the length limit', `/api/locations/${'a'.repeat(300)}`],
  ])('answers %s with 400 in the error format', async (_what, url) => {
    const response = await app.inject({ method: 'GET', url });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: { message: 'This URL is not valid.' } });
  });

  it('answers malformed JSON with 400 and a message', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: { message: expect.any(String) } });
  });

  it('answers a route that needs a body, sent none (under the JSON content type every call carries), with 400', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: { body: [expect.any(String)] } });
  });

  it('answers an invalid field with 400 and a message per field', async () => {
    const response = await app.inject({ method: 'POST', url: '/test/echo', payload: { name: 'x' } });

    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorResponse>().errors).toEqual({ name: [expect.any(String)] });
  });

  it('accepts a valid body (the throwaway route works)', async () => {
    const response = await app.inject({ method: 'POST', url: '/test/echo', payload: { name: 'Kigali' } });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { name: 'Kigali' } });
  });

  it('answers a body over the limit with 413', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/test/echo',
      payload: { name: 'x'.repeat(TEST_CONFIG.bodyLimitBytes) },
    });

    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ errors: { message: 'The request body is too large.' } });
  });

  it('answers a body that is not JSON with 415', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/test/echo',
      headers: { 'content-type': 'application/xml' },
      payload: '<name>Kigali</name>',
    });

    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ errors: { message: expect.any(String) } });
  });

  it('passes on the fields of an AppError with its status', async () => {
    const response = await app.inject({ method: 'GET', url: '/test/conflict' });

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ errors: { slug: ['This slug is taken.'] } });
  });

  it('answers an unexpected error with 500 and a generic message, revealing nothing', async () => {
    const response = await app.inject({ method: 'GET', url: '/test/crash' });

    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ errors: { message: 'Something went wrong on our side. Please try again.' } });
    expect(response.body).not.toContain('10.0.0.7');
    expect(response.body).not.toMatch(/stack|error\.ts|at /i);
  });

  it('hides the message of a deliberate 5xx AppError too', async () => {
    const response = await app.inject({ method: 'GET', url: '/test/unavailable' });

    expect(response.statusCode).toBe(503);
    expect(response.json<ErrorResponse>().errors.message).not.toContain('10.0.0.7');
  });
});

/** Raw bytes to a listening server, and everything it answers until it hangs up. */
function rawExchange(port: number, request: string, trickle = false): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = '';
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(request);
      if (!trickle) return;
      // One byte every 200 ms of a 100-byte body: 20 s, far past the 1 s limit.
      const timer = setInterval(() => socket.writable && socket.write('a'), 200);
      socket.on('close', () => clearInterval(timer));
    });
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    socket.on('close', () => resolve(answer));
    socket.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNRESET' ? resolve(answer) : reject(error),
    );
  });
}

describe('what Node refuses before any route', () => {
  let listening: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    listening = await buildApp({ config: { ...TEST_CONFIG, requestTimeoutMs: 1000 }, database });
    await listening.listen({ host: '127.0.0.1', port: 0 });
    port = (listening.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await listening?.close();
  });

  it('cuts a body trickled past the request timeout with 408 in the error format', async () => {
    const answer = await rawExchange(
      port,
      'POST /api/contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n',
      true,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain('X-Content-Type-Options: nosniff');
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      errors: { message: 'The request took too long.' },
    });
  });

  it('answers a request that is not HTTP with 400 in the error format', async () => {
    const answer = await rawExchange(port, 'GARBAGE\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      errors: { message: 'The request is not valid HTTP.' },
    });
  });
});

describe('headers of every answer', () => {
  it('forbid sniffing and caching, on success and on error alike', async () => {
    for (const url of ['/healthz', '/api/no-such-route', '/test/crash']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });
});

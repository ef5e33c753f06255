import type { ErrorResponse } from '@malewa/contracts/errors';
import type { TestDatabase } from '@malewa/db/testing/test-database';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
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

  it('answers an empty JSON body with 400', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: { message: expect.any(String) } });
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

import { createServer } from 'node:net';
import { listLocationsEndpoint } from '@malewa/contracts/locations/list-locations';
import { RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { loadWebConfig } from '#app/config.server.ts';
import { configContext } from '#app/context.ts';
import { ApiError, apiClientOptionsFor, createApiClient } from '../api-client/api-client.server.ts';
import { apiUnavailableMiddleware } from './api-unavailable.server.ts';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Runs the middleware around a page whose loader calls the API through the request's client,
 * answered by `api` (a fetch), and renders `status` when the call fails as it does.
 */
async function page(api: typeof fetch | 'unreachable', rendered: (failed: boolean) => number): Promise<Response> {
  const origin = `http://127.0.0.1:${await freePort()}`;
  const context = new RouterContextProvider();
  context.set(configContext, loadWebConfig({ BASE_API_URL: `${origin}/api`, AUTH_API_URL: `${origin}/auth` }));
  const request = new Request('http://shop.test/food/meals');
  return (await apiUnavailableMiddleware(
    { request, context, params: {}, url: new URL(request.url), unstable_pattern: '' } as never,
    async () => {
      const options = apiClientOptionsFor(context, request);
      const client = createApiClient(api === 'unreachable' ? options : { ...options, fetch: api });
      const failed = await client.call(listLocationsEndpoint, {}).then(
        () => false,
        (error: unknown) => error instanceof ApiError,
      );
      return new Response('page', { status: rendered(failed) });
    },
  )) as Response;
}

const answering =
  (status: number, headers: Record<string, string> = {}): typeof fetch =>
  async () =>
    new Response(JSON.stringify({ errors: { message: 'The service is temporarily unavailable.' } }), {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    });

describe('a page failed by an API that could not serve it', () => {
  it('is a 503 with the API’s Retry-After, not a 500', async () => {
    const response = await page(answering(503, { 'retry-after': '7' }), (failed) => (failed ? 500 : 200));
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('7');
    expect(await response.text()).toBe('page');
  });

  it('is a 503 with a short Retry-After when the API could not be reached or its balancer had none', async () => {
    for (const api of ['unreachable', answering(502)] as const) {
      const response = await page(api, (failed) => (failed ? 500 : 200));
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('2');
    }
  });

  it('keeps its own status when it coped, or when the API said something else', async () => {
    expect((await page(answering(503), () => 200)).status).toBe(200);
    const refused = await page(answering(500), (failed) => (failed ? 500 : 200));
    expect(refused.status).toBe(500);
    expect(refused.headers.get('retry-after')).toBeNull();
  });
});

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mergeGuestCartEndpoint } from '@malewa/contracts/carts/merge-guest-cart';
import { applyToJoinEndpoint } from '@malewa/contracts/join/apply-to-join';
import { createLocationEndpoint } from '@malewa/contracts/locations/create-location';
import { getLocationEndpoint } from '@malewa/contracts/locations/get-location';
import { listLocationsEndpoint } from '@malewa/contracts/locations/list-locations';
import { advanceOrderEndpoint } from '@malewa/contracts/orders/provider-order-moves';
import { streamOrderEventsEndpoint } from '@malewa/contracts/orders/stream-order-events';
import { STOREFRONT_SECRET_HEADER } from '@malewa/contracts/storefront-header';
import { pingEndpoint } from '@malewa/contracts/system/ping';
import { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadWebConfig } from '#app/config.server.ts';
import { configContext, requestIdContext } from '#app/context.ts';
import { ApiError, apiClientOptionsFor, createApiClient } from './api-client.server.ts';

// The client is tested against the real API, started as its own process on PGlite.
const repoRoot = fileURLToPath(new URL('../../../../../', import.meta.url));
let api: ChildProcess;
let origin: string;
let dataDir: string;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

beforeAll(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(join(tmpdir(), 'malewa-api-client-'));
  api = spawn(process.execPath, ['apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      API_HOST: '127.0.0.1',
      API_PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      METRICS_PORT: 'off',
    },
    stdio: 'inherit',
  });
  for (let i = 0; i < 240; i++) {
    const ready = await fetch(`${origin}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the API did not become ready');
});

afterAll(async () => {
  if (api && api.exitCode === null) {
    const exited = new Promise((resolve) => api.once('exit', resolve));
    api.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

function client(overrides: Partial<Parameters<typeof createApiClient>[0]> = {}) {
  return createApiClient({
    baseApiUrl: `${origin}/api`,
    authApiUrl: `${origin}/auth`,
    timeoutMs: 30_000,
    storeId: 'ZA',
    storeLocation: 'johannesburg',
    ...overrides,
  });
}

describe('calls of the contracts’ endpoints', () => {
  it('fills the path from its params and reads the answer of its status', async () => {
    const asked: string[] = [];
    const api = client({
      fetch: (input, init) => {
        asked.push(`${init?.method} ${new URL(String(input)).pathname}${new URL(String(input)).search}`);
        return fetch(input, init);
      },
    });
    const list = await api.call(listLocationsEndpoint, { query: { perPage: 1, sortBy: 'name' } });
    const first = list.data[0];
    if (!first) throw new Error('no location');
    const one = await api.call(getLocationEndpoint, { params: { id: first.id } });
    expect(one.data).toEqual(first);
    expect(asked).toEqual(['GET /api/locations?perPage=1&sortBy=name', `GET /api/locations/${first.id}`]);
  });

  it('refuses what the endpoint would refuse before sending it, naming the fields', async () => {
    let sent = 0;
    const api = client({
      fetch: (input, init) => {
        sent++;
        return fetch(input, init);
      },
    });
    const refused = await api
      .call(createLocationEndpoint, {
        // What a careless form would send: checked here, never sent.
        body: { name: 'X', countryCode: 'QQ', latitude: 100, longitude: 0 } as never,
      })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(400);
    expect(Object.keys((refused as ApiError).errors)).toEqual(
      expect.arrayContaining(['name', 'countryCode', 'latitude']),
    );
    expect(sent).toBe(0);
  });

  it('takes an answer whose status the endpoint does not declare for a failure', async () => {
    const api = client({
      fetch: () =>
        Promise.resolve(new Response('{"data":[]}', { status: 200, headers: { 'content-type': 'application/json' } })),
    });
    const body = { name: 'Kisumu', countryCode: 'KE' as const, latitude: -0.1, longitude: 34.76 };
    await expect(api.call(createLocationEndpoint, { body })).rejects.toMatchObject({ status: 502 });
  });

  it('opens a stream of an endpoint: its path and query filled, checked first, the answer unread', async () => {
    const asked: { url: URL; accept: string | null }[] = [];
    const api = client({
      fetch: (input, init) => {
        asked.push({ url: new URL(String(input)), accept: new Headers(init?.headers).get('accept') });
        return fetch(input, init);
      },
    });
    const id = '0b5f2a4e-8a3b-4c7d-9e1f-2a3b4c5d6e7f';
    const stream = await api.openStream(streamOrderEventsEndpoint, {
      params: { id },
      query: { after: 3 },
      headers: { 'Last-Event-ID': '7' },
    });
    // No one is signed in: refused as JSON before any event.
    expect(stream.status).toBe(401);
    await stream.body?.cancel();
    expect(asked.map(({ url }) => `${url.pathname}${url.search}`)).toEqual([`/api/orders/${id}/events?after=3`]);
    expect(asked[0]?.accept).toBe('text/event-stream');
    const refused = await api
      .openStream(streamOrderEventsEndpoint, { params: { id: 'not-an-id' } })
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 400 });
    expect(asked).toHaveLength(1);
  });
});

/** A location the API would take from an operator. */
const A_LOCATION = {
  name: 'Probe Town',
  countryCode: 'ZA',
  latitude: -26.2,
  longitude: 28.04,
} as const;

describe('the server-side API client', () => {
  it('names the shopper address only together with the storefront secret', async () => {
    const sent: Headers[] = [];
    const spyingFetch: typeof fetch = (input, init) => {
      sent.push(new Headers(init?.headers));
      return fetch(input, init);
    };
    const secret = 'a-storefront-secret-of-at-least-32-chars';
    await client({ fetch: spyingFetch, clientAddress: '203.0.113.7', storefrontSecret: secret }).call(
      listLocationsEndpoint,
      { query: { perPage: 1 } },
    );
    await client({ fetch: spyingFetch, clientAddress: '203.0.113.7' }).call(listLocationsEndpoint, {
      query: { perPage: 1 },
    });
    expect(sent[0]?.get('x-forwarded-for')).toBe('203.0.113.7');
    expect(sent[0]?.get(STOREFRONT_SECRET_HEADER)).toBe(secret);
    expect(sent[1]?.get('x-forwarded-for')).toBeNull();
    expect(sent[1]?.get(STOREFRONT_SECRET_HEADER)).toBeNull();
  });

  it('sends the specification headers and reads a list with its meta', async () => {
    let sent: Headers | undefined;
    const spyingFetch: typeof fetch = (input, init) => {
      sent = new Headers(init?.headers);
      return fetch(input, init);
    };
    const body = await client({ fetch: spyingFetch, accessToken: 'token-123' }).call(listLocationsEndpoint, {
      query: { perPage: 2, searchKeyword: '' },
    });
    expect(body.data).toHaveLength(2);
    expect(body.meta.perPage).toBe(2);
    expect(body.meta.total).toBeGreaterThan(2);
    expect(sent?.get('accept')).toBe('application/json');
    expect(sent?.get('content-type')).toBe('application/json');
    expect(sent?.get('authorization')).toBe('Bearer token-123');
    expect(sent?.get('x-store-id')).toBe('ZA');
    expect(sent?.get('x-store-location')).toBe('johannesburg');
  });

  it('sends a read again once when the API answers 408, and never a form', async () => {
    const asked: string[] = [];
    // The API's request timeout, as Node answers it on a connection it closes.
    const timingOut =
      (times: number): typeof fetch =>
      (input, init) => {
        asked.push(init?.method ?? 'GET');
        if (asked.length <= times) {
          return Promise.resolve(
            new Response('{"errors":{"message":"The request took too long."}}', {
              status: 408,
              headers: { 'content-type': 'application/json' },
            }),
          );
        }
        return fetch(input, init);
      };
    const body = await client({ fetch: timingOut(1) }).call(listLocationsEndpoint, { query: { perPage: 1 } });
    expect(body.data).toHaveLength(1);
    expect(asked).toEqual(['GET', 'GET']);

    asked.length = 0;
    await expect(
      client({ fetch: timingOut(2) }).call(listLocationsEndpoint, { query: { perPage: 1 } }),
    ).rejects.toMatchObject({ status: 408 });
    expect(asked).toEqual(['GET', 'GET']);

    asked.length = 0;
    await expect(
      client({ fetch: timingOut(1) }).call(createLocationEndpoint, { body: A_LOCATION }),
    ).rejects.toMatchObject({ status: 408 });
    expect(asked).toEqual(['POST']);
  });

  it('sends a call under an Idempotency-Key again while the API is gone, and no other call', async () => {
    const asked: string[] = [];
    // An API process killed mid-way: no answer at all, then the balancer's 502, then the API.
    const dying =
      (failures: number): typeof fetch =>
      (input, init) => {
        asked.push(init?.method ?? 'GET');
        if (asked.length === 1) return Promise.reject(new TypeError('fetch failed'));
        if (asked.length <= failures) return Promise.resolve(new Response('<html>Bad Gateway</html>', { status: 502 }));
        return fetch(input, init);
      };
    const keyed = { body: A_LOCATION, headers: { 'idempotency-key': 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d' } };
    // The API's own answer (unauthorised here) comes back after the third try.
    await expect(client({ fetch: dying(2) }).call(createLocationEndpoint, keyed)).rejects.toMatchObject({
      status: 401,
    });
    expect(asked).toEqual(['POST', 'POST', 'POST']);

    // Without a key, a form is sent once: it may have been done.
    asked.length = 0;
    await expect(client({ fetch: dying(2) }).call(createLocationEndpoint, { body: A_LOCATION })).rejects.toMatchObject({
      status: 503,
    });
    expect(asked).toEqual(['POST']);

    // And a keyed call gives up after its last try, with what the last one got.
    asked.length = 0;
    await expect(client({ fetch: dying(99) }).call(createLocationEndpoint, keyed)).rejects.toMatchObject({
      status: 502,
    });
    expect(asked).toHaveLength(5);
  });

  it('sends a repeatable move again while the API is gone, but not after the API’s own 409', async () => {
    const asked: string[] = [];
    const answering =
      (...answers: (number | 'none' | 'api')[]): typeof fetch =>
      (input, init) => {
        asked.push(init?.method ?? 'GET');
        const answer = answers[asked.length - 1] ?? 'api';
        if (answer === 'none') return Promise.reject(new TypeError('fetch failed'));
        if (answer === 'api') return fetch(input, init);
        return Promise.resolve(new Response('{"errors":{"message":"x"}}', { status: answer }));
      };
    const advance = { params: { id: '0b3f4a52-1c1e-4f4e-9a55-3a4a9d1e6c21' }, body: { to: 'preparing' as const } };
    // No answer, then the balancer's 502 and 504: the API's own answer (unauthorised here) stands.
    await expect(
      client({ fetch: answering('none', 502, 504) }).call(advanceOrderEndpoint, advance),
    ).rejects.toMatchObject({ status: 401 });
    expect(asked).toEqual(['POST', 'POST', 'POST', 'POST']);

    // A 409 says where the order is: sending the move again would not change it.
    asked.length = 0;
    await expect(client({ fetch: answering(409) }).call(advanceOrderEndpoint, advance)).rejects.toMatchObject({
      status: 409,
    });
    expect(asked).toEqual(['POST']);

    // And it gives up after its last try, with what the last one got.
    asked.length = 0;
    await expect(
      client({ fetch: answering(502, 502, 502, 502, 502, 502) }).call(advanceOrderEndpoint, advance),
    ).rejects.toMatchObject({ status: 502 });
    expect(asked).toHaveLength(5);
  });

  it('sends a call again only within its one timeout, and not after a try that used it up', async () => {
    const asked: string[] = [];
    const advance = { params: { id: '0b3f4a52-1c1e-4f4e-9a55-3a4a9d1e6c21' }, body: { to: 'preparing' as const } };
    // An API that never answers: the one try takes the whole timeout, and nothing is sent again.
    const hanging: typeof fetch = (_input, init) => {
      asked.push(init?.method ?? 'GET');
      return new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    };
    await expect(client({ fetch: hanging, timeoutMs: 1000 }).call(advanceOrderEndpoint, advance)).rejects.toMatchObject(
      {
        status: 503,
      },
    );
    expect(asked).toEqual(['POST']);

    // A balancer answering 502 at once, within 3.2 s: tries at 0, 0.25, 0.75 and 1.75 s; after the
    // next wait (2 s) less than the least try (1 s) would be left, so none starts.
    asked.length = 0;
    const refusing: typeof fetch = (_input, init) => {
      asked.push(init?.method ?? 'GET');
      return Promise.resolve(new Response('<html>Bad Gateway</html>', { status: 502 }));
    };
    await expect(
      client({ fetch: refusing, timeoutMs: 3200 }).call(advanceOrderEndpoint, advance),
    ).rejects.toMatchObject({ status: 502 });
    expect(asked).toEqual(['POST', 'POST', 'POST', 'POST']);
  });

  it('sends no Authorization header without a token', async () => {
    let sent: Headers | undefined;
    await client({
      fetch: (input, init) => {
        sent = new Headers(init?.headers);
        return fetch(input, init);
      },
    }).call(pingEndpoint, {});
    expect(sent?.has('authorization')).toBe(false);
  });

  it('posts a verb without a body under the spec’s JSON content type, and the API takes it (no 400)', async () => {
    let sent: Headers | undefined;
    const error = await client({
      fetch: (input, init) => {
        sent = new Headers(init?.headers);
        return fetch(input, init);
      },
    })
      .call(mergeGuestCartEndpoint, {})
      .catch((e: unknown) => e);
    expect(sent?.get('content-type')).toBe('application/json');
    // Refused for who is asking (no one is signed in), not for how the request was sent.
    expect((error as ApiError).status).toBe(401);
  });

  it('posts a form with files as multipart: no JSON type of ours, fetch sets the type with its boundary', async () => {
    let sent: Headers | undefined;
    const form = new FormData();
    form.set('application', '{}');
    form.set('id', new File([new Uint8Array([0x25, 0x50, 0x44, 0x46])], 'id.pdf', { type: 'application/pdf' }));
    const error = await client({
      fetch: (input, init) => {
        sent = new Headers(init?.headers);
        return fetch(input, init);
      },
    })
      .call(applyToJoinEndpoint, { params: { service: 'farm' }, body: form })
      .catch((e: unknown) => e);
    expect(sent?.get('content-type')).toBeNull();
    // Refused for who is asking (no one is signed in), not for how the form was sent (415).
    expect((error as ApiError).status).toBe(401);
  });

  it("turns the API's error body into an ApiError", async () => {
    // Sent as it is, past the client's own check: the API's answer is what is read.
    const error = await client({ accessToken: 'not-a-token' })
      .call(createLocationEndpoint, { body: A_LOCATION })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(typeof (error as ApiError).errors.message).toBe('string');
  });

  it('reports an unreachable API as a 503', async () => {
    const port = await freePort();
    const error = await client({ baseApiUrl: `http://127.0.0.1:${port}/api` })
      .call(listLocationsEndpoint, {})
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(503);
  });

  it('gives up after its timeout', async () => {
    // A peer that accepts the connection and never answers.
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const error = await client({ baseApiUrl: `http://127.0.0.1:${port}/api`, timeoutMs: 1000 })
        .call(listLocationsEndpoint, {})
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(503);
    } finally {
      silent.close();
    }
  });
});

describe('the client of a shopper’s request', () => {
  function contextWith(env: Record<string, string>) {
    const context = new RouterContextProvider();
    context.set(
      configContext,
      loadWebConfig({ BASE_API_URL: `${origin}/api`, AUTH_API_URL: `${origin}/auth`, ...env }),
    );
    return context;
  }

  async function storeIdSent(context: RouterContextProvider, cookie?: string) {
    const request = new Request('http://localhost/food', { headers: cookie ? { Cookie: cookie } : {} });
    let sent: Headers | undefined;
    await createApiClient({
      ...apiClientOptionsFor(context, request),
      fetch: (input, init) => {
        sent = new Headers(init?.headers);
        return fetch(input, init);
      },
    }).call(listLocationsEndpoint, { query: { perPage: 1 } });
    return sent?.get('x-store-id');
  }

  it('sends the market the shopper chose as X-STORE-ID', async () => {
    expect(await storeIdSent(contextWith({ STORE_ID: 'store-1' }), 'malewa_locale=fr; malewa_market=RW')).toBe('RW');
  });

  it('passes the shopper’s request id on to the API, which answers under it', async () => {
    const context = contextWith({});
    context.set(requestIdContext, 'web-7c1d.42');
    const sent: Headers[] = [];
    const answered: (string | null)[] = [];
    const api = createApiClient({
      ...apiClientOptionsFor(context, new Request('http://localhost/food')),
      fetch: async (input, init) => {
        sent.push(new Headers(init?.headers));
        const response = await fetch(input, init);
        answered.push(response.headers.get('x-request-id'));
        return response;
      },
    });
    await api.call(listLocationsEndpoint, { query: { perPage: 1 } });
    const stream = await api.openStream(streamOrderEventsEndpoint, { params: { id: crypto.randomUUID() } });
    await stream.body?.cancel();
    expect(sent.map((headers) => headers.get('x-request-id'))).toEqual(['web-7c1d.42', 'web-7c1d.42']);
    expect(answered).toEqual(['web-7c1d.42', 'web-7c1d.42']);
  });

  it('sends the configured STORE_ID when no market, or no market of ours, was chosen', async () => {
    expect(await storeIdSent(contextWith({ STORE_ID: 'store-1' }))).toBe('store-1');
    expect(await storeIdSent(contextWith({ STORE_ID: 'store-1' }), 'malewa_market=NG')).toBe('store-1');
    expect(await storeIdSent(contextWith({}))).toBe('');
  });
});

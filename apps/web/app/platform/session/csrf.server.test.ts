import { RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { loadWebConfig } from '#app/config.server.ts';
import { configContext } from '#app/context.ts';
import { CSRF_COOKIE, crossSiteReason, csrfMiddleware, csrfTokenOf } from './csrf.server.ts';

const TOKEN = 'a'.repeat(43);

function context(): RouterContextProvider {
  const provider = new RouterContextProvider();
  provider.set(configContext, loadWebConfig({ PUBLIC_ORIGIN: 'https://malewa.example' }));
  return provider;
}

async function run(request: Request, ctx = context()) {
  let ran = false;
  const outcome = await (
    csrfMiddleware as unknown as (args: unknown, next: () => Promise<Response>) => Promise<Response>
  )({ request, context: ctx, params: {}, url: new URL(request.url), pattern: '' }, async () => {
    ran = true;
    return new Response('ok');
  }).catch((error: unknown) => error as { init?: { status?: number } });
  return { ran, outcome, ctx };
}

function post(body: string, headers: Record<string, string> = {}) {
  return new Request('http://localhost:3000/set-theme', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: `${CSRF_COOKIE}=${TOKEN}`, ...headers },
    body,
  });
}

describe('CSRF protection', () => {
  it('gives a browser without a token one, in an httpOnly cookie, and the same to its forms', async () => {
    const { outcome, ctx } = await run(new Request('http://localhost:3000/'));
    const cookie = (outcome as Response).headers.get('Set-Cookie') ?? '';
    const token = csrfTokenOf(ctx);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie).toBe(`${CSRF_COOKIE}=${token}; Max-Age=31536000; Path=/; HttpOnly; SameSite=Lax; Secure`);
  });

  it('lets a post through when the field repeats the cookie', async () => {
    const { ran } = await run(post(`colour=malewa&csrf=${TOKEN}`, { Origin: 'http://localhost:3000' }));
    expect(ran).toBe(true);
  });

  it('refuses a post without the field, with a wrong one, or without the cookie', async () => {
    for (const request of [
      post('colour=malewa'),
      post(`colour=malewa&csrf=${'b'.repeat(43)}`),
      new Request('http://localhost:3000/set-theme', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: `csrf=${TOKEN}`,
      }),
    ]) {
      const { ran, outcome } = await run(request);
      expect(ran).toBe(false);
      expect((outcome as { init?: { status?: number } }).init?.status).toBe(403);
    }
  });

  it('refuses a post from another site even with the right token', async () => {
    const foreign: Record<string, string>[] = [
      { Origin: 'https://evil.example' },
      { 'Sec-Fetch-Site': 'cross-site' },
      { Origin: 'null' },
    ];
    for (const headers of foreign) {
      const { ran, outcome } = await run(post(`csrf=${TOKEN}`, headers));
      expect(ran).toBe(false);
      expect((outcome as { init?: { status?: number } }).init?.status).toBe(403);
    }
  });

  it('accepts the token in a header for fetches, and the public origin as ours', async () => {
    const request = new Request('http://10.0.0.5:3000/set-theme', {
      method: 'POST',
      headers: { Cookie: `${CSRF_COOKIE}=${TOKEN}`, 'X-CSRF-Token': TOKEN, Origin: 'https://malewa.example' },
      body: '{}',
    });
    expect((await run(request)).ran).toBe(true);
  });

  it('tells same-origin and direct requests from cross-site ones', () => {
    const own = ['https://malewa.example'];
    const req = (headers: Record<string, string>) =>
      new Request('https://malewa.example/x', { method: 'POST', headers });
    expect(
      crossSiteReason(req({ 'Sec-Fetch-Site': 'same-origin', Origin: 'https://malewa.example' }), own),
    ).toBeUndefined();
    expect(crossSiteReason(req({}), own)).toBeUndefined();
    expect(crossSiteReason(req({ 'Sec-Fetch-Site': 'same-site' }), own)).toBe('Sec-Fetch-Site: same-site');
  });
});

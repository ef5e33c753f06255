import { describe, expect, it } from 'vitest';
import { currentMarket, marketFromCookie, storeIdFor } from '#app/platform/markets/market-cookie.server.ts';
import { action, loader } from './set-market.tsx';

function post(fields: Record<string, string>, url = 'http://localhost/set-market', headers: HeadersInit = {}) {
  const request = new Request(url, { method: 'POST', body: new URLSearchParams(fields), headers });
  return action({ request } as Parameters<typeof action>[0]);
}

describe('POST /set-market', () => {
  it('remembers the market for a year, for the server only, and goes back to the same page', async () => {
    const response = await post({ country: 'KE', returnTo: '/sw/food?page=2' });
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/sw/food?page=2');
    const cookie = response.headers.get('Set-Cookie') ?? '';
    expect(cookie).toMatch(/^malewa_market=KE;/);
    expect(cookie).toContain('Max-Age=31536000');
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).not.toContain('Secure');
  });

  it('goes home when no page is named', async () => {
    expect((await post({ country: 'MZ' })).headers.get('Location')).toBe('/');
  });

  it('marks the cookie Secure on https, directly or behind a proxy', async () => {
    const direct = await post({ country: 'RW', returnTo: '/' }, 'https://malewa.example/set-market');
    expect(direct.headers.get('Set-Cookie')).toContain('; Secure');
    const proxied = await post({ country: 'RW', returnTo: '/' }, undefined, { 'X-Forwarded-Proto': 'https' });
    expect(proxied.headers.get('Set-Cookie')).toContain('; Secure');
  });

  it.each(['NG', 'za', '', 'ZA; Path=/x'])('refuses a country that is not one of our markets (%j)', async (country) => {
    await expect(post({ country, returnTo: '/' })).rejects.toMatchObject({ init: { status: 400 } });
  });

  it('refuses a post naming no country', async () => {
    await expect(post({ returnTo: '/' })).rejects.toMatchObject({ init: { status: 400 } });
  });

  it.each([
    'https://evil.example/',
    '//evil.example/',
    '/\\evil.example/',
    '/\t/evil.example/',
    '/\n/evil.example/',
    'evil.example',
    'javascript:alert(1)',
  ])('refuses to send the shopper off the site (%j)', async (returnTo) => {
    await expect(post({ country: 'ZA', returnTo })).rejects.toMatchObject({ init: { status: 400 } });
  });
});

describe('the market cookie', () => {
  const withCookie = (cookie: string) => new Request('http://localhost/', { headers: { Cookie: cookie } });

  it('is read among other cookies', () => {
    expect(marketFromCookie(withCookie('malewa_locale=fr; malewa_market=BW; other=1'))).toBe('BW');
  });

  it('counts for nothing when absent or naming no market', () => {
    expect(marketFromCookie(new Request('http://localhost/'))).toBeUndefined();
    expect(marketFromCookie(withCookie('malewa_market=NG'))).toBeUndefined();
    expect(marketFromCookie(withCookie('malewa_market='))).toBeUndefined();
    expect(marketFromCookie(withCookie('not_malewa_market=ZA'))).toBeUndefined();
  });

  it('decides the current market before the configured STORE_ID, which counts only when it is a market', () => {
    expect(currentMarket(withCookie('malewa_market=ZW'), 'KE')).toBe('ZW');
    expect(currentMarket(new Request('http://localhost/'), 'KE')).toBe('KE');
    expect(currentMarket(new Request('http://localhost/'), 'store-1')).toBeUndefined();
    expect(currentMarket(new Request('http://localhost/'), '')).toBeUndefined();
  });

  it('decides X-STORE-ID before the configured STORE_ID', () => {
    expect(storeIdFor(withCookie('malewa_market=ZW'), 'store-1')).toBe('ZW');
    expect(storeIdFor(withCookie('malewa_market=NG'), 'store-1')).toBe('store-1');
    expect(storeIdFor(new Request('http://localhost/'), '')).toBe('');
  });
});

describe('GET /set-market', () => {
  it('answers 405 and allows POST only; no preference is set', async () => {
    const response = loader();
    expect(response.status).toBe(405);
    expect(response.headers.get('Allow')).toBe('POST');
    expect(response.headers.get('Set-Cookie')).toBeNull();
  });
});

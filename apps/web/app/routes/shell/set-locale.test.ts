import { describe, expect, it } from 'vitest';
import { localeFromCookie } from '#app/platform/i18n/locale-cookie.server.ts';
import { action, loader } from './set-locale.tsx';

function post(fields: Record<string, string>, url = 'http://localhost/set-locale', headers: HeadersInit = {}) {
  const request = new Request(url, { method: 'POST', body: new URLSearchParams(fields), headers });
  return action({ request } as Parameters<typeof action>[0]);
}

describe('POST /set-locale', () => {
  it('remembers the language for a year and goes back to the same page in it', async () => {
    const response = await post({ locale: 'sw', returnTo: '/food?page=2' });
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/sw/food?page=2');
    const cookie = response.headers.get('Set-Cookie') ?? '';
    expect(cookie).toMatch(/^malewa_locale=sw;/);
    expect(cookie).toContain('Max-Age=31536000');
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).not.toContain('Secure');
    expect(cookie).not.toContain('HttpOnly');
  });

  it('leads English back to the unprefixed page, and the home page to the bare prefix', async () => {
    expect((await post({ locale: 'en', returnTo: '/' })).headers.get('Location')).toBe('/');
    expect((await post({ locale: 'zu', returnTo: '/' })).headers.get('Location')).toBe('/zu');
    expect((await post({ locale: 'zu' })).headers.get('Location')).toBe('/zu');
  });

  it('drops a locale prefix the page still carries', async () => {
    expect((await post({ locale: 'fr', returnTo: '/sw/food' })).headers.get('Location')).toBe('/fr/food');
    expect((await post({ locale: 'en', returnTo: '/ln' })).headers.get('Location')).toBe('/');
  });

  it('marks the cookie Secure on https, directly or behind a proxy', async () => {
    const direct = await post({ locale: 'fr', returnTo: '/' }, 'https://malewa.example/set-locale');
    expect(direct.headers.get('Set-Cookie')).toContain('; Secure');
    const proxied = await post({ locale: 'fr', returnTo: '/' }, undefined, { 'X-Forwarded-Proto': 'https' });
    expect(proxied.headers.get('Set-Cookie')).toContain('; Secure');
  });

  it('refuses a language we do not have', async () => {
    await expect(post({ locale: 'xx', returnTo: '/' })).rejects.toMatchObject({ init: { status: 400 } });
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
    '/.//evil.example/',
    '/%2F%2Fevil.example/',
  ])('refuses to send the shopper off the site (%j)', async (returnTo) => {
    await expect(post({ locale: 'fr', returnTo })).rejects.toMatchObject({ init: { status: 400 } });
  });

  it('never composes an address off the site from a prefix change (/ar//evil.example)', async () => {
    const response = await post({ locale: 'en', returnTo: '/ar//evil.example/' });
    expect(response.headers.get('Location')).toBe('/');
  });
});

describe('the locale cookie', () => {
  const withCookie = (cookie: string) => new Request('http://localhost/', { headers: { Cookie: cookie } });

  it('is read among other cookies', () => {
    expect(localeFromCookie(withCookie('theme=dark; malewa_locale=fr; other=1'))?.code).toBe('fr');
  });

  it('counts for nothing when absent or naming no locale', () => {
    expect(localeFromCookie(new Request('http://localhost/'))).toBeUndefined();
    expect(localeFromCookie(withCookie('malewa_locale=xx'))).toBeUndefined();
    expect(localeFromCookie(withCookie('malewa_locale='))).toBeUndefined();
    expect(localeFromCookie(withCookie('not_malewa_locale=fr'))).toBeUndefined();
  });
});

describe('GET /set-locale', () => {
  it('answers 405 and allows POST only; no preference is set', async () => {
    const response = loader();
    expect(response.status).toBe(405);
    expect(response.headers.get('Allow')).toBe('POST');
    expect(response.headers.get('Set-Cookie')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { themeFromCookies } from '#app/platform/theme/theme-cookie.server.ts';
import { action, loader } from './set-theme.tsx';

function post(fields: Record<string, string>, url = 'http://localhost/set-theme', headers: HeadersInit = {}) {
  const request = new Request(url, { method: 'POST', body: new URLSearchParams(fields), headers });
  return action({ request } as Parameters<typeof action>[0]);
}

const theme = { colour: 'bluenavy', mode: 'dark', radius: 'round' };

describe('POST /set-theme', () => {
  it('remembers colour, mode and radius for a day and goes back to the same page', async () => {
    const response = await post({ ...theme, returnTo: '/fr/food?page=2' });
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/fr/food?page=2');
    const cookies = response.headers.getSetCookie();
    expect(cookies).toEqual([
      'malewa_theme=dark.bluenavy; Max-Age=86400; Path=/; SameSite=Lax',
      'malewa_radius=round; Max-Age=86400; Path=/; SameSite=Lax',
    ]);
    // What the next page's loader reads back from those cookies.
    const next = new Request('http://localhost/', {
      headers: { Cookie: cookies.map((cookie) => cookie.split(';')[0]).join('; ') },
    });
    expect(themeFromCookies(next)).toEqual(theme);
  });

  it('replaces the history entry when the router follows it (a fetcher posted)', async () => {
    const response = await post({ ...theme, returnTo: '/' });
    expect(response.headers.get('X-Remix-Replace')).toBe('true');
  });

  it('goes to the home page when there is no page to return to', async () => {
    expect((await post(theme)).headers.get('Location')).toBe('/');
  });

  it('marks the cookies Secure on https, directly or behind a proxy', async () => {
    const direct = await post({ ...theme, returnTo: '/' }, 'https://malewa.example/set-theme');
    for (const cookie of direct.headers.getSetCookie()) expect(cookie).toContain('; Secure');
    const proxied = await post({ ...theme, returnTo: '/' }, undefined, { 'X-Forwarded-Proto': 'https' });
    for (const cookie of proxied.headers.getSetCookie()) expect(cookie).toContain('; Secure');
  });

  it.each([
    { colour: 'pink' },
    { colour: '' },
    { mode: 'dim' },
    { mode: 'dark.malewa' },
    { radius: 'pill' },
    { radius: '' },
  ])('refuses a value that is not one of ours (%j)', async (bad) => {
    await expect(post({ ...theme, ...bad, returnTo: '/' })).rejects.toMatchObject({ init: { status: 400 } });
  });

  it('refuses a form without one of the three choices', async () => {
    for (const missing of ['colour', 'mode', 'radius']) {
      const fields: Record<string, string> = { ...theme, returnTo: '/' };
      delete fields[missing];
      await expect(post(fields), missing).rejects.toMatchObject({ init: { status: 400 } });
    }
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
    await expect(post({ ...theme, returnTo })).rejects.toMatchObject({ init: { status: 400 } });
  });
});

describe('GET /set-theme', () => {
  it('answers 405 and allows POST only; no preference is set', async () => {
    const response = loader();
    expect(response.status).toBe(405);
    expect(response.headers.get('Allow')).toBe('POST');
    expect(response.headers.get('Set-Cookie')).toBeNull();
  });
});

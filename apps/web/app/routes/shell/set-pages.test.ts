import { describe, expect, it } from 'vitest';
import { action, loader } from './set-pages.tsx';

function post(fields: Record<string, string>, url = 'http://localhost/set-pages') {
  const request = new Request(url, { method: 'POST', body: new URLSearchParams(fields) });
  return action({ request } as Parameters<typeof action>[0]);
}

describe('POST /set-pages', () => {
  it('remembers the choice for a year, for the server only, and goes back to the same page', async () => {
    const response = await post({ pages: 'full', returnTo: '/ar/food/meals?page=2' });
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/ar/food/meals?page=2');
    expect(response.headers.get('Set-Cookie')).toBe(
      'malewa_pages=full; Max-Age=31536000; Path=/; HttpOnly; SameSite=Lax',
    );
    const light = await post({ pages: 'light', returnTo: '/' }, 'https://malewa.example/set-pages');
    expect(light.headers.get('Set-Cookie')).toMatch(/^malewa_pages=light;.*; Secure$/);
  });

  it.each(['lite', '', 'full; Path=/x'])('refuses a choice that is neither light nor full (%j)', async (pages) => {
    await expect(post({ pages, returnTo: '/' })).rejects.toMatchObject({ init: { status: 400 } });
  });

  it.each(['https://evil.example/', '//evil.example/', '/\\evil.example/'])(
    'refuses to send the shopper off the site (%j)',
    async (returnTo) => {
      await expect(post({ pages: 'full', returnTo })).rejects.toMatchObject({ init: { status: 400 } });
    },
  );

  it('tells a GET to post', () => {
    const response = loader();
    expect(response.status).toBe(405);
    expect(response.headers.get('Allow')).toBe('POST');
  });
});

import { RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { decodeFlashToast, encodeFlashToast, TOAST_COOKIE } from './flash-toast.ts';
import { showToast, takeToast, toastMiddleware } from './toast.server.ts';

const SENT = { type: 'success', title: 'Message sent', message: 'Reference 1A2B3C4D' } as const;

/** Runs the middleware around `route` (what an action and the loaders would do in one request). */
async function run(
  route: (context: RouterContextProvider) => void,
  {
    cookie,
    url = 'http://shop.test/pages/contact',
    headers = {},
  }: { cookie?: string; url?: string; headers?: Record<string, string> } = {},
) {
  const request = new Request(url, { headers: { ...headers, ...(cookie ? { Cookie: cookie } : {}) } });
  const context = new RouterContextProvider();
  const response = await toastMiddleware(
    { request, context, params: {}, url: new URL(url), unstable_pattern: '' } as never,
    async () => {
      route(context);
      return new Response('page');
    },
  );
  return (response as Response).headers.get('Set-Cookie');
}

function cookieNotification(setCookie: string | null) {
  const value = /^malewa_notice=([^;]*)/.exec(setCookie ?? '')?.[1];
  return decodeFlashToast(value);
}

describe('server toasts', () => {
  it('go into the page that the same request renders, with no cookie (a plain form post)', async () => {
    let shown: unknown;
    const setCookie = await run((context) => {
      showToast(context, SENT);
      shown = takeToast(context);
    });
    expect(shown).toMatchObject(SENT);
    expect(setCookie).toBeNull();
  });

  it('wait in a short-lived cookie when the response carries no page (a redirect, a script submission)', async () => {
    const setCookie = await run((context) => showToast(context, SENT));
    expect(setCookie).toMatch(/^malewa_notice=[^;]+; Max-Age=60; Path=\/; SameSite=Lax$/);
    expect(cookieNotification(setCookie)).toMatchObject(SENT);
  });

  it('are taken from the cookie by the next page, which clears it', async () => {
    const waiting = encodeFlashToast({ id: 'n-1', ...SENT });
    let shown: unknown;
    const setCookie = await run((context) => (shown = takeToast(context)), {
      cookie: `malewa_locale=fr; ${TOAST_COOKIE}=${waiting}`,
    });
    expect(shown).toEqual({ id: 'n-1', ...SENT });
    expect(setCookie).toBe('malewa_notice=; Max-Age=0; Path=/; SameSite=Lax');
  });

  it('are taken by a page load and by a client-side navigation', async () => {
    const waiting = encodeFlashToast({ id: 'n-1', ...SENT });
    for (const [url, mode] of [
      ['http://shop.test/auth/login', 'navigate'],
      ['http://shop.test/auth/login.data', 'cors'],
    ] as const) {
      let shown: unknown;
      const setCookie = await run((context) => (shown = takeToast(context)), {
        url,
        headers: { 'Sec-Fetch-Mode': mode },
        cookie: `${TOAST_COOKIE}=${waiting}`,
      });
      expect(shown).toEqual({ id: 'n-1', ...SENT });
      expect(setCookie).toBe('malewa_notice=; Max-Age=0; Path=/; SameSite=Lax');
    }
  });

  it('are neither shown nor cleared by a page fetched in the background (the offline worker, a prefetch)', async () => {
    const waiting = encodeFlashToast({ id: 'n-1', ...SENT });
    const background: Record<string, string>[] = [
      { 'Sec-Fetch-Mode': 'cors' },
      { 'Sec-Fetch-Mode': 'navigate', 'Sec-Purpose': 'prefetch' },
    ];
    for (const headers of background) {
      let shown: unknown = 'unset';
      const setCookie = await run((context) => (shown = takeToast(context)), {
        url: 'http://shop.test/auth/login',
        headers,
        cookie: `${TOAST_COOKIE}=${waiting}`,
      });
      expect(shown).toBeNull();
      expect(setCookie).toBeNull();
    }
  });

  it('raised while answering a background fetch wait in the cookie for the page the shopper opens', async () => {
    let shown: unknown = 'unset';
    const setCookie = await run(
      (context) => {
        showToast(context, SENT);
        shown = takeToast(context);
      },
      { headers: { 'Sec-Fetch-Mode': 'cors' } },
    );
    expect(shown).toBeNull();
    expect(cookieNotification(setCookie)).toMatchObject(SENT);
  });

  it('stay in the cookie through a request that renders no root data', async () => {
    const waiting = encodeFlashToast({ id: 'n-1', ...SENT });
    expect(await run(() => {}, { cookie: `${TOAST_COOKIE}=${waiting}` })).toBeNull();
  });

  it('are secure cookies on https', async () => {
    const setCookie = await run((context) => showToast(context, SENT), { url: 'https://shop.test/pages/contact' });
    expect(setCookie).toMatch(/; Secure$/);
  });

  it('ignore a cookie that is not a toast', async () => {
    let shown: unknown = 'unset';
    for (const bad of ['garbage', encodeURIComponent('{"id":"x","type":"evil","title":"","message":"hi"}')]) {
      await run((context) => (shown = takeToast(context)), { cookie: `${TOAST_COOKIE}=${bad}` });
      expect(shown).toBeNull();
    }
  });
});

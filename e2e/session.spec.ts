import type { APIRequestContext, BrowserContext } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { API_ORIGIN, createConfirmedAccount, shopperHeaders } from './outbox.ts';

// The e2e project has no DOM library: the little of the page these tests touch, declared here.
declare const document: { cookie: string };
declare const localStorage: Record<string, string>;
declare const sessionStorage: Record<string, string>;

/**
 * The web server's side of the session (session/session.server.ts), seen from the browser:
 * tokens from the API's authenticate placed in the cookies the web server would have set.
 */
async function signedInContext(context: BrowserContext, baseURL: string, tokens: Tokens, accessExpiresAt: number) {
  const url = new URL(baseURL);
  const common = { domain: url.hostname, path: '/', httpOnly: true, sameSite: 'Lax' as const };
  await context.addCookies([
    { ...common, name: 'malewa_access', value: `${Math.floor(accessExpiresAt / 1000)}.${tokens.accessToken}` },
    { ...common, name: 'malewa_refresh', value: tokens.refreshToken },
  ]);
}

interface Tokens {
  accessToken: string;
  refreshToken: string;
}

/** A new account's session, as the API's authenticate gives it. */
async function apiSession(request: APIRequestContext): Promise<Tokens> {
  const account = await createConfirmedAccount(request);
  const signIn = await request.post(`${API_ORIGIN}/auth/account/authenticate`, {
    headers: shopperHeaders(),
    data: { identifier: account.email, secret: account.password },
  });
  return (await signIn.json()).data as Tokens;
}

async function sessionCookies(context: BrowserContext) {
  const cookies = await context.cookies();
  return {
    access: cookies.find((cookie) => cookie.name === 'malewa_access'),
    refresh: cookies.find((cookie) => cookie.name === 'malewa_refresh'),
  };
}

test.describe('the session cookies', () => {
  test('an expired access token is renewed on the next page, with rotated httpOnly cookies', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const tokens = await apiSession(request);
    // The access token "expired" a minute ago: the server must renew before calling the API.
    await signedInContext(context, baseURL ?? '', tokens, Date.now() - 60_000);

    const response = await page.goto('/');
    expect(response?.headers()['cache-control']).toBe('private, no-store');
    const after = await sessionCookies(context);
    expect(after.refresh?.value).toBeTruthy();
    expect(after.refresh?.value).not.toBe(tokens.refreshToken);
    expect(after.refresh?.httpOnly).toBe(true);
    expect(after.access?.httpOnly).toBe(true);
    expect(after.refresh?.sameSite).toBe('Lax');
    // 21600 s (docs/product/accounts.md, sessions), give or take the test's own duration.
    expect((after.refresh?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(21_000);
    // Page JavaScript sees neither token.
    const visible = await page.evaluate(
      () => `${document.cookie} ${JSON.stringify({ ...localStorage, ...sessionStorage })}`,
    );
    expect(visible).not.toContain(tokens.refreshToken);
    expect(visible).not.toContain(after.refresh?.value ?? '');
    expect(visible).not.toContain('malewa_access');
  });

  test('pages opened at once with an expired access token all stay signed in, on one new pair of cookies', async ({
    context,
    request,
    baseURL,
  }) => {
    const tokens = await apiSession(request);
    await signedInContext(context, baseURL ?? '', tokens, Date.now() - 60_000);
    // Three tabs opened at once: each request refreshes with the same refresh token.
    const tabs = await Promise.all([context.newPage(), context.newPage(), context.newPage()]);
    await Promise.all(tabs.map((tab, index) => tab.goto(['/', '/food', '/account'][index] ?? '/')));
    for (const tab of tabs) await expect(tab.locator('.user-menu')).toHaveCount(1);
    // The account page needs the session: it was not sent to sign in.
    expect(new URL(tabs[2]?.url() ?? '').pathname).toBe('/account');
    const after = await sessionCookies(context);
    expect(after.refresh?.value).toBeTruthy();
    expect(after.refresh?.value).not.toBe(tokens.refreshToken);
    // The session lives on: the next page is still signed in, and so is the API's view of it.
    const next = await context.newPage();
    await next.goto('/account');
    await expect(next).toHaveURL(/\/account$/);
    await expect(next.locator('.user-menu')).toHaveCount(1);
  });

  test('a refresh token used twice ends the session: the cookies are removed (automatic logout)', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const tokens = await apiSession(request);
    // Someone (a thief) already spent this refresh token.
    const stolen = await request.post(`${API_ORIGIN}/auth/session/refresh`, {
      data: { refreshToken: tokens.refreshToken },
    });
    expect(stolen.ok()).toBe(true);
    const thief = (await stolen.json()).data as Tokens;
    // Past the grace window (1 s in the e2e product) in which a second use counts as simultaneous.
    await new Promise((resolve) => setTimeout(resolve, 1500));

    await signedInContext(context, baseURL ?? '', tokens, Date.now() - 60_000);
    await page.goto('/');
    const after = await sessionCookies(context);
    expect(after.access).toBeUndefined();
    expect(after.refresh).toBeUndefined();
    // The whole family is revoked: the thief's fresh tokens are dead too.
    const me = await request.get(`${API_ORIGIN}/auth/user/me`, {
      headers: { Authorization: `Bearer ${thief.accessToken}` },
    });
    expect(me.status()).toBe(401);
  });

  test('a tampered access token is refused by the API and the session renews or ends, never breaks the page', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const tokens = await apiSession(request);
    const tampered = { ...tokens, accessToken: `${tokens.accessToken.slice(0, -4)}AAAA` };
    await signedInContext(context, baseURL ?? '', tampered, Date.now() + 10 * 60_000);
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    // The 401 made the server renew once with the (valid) refresh token: still signed in, new tokens.
    const after = await sessionCookies(context);
    expect(after.refresh?.value).not.toBe(tokens.refreshToken);
    expect(after.access?.value).not.toContain(tampered.accessToken);
  });
});

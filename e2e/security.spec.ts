import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { postForm } from './csrf-form.ts';
import { expect, test } from './fixtures.ts';
import { hydrated } from './page-ready.ts';

test.describe('security headers', () => {
  test('every page has a CSP whose nonce is the one its scripts carry, and may not be framed', async ({ page }) => {
    const response = await page.goto('/food');
    const headers = response?.headers() ?? {};
    const csp = headers['content-security-policy'] ?? '';
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // Every inline script of the page carries the nonce (browsers hide it from getAttribute).
    const html = (await response?.text()) ?? '';
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1] ?? '');
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
  });

  test('a page served again from the page cache carries each visitor’s own nonce and CSRF token, and its forms post', async ({
    baseURL,
    request,
  }) => {
    // Visitors without cookies share the page kept for them (decision 26).
    const url = new URL('/food/meals', baseURL).href;
    const visits: { nonce: string; token: string; html: string }[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await fetch(url, { headers: { 'Accept-Encoding': 'identity' } });
      const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1] ?? '';
      const token = /malewa_csrf=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1] ?? '';
      visits.push({ nonce, token, html: await response.text() });
    }
    expect(new Set(visits.map((visit) => visit.nonce)).size).toBe(3);
    expect(new Set(visits.map((visit) => visit.token)).size).toBe(3);
    for (const [index, visit] of visits.entries()) {
      const scripts = [...visit.html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1] ?? '');
      expect(scripts.length).toBeGreaterThan(0);
      for (const attributes of scripts) expect(attributes).toContain(`nonce="${visit.nonce}"`);
      expect(visit.html).toContain(`value="${visit.token}"`);
      for (const other of visits.filter((_, at) => at !== index)) {
        expect(visit.html).not.toContain(other.nonce);
        expect(visit.html).not.toContain(other.token);
      }
    }
    // The token in a page from the cache is the one its visitor's cookie holds: its form posts.
    const html = await (await request.get('/food/meals')).text();
    const field = /name="csrf" value="([^"]+)"/.exec(html)?.[1];
    const cookie = (await request.storageState()).cookies.find((each) => each.name === 'malewa_csrf')?.value;
    expect(field).toBeTruthy();
    expect(field).toBe(cookie);
    const posted = await request.post('/set-theme', {
      form: { colour: 'malewa', mode: 'dark', radius: 'round', returnTo: '/food/meals', csrf: field ?? '' },
      maxRedirects: 0,
    });
    expect(posted.status()).toBe(303);
  });

  test('a page runs under its CSP without violations', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto('/');
    // The link is followed by the router, once the page has hydrated.
    await hydrated(page);
    await page.getByRole('link', { name: 'Food', exact: true }).first().click();
    await expect(page).toHaveURL(/\/food$/);
    expect(violations).toEqual([]);
  });
});

test.describe('cross-site request forgery', () => {
  test('a form another site posts to us is refused and changes nothing', async ({ page, baseURL, browserProblems }) => {
    const ours = new URL(baseURL ?? 'http://localhost:3100');
    browserProblems.allowFailedLoad('/set-theme', 403);
    await page.goto('/');
    const themeBefore = await page.locator('html').getAttribute('data-theme');
    // An attacker's page on another origin (127.0.0.1 is another site than localhost to the
    // browser), with a form that posts to us: what a CSRF attack looks like.
    const attacker = createServer((_req, res) => {
      res.setHeader('Content-Type', 'text/html');
      res.end(`<form method="post" action="${ours.origin}/set-theme">
        <input name="colour" value="redruby"><input name="mode" value="dark"><input name="radius" value="round">
        <input name="returnTo" value="/"><button>Win a prize</button></form>`);
    });
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    try {
      await page.goto(`http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`);
      const [response] = await Promise.all([
        page.waitForResponse(`${ours.origin}/set-theme`),
        page.getByRole('button', { name: 'Win a prize' }).click(),
      ]);
      expect(response.status()).toBe(403);
      // The refused page is served without the router's scripts: hydrated under the form's
      // address it would match another route than the one whose error it shows, and throw.
      await page.waitForLoadState('load');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await page.locator('script[type="module"]').count()).toBe(0);
    } finally {
      attacker.close();
    }
    await page.goto(ours.href);
    expect(await page.locator('html').getAttribute('data-theme')).toBe(themeBefore);
  });
});

/** Where a redirect may lead: a path of this site only (navigation/return-to.ts). */
function leadsOffSite(location: string | undefined): boolean {
  return !location || !/^\/(?![/\\])/.test(location) || /^\/\.?\/|%2f|%5c/i.test(location);
}

test.describe('redirects built from request data', () => {
  for (const path of ['/en//evil.com', '/en/\\evil.com', '/en/%2F%2Fevil.com', '/en//%5Cevil.com', '/en/.//evil.com']) {
    test(`${path} does not send the browser to another site`, async ({ request }) => {
      const response = await request.get(path, { maxRedirects: 0 });
      const location = response.headers().location;
      if (location !== undefined) expect(leadsOffSite(location), location).toBe(false);
      else expect(response.status()).toBe(404);
    });
  }

  test('a posted returnTo=/.//evil.com after a preference form or sign-in stays on the site', async ({ request }) => {
    for (const [path, form] of [
      ['/set-locale', { locale: 'fr' }],
      ['/set-market', { country: 'KE' }],
      ['/set-theme', { colour: 'redruby', mode: 'dark', radius: 'round' }],
      ['/auth/login', { identifier: 'nobody@example.com', password: 'not the password' }],
    ] as const) {
      for (const returnTo of ['/.//evil.com', '/ar//evil.com', '/%2F%2Fevil.com']) {
        const response = await postForm(
          request,
          `${path}?returnTo=${encodeURIComponent(returnTo)}`,
          { ...form, returnTo },
          { maxRedirects: 0 },
        );
        const location = response.headers().location;
        if (location !== undefined) expect(leadsOffSite(location), `${path} ${returnTo} → ${location}`).toBe(false);
      }
    }
  });
});

/** The storefront's own error page, not a stack trace or a bare fallback. */
async function expectErrorPage(response: { status(): number; text(): Promise<string> }, status: number) {
  expect(response.status()).toBe(status);
  const html = await response.text();
  expect(html).toContain(`::${status}::`);
  expect(html).toContain('class="site-header');
  // Not the fallback shown when the error page itself fails, and no stack trace.
  expect(html).not.toContain('class="fallback"');
  for (const leak of ['TypeError', 'node_modules']) expect(html).not.toContain(leak);
  expect(html).not.toMatch(/\bat \S+ \(\S+:\d+:\d+\)/);
}

/** Every address that takes a form post. */
const FORM_ROUTES = [
  '/set-locale',
  '/set-theme',
  '/set-market',
  '/sign-out',
  '/notifications/read',
  '/auth/login',
  '/auth/register',
  '/auth/confirm-account',
  '/auth/verify-account',
  '/auth/forgot-password',
  '/auth/reset-password',
  '/pages/contact',
  '/account?index',
  '/account/sign-in-methods',
];

test.describe('requests the storefront does not serve', () => {
  for (const method of ['TRACE', 'PUT', 'DELETE', 'OPTIONS']) {
    test(`${method} is answered 405 with the error page, never a stack trace`, async ({ request }) => {
      const response = await request.fetch('/', { method });
      expect(response.headers().allow).toBe('GET, HEAD, POST');
      await expectErrorPage(response, 405);
    });
  }

  test('a post that is not a form is answered 415 with the error page, on every form address', async ({ request }) => {
    for (const path of FORM_ROUTES) {
      for (const [type, body] of [
        ['application/json', '{"locale":"fr"}'],
        ['text/plain', 'locale=fr'],
        ['multipart/form-data; boundary=broken', '--broken\r\nnot a part'],
        ['', 'locale=fr'],
      ] as const) {
        const response = await request.post(path, { headers: type ? { 'Content-Type': type } : {}, data: body });
        expect(response.status(), `${path} ${type}`).toBe(415);
        await expectErrorPage(response, 415);
      }
    }
  });

  test('a form body over the limit is answered 413 before it is read, in the shopper language', async ({ request }) => {
    const big = `identifier=a%40example.com&password=${'x'.repeat(200_000)}`;
    const response = await request.post('/fr/auth/login', {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      data: big,
    });
    await expectErrorPage(response, 413);
    expect(await response.text()).toContain('lang="fr"');
  });

  test('a form whose CSRF token failed gets the full error page with 403 (the account page too)', async ({
    page,
    browserProblems,
  }) => {
    browserProblems.allowFailedLoad('/account?index', 403);
    browserProblems.allowFailedLoad('/ar/pages/contact', 403);
    for (const path of ['/account?index', '/ar/pages/contact']) {
      const response = await page.request.post(path, { form: { csrf: 'not-the-token', name: 'x' } });
      await expectErrorPage(response, 403);
    }
  });

  test('the error page addresses the server uses for refusals do not exist on their own', async ({ request }) => {
    for (const path of ['/errors/405', '/fr/errors/413']) expect((await request.get(path)).status()).toBe(404);
  });
});

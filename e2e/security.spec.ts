import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { postForm } from './csrf-form.ts';
import { expect, test } from './fixtures.ts';

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

  test('a page runs under its CSP without violations', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto('/');
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

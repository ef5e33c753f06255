import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';
import { postForm } from './csrf-form.ts';
import { expect, test } from './fixtures.ts';
import {
  API_ORIGIN,
  codeIn,
  createConfirmedAccount,
  E2E_OIDC_PORT,
  linkIn,
  newEmail,
  shopperHeaders,
  waitForMessage,
} from './outbox.ts';
import { hydrated } from './page-ready.ts';

/**
 * The auth pages (issue 4, item 7), as a new shopper goes through them: register, the code from
 * the outbox, confirm, sign in, sign out; a forgotten password; the forms without JavaScript;
 * no token within reach of the page's JavaScript; accessibility in a left-to-right and a
 * right-to-left language.
 */
const LANGS = [
  { lang: 'en', prefix: '' },
  { lang: 'ar', prefix: '/ar' },
] as const;

function submit(page: Page) {
  return page.locator('form.auth-form button[type="submit"]').click();
}

async function sessionCookies(context: BrowserContext) {
  const cookies = await context.cookies();
  return cookies.filter((cookie) => cookie.name === 'malewa_access' || cookie.name === 'malewa_refresh');
}

/** Signed in: both token cookies, httpOnly, and nothing of them within reach of the page's JavaScript. */
async function expectSignedIn(page: Page) {
  const cookies = await sessionCookies(page.context());
  expect(cookies.map((cookie) => cookie.name).sort()).toEqual(['malewa_access', 'malewa_refresh']);
  for (const cookie of cookies) {
    expect(cookie.httpOnly, cookie.name).toBe(true);
    expect(cookie.sameSite, cookie.name).toBe('Lax');
  }
  const visible = await page.evaluate(() => {
    type Storage = { length: number; key(i: number): string | null; getItem(key: string): string | null };
    const page = globalThis as unknown as {
      document: { cookie: string };
      localStorage: Storage;
      sessionStorage: Storage;
    };
    const entries = (storage: Storage) =>
      Array.from({ length: storage.length }, (_, i) => storage.key(i) ?? '').map(
        (key) => `${key}=${storage.getItem(key) ?? ''}`,
      );
    return { cookie: page.document.cookie, stored: [...entries(page.localStorage), ...entries(page.sessionStorage)] };
  });
  expect(visible.cookie).not.toMatch(/malewa_(access|refresh)/);
  const tokens = cookies.map((cookie) => cookie.value.split('.').at(-1) ?? cookie.value);
  for (const entry of [visible.cookie, ...visible.stored]) {
    expect(entry).not.toMatch(/mw[ar]_/);
    for (const token of tokens) expect(entry).not.toContain(token);
  }
}

/** The header's Login button (shown only to a shopper who is not signed in). */
function loginButton(page: Page, prefix: string) {
  return page.locator(`header a[href="${prefix}/auth/login"]`);
}

for (const { lang, prefix } of LANGS) {
  test(`register, confirm with the code (signed in at once in this browser), sign out and in again (${lang})`, async ({
    page,
    browser,
  }) => {
    // Two accounts registered and three sign-ins, each hashing or checking a password with
    // argon2id: past 30 s on a busy two-core machine.
    test.slow();
    const email = newEmail(`register-${lang}`);
    const password = 'pilau-and-chai-2026';
    await page.goto(prefix || '/');
    await expect(loginButton(page, prefix)).toHaveCount(1);

    await page.goto(`${prefix}/auth/register`);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await page.locator('input[name="name"]').fill('Zawadi');
    await page.locator('input[name="surname"]').fill('Mwangi');
    await page.locator('input[name="identifier"]').fill(email);
    await page.locator('input[name="password"]').fill(password);
    await submit(page);
    await expect(page).toHaveURL(`${prefix}/auth/confirm-account?identifier=${encodeURIComponent(email)}`);
    await expect(page.locator('input[name="identifier"]')).toHaveValue(email);

    const code = codeIn(await waitForMessage(email));
    // A wrong code first: an error on the field, the identifier kept.
    const wrong = code === '000000' ? '111111' : '000000';
    await page.locator('input[name="code"]').fill(wrong);
    await submit(page);
    await expect(page.locator('#auth-code-error')).toBeVisible();
    await expect(page.locator('input[name="code"]')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('input[name="identifier"]')).toHaveValue(email);

    await page.locator('input[name="code"]').fill(code);
    await submit(page);
    // The browser that registered is signed in at once: no password typed again.
    await expect(page).toHaveURL(`${prefix || '/'}`);
    await expect(loginButton(page, prefix)).toHaveCount(0);
    await expectSignedIn(page);

    // Sign out: a post to /sign-out with the CSRF token, as the user menu's form does.
    const response = await postForm(page.request, '/sign-out', { returnTo: prefix || '/' }, { maxRedirects: 0 });
    expect(response.status()).toBe(303);
    expect(await sessionCookies(page.context())).toEqual([]);
    await page.goto(prefix || '/');
    await expect(loginButton(page, prefix)).toHaveCount(1);

    // And in again with the password, the identifier filled in from the login page's link.
    await page.goto(`${prefix}/auth/login?identifier=${encodeURIComponent(email)}`);
    await expect(page.locator('input[name="identifier"]')).toHaveValue(email);
    await page.locator('input[name="password"]').fill(password);
    await submit(page);
    await expect(page).toHaveURL(`${prefix || '/'}`);
    await expectSignedIn(page);

    // Another browser that confirms (a link opened elsewhere) is not signed in: it goes to sign in.
    const other = await browser.newContext();
    try {
      const second = newEmail(`register-other-${lang}`);
      const registered = await page.request.post(`${API_ORIGIN}/auth/account/register`, {
        headers: shopperHeaders(),
        data: { name: 'Baraka', surname: 'Otieno', credential: { identifier: second, secret: password } },
      });
      expect(registered.ok()).toBe(true);
      const elsewhere = await other.newPage();
      await elsewhere.goto(`${prefix}/auth/confirm-account?identifier=${encodeURIComponent(second)}`);
      await elsewhere.locator('input[name="code"]').fill(codeIn(await waitForMessage(second)));
      await submit(elsewhere);
      await expect(elsewhere).toHaveURL(`${prefix}/auth/login?identifier=${encodeURIComponent(second)}`);
      await expect(loginButton(elsewhere, prefix)).toHaveCount(1);
    } finally {
      await other.close();
    }
  });
}

test('a wrong password and an unknown account get the same answer; the identifier stays, the password does not', async ({
  page,
  request,
}) => {
  const account = await createConfirmedAccount(request, { name: 'Imani' });
  await page.goto('/auth/login');
  await hydrated(page);
  const answers: string[] = [];
  for (const identifier of [account.email, newEmail('nobody')]) {
    await page.locator('input[name="identifier"]').fill(identifier);
    await page.locator('input[name="password"]').fill('not-the-password');
    await submit(page);
    const alert = page.locator('.auth-notices [role="alert"]');
    await expect(alert).toBeVisible();
    answers.push((await alert.textContent()) ?? '');
    await expect(page.locator('input[name="identifier"]')).toHaveValue(identifier);
    await expect(page.locator('input[name="password"]')).toHaveValue('');
  }
  expect(answers[0]).toContain('not right');
  expect(answers[1]).toBe(answers[0]);
  expect(await sessionCookies(page.context())).toEqual([]);
});

test('register: the API’s password rules show next to the field, with the typed values kept', async ({ page }) => {
  await page.goto('/fr/auth/register');
  await page.locator('input[name="name"]').fill('Aïcha');
  await page.locator('input[name="surname"]').fill('Ndiaye');
  await page.locator('input[name="identifier"]').fill(newEmail('common'));
  await page.locator('input[name="password"]').fill('password123');
  await submit(page);
  await expect(page.locator('#auth-password-error')).toHaveText(
    'Ce mot de passe est trop courant. Choisissez-en un plus difficile à deviner.',
  );
  await expect(page.locator('input[name="name"]')).toHaveValue('Aïcha');
  await expect(page.locator('input[name="password"]')).toHaveValue('');
});

test('forgot password: the link from the outbox sets a new password, once', async ({ page, request }) => {
  const account = await createConfirmedAccount(request, { name: 'Baraka' });
  const newPassword = 'mandazi-for-breakfast-7';
  await page.goto('/auth/forgot-password');
  await page.locator('input[name="identifier"]').fill(account.email);
  await submit(page);
  await expect(page.locator('.notice-success')).toContainText(account.email);

  const message = await waitForMessage(account.email, (m) => /reset-password/.test(m.body));
  const link = linkIn(message, /\/auth\/reset-password$/);
  await page.goto(link);
  await page.locator('input[name="newPassword"]').fill(newPassword);
  await page.locator('input[name="confirmNewPassword"]').fill(`${newPassword}x`);
  await submit(page);
  await expect(page.locator('#auth-confirmNewPassword-error')).toBeVisible();
  await page.locator('input[name="newPassword"]').fill(newPassword);
  await page.locator('input[name="confirmNewPassword"]').fill(newPassword);
  await submit(page);
  await expect(page).toHaveURL(`/auth/login?identifier=${encodeURIComponent(account.email)}`);

  // The old password fails, the new one works.
  await page.locator('input[name="password"]').fill(account.password);
  await submit(page);
  await expect(page.locator('.auth-notices [role="alert"]')).toContainText('not right');
  await page.locator('input[name="password"]').fill(newPassword);
  await submit(page);
  await expect(page).toHaveURL('/');
  await expectSignedIn(page);

  // The link works once: the second time it says so, with the way to a new one. (Arriving on
  // an auth page also signs the shopper out: docs/product/accounts.md, auth pages.)
  await page.goto(link);
  expect(await sessionCookies(page.context())).toEqual([]);
  await page.locator('input[name="newPassword"]').fill('another-new-password-8');
  await page.locator('input[name="confirmNewPassword"]').fill('another-new-password-8');
  await submit(page);
  await expect(page.locator('.notice-error')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/auth/forgot-password');
});

test('without JavaScript: sign in, with the errors and the welcome in the page', async ({ browser, request }) => {
  // The wrong password's page is the form again, answered 401: a form's outcome, which the
  // browser logs as a failed load and fixtures.ts lets through.
  const account = await createConfirmedAccount(request, { name: 'Neema' });
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await page.goto('/auth/login?returnTo=%2Fpages%2Fabout');
    await page.locator('input[name="identifier"]').fill(account.email);
    await page.locator('input[name="password"]').fill('wrong-password');
    await submit(page);
    await expect(page.locator('.auth-notices [role="alert"]')).toContainText('not right');
    await expect(page.locator('input[name="identifier"]')).toHaveValue(account.email);

    await page.locator('input[name="password"]').fill(account.password);
    await submit(page);
    await expect(page).toHaveURL('/pages/about');
    await expect(page.locator('.toasts')).toContainText('Welcome back, Neema!');
    await expectSignedIn(page);
  } finally {
    await context.close();
  }
});

test('the auth layout signs out whoever arrives signed in', async ({ page, request }) => {
  const account = await createConfirmedAccount(request, { name: 'Juma' });
  await page.goto('/auth/login');
  await page.locator('input[name="identifier"]').fill(account.email);
  await page.locator('input[name="password"]').fill(account.password);
  await submit(page);
  await expect(page).toHaveURL('/');
  await expectSignedIn(page);
  await page.goto('/auth/register');
  expect(await sessionCookies(page.context())).toEqual([]);
  await expect(loginButton(page, '')).toHaveCount(1);
});

test('the video: only on a wide screen, and nothing of it fetched on a phone @both-widths', async ({
  page,
}, testInfo) => {
  const media: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/media/')) media.push(r.url());
  });
  await page.goto('/auth/login');
  await hydrated(page);
  const video = page.locator('video.auth-video');
  await expect(page.locator('.auth-media')).toHaveAttribute('aria-hidden', 'true');
  expect(
    await video.evaluate((element) => {
      const v = element as unknown as { muted: boolean; loop: boolean; playsInline: boolean };
      return v.muted && v.loop && v.playsInline;
    }),
  ).toBe(true);
  if ((page.viewportSize()?.width ?? 0) >= 1024) {
    await expect(video.locator('source')).toHaveCount(2);
    await expect(video).toHaveAttribute('poster', '/media/auth-loop.jpg');
  } else {
    // Once the page's script has decided against it, nothing of the video was or will be asked for.
    await expect(video).toHaveAttribute('data-loaded', 'false');
    await expect(video.locator('source')).toHaveCount(0);
    expect(media, testInfo.project.name).toEqual([]);
  }
});

/** Who signs in at the test OpenID provider next ("Google" to the product, e2e/start-product.ts). */
async function nextAtProvider(person: { sub: string; email: string; given_name: string; family_name: string }) {
  const response = await fetch(`http://127.0.0.1:${E2E_OIDC_PORT}/test/person`, {
    method: 'POST',
    body: JSON.stringify({ ...person, email_verified: true, name: `${person.given_name} ${person.family_name}` }),
  });
  expect(response.status).toBe(204);
}

test.describe('social sign-in', () => {
  // One person at the provider at a time: the provider has a single "next" person. So these run
  // one after the other, and on the desktop project only (`@desktop-only`, playwright.config.ts):
  // the flow has no layout of its own to check at phone width.
  test.describe.configure({ mode: 'serial' });

  test('an unknown provider is a 404; a provider the API has not enabled leads back to sign in', async ({
    request,
  }) => {
    expect((await request.get('/auth/social/myspace', { maxRedirects: 0 })).status()).toBe(404);
    // Facebook is not configured in the e2e product (only "Google" is).
    const start = await request.get('/auth/social/facebook?lang=fr', { maxRedirects: 0 });
    expect(start.status()).toBe(303);
    expect(start.headers().location).toBe('/fr/auth/login');
    expect(start.headers()['set-cookie'] ?? '').toContain('malewa_notice=');
  });

  test('a callback without its flow, or cancelled, leads back to sign in with an error', async ({ request }) => {
    const callback = await request.get('/auth/account/google/callback?state=forged&error=access_denied', {
      maxRedirects: 0,
    });
    expect(callback.status()).toBe(303);
    expect(callback.headers().location).toBe('/auth/login');
    expect(callback.headers()['set-cookie'] ?? '').toContain('malewa_flow=; Max-Age=0; Path=/auth/account/');
    expect(await request.storageState().then((s) => s.cookies.map((c) => c.name))).not.toContain('malewa_access');
  });

  test('Continue with Google opens an account at the provider and back, signed in, in the page language', {
    tag: '@desktop-only',
  }, async ({ page, context }) => {
    const sub = `g-${Date.now()}`;
    await nextAtProvider({ sub, email: newEmail('thandi'), given_name: 'Thandi', family_name: 'Nkosi' });
    await page.goto('/fr/auth/login?returnTo=%2Ffr%2Ffood');
    await page.getByRole('link', { name: 'Google' }).click();
    // Through the provider (a real OpenID provider: authorization, login, consent, code) and back.
    await expect(page).toHaveURL(/\/fr\/food$/);
    await expect(page.locator('.user-menu summary')).toContainText('Thandi Nkosi');
    const names = (await context.cookies()).map((cookie) => cookie.name);
    expect(names).toContain('malewa_access');
    expect(names).not.toContain('malewa_flow');

    // Signing out and in again with the same provider account finds the same account.
    await page.goto('/auth/login');
    await nextAtProvider({ sub, email: newEmail('thandi'), given_name: 'Thandi', family_name: 'Nkosi' });
    await page.getByRole('link', { name: 'Google' }).click();
    await expect(page.locator('.user-menu summary')).toContainText('Thandi Nkosi');
  });

  test('a provider is connected from the account page, then signs in to that account, and is disconnected', {
    tag: '@desktop-only',
  }, async ({ page, request }) => {
    const account = await createConfirmedAccount(request, { name: 'Neo', surname: 'Molefe' });
    await page.goto('/auth/login?returnTo=%2Faccount%2Fsign-in-methods');
    await page.getByLabel('Email address or phone number').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await submit(page);
    await expect(page).toHaveURL(/\/account\/sign-in-methods$/);
    const google = page.locator('.sign-in-method').filter({ hasText: 'Google' });
    await expect(google).toContainText('Not connected.');

    const sub = `g-link-${Date.now()}`;
    await nextAtProvider({ sub, email: newEmail('neo-google'), given_name: 'Neo', family_name: 'Google' });
    await google.getByRole('link', { name: 'Connect Google' }).click();
    await expect(page).toHaveURL(/\/account\/sign-in-methods$/);
    await expect(google).toContainText('Connected as neo-google');

    // Signed out, "Continue with Google" now opens this very account (its name, not Google's).
    await page.goto('/auth/login');
    await nextAtProvider({ sub, email: newEmail('neo-google'), given_name: 'Neo', family_name: 'Google' });
    await page.getByRole('link', { name: 'Google' }).click();
    await expect(page.locator('.user-menu summary')).toContainText('Neo Molefe');

    await page.goto('/account/sign-in-methods');
    await google.getByRole('button', { name: 'Disconnect Google' }).click();
    await expect(google).toContainText('Not connected.');
  });

  test('an email that already has an account is never merged: back to sign in, told to link it', {
    tag: '@desktop-only',
  }, async ({ page, request }) => {
    const existing = await createConfirmedAccount(request, { name: 'Zola' });
    await nextAtProvider({ sub: `g-${Date.now()}`, email: existing.email, given_name: 'Zola', family_name: 'Dube' });
    await page.goto('/auth/login');
    await page.getByRole('link', { name: 'Google' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByText('An account with this email address already exists')).toBeVisible();
    await expect(page.locator('.user-menu')).toHaveCount(0);
  });
});

for (const { lang, prefix } of LANGS) {
  for (const name of ['login', 'register'] as const) {
    test(`${name} in ${lang} has no serious or critical accessibility violations`, async ({ page }) => {
      await page.goto(`${prefix}/auth/${name}`);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      // With the field errors showing, as a shopper who sent the form empty sees it.
      await submit(page);
      await expect(page.locator('.auth-notices [role="alert"]')).toBeVisible();
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(
        blocking.map((v) => ({ id: v.id, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) })),
      ).toEqual([]);
    });
  }
}

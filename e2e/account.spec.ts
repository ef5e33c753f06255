import AxeBuilder from '@axe-core/playwright';
import type { Browser, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { createConfirmedAccount } from './outbox.ts';
import { hydrated } from './page-ready.ts';

/**
 * The account (issue 4, item 7), as a shopper uses it: signed in through the login page, the
 * header's name and real notifications, marking them read, the profile saved and still there
 * after a reload, a password change that signs out another browser, signing out everywhere; in
 * a left-to-right and a right-to-left language.
 */
const LANGS = [
  { lang: 'en', prefix: '', person: { name: 'Amina', surname: 'Otieno' } },
  { lang: 'ar', prefix: '/ar', person: { name: 'Layla', surname: 'Haddad' } },
] as const;

/** Signs in through the login page, as a shopper does, and lands where `returnTo` says. */
async function signIn(page: Page, prefix: string, account: { email: string; password: string }, returnTo = '') {
  const query = returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : '';
  await page.goto(`${prefix}/auth/login${query}`);
  await hydrated(page);
  await page.locator('input[name="identifier"]').fill(account.email);
  await page.locator('input[name="password"]').fill(account.password);
  await page.locator('form.auth-form button[type="submit"]').click();
}

async function newSignedInPage(browser: Browser, prefix: string, account: { email: string; password: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, prefix, account);
  await expect(page.locator('.user-menu')).toHaveCount(1);
  return page;
}

for (const { lang, prefix, person } of LANGS) {
  test(`${lang}: sign in, notifications, profile, password change, sign out everywhere`, async ({
    page,
    request,
    browser,
    browserProblems,
  }) => {
    test.setTimeout(90_000);
    // The forms sent with errors on purpose (a bad avatar address, a wrong password) answer 400.
    browserProblems.allowFailedLoad(`${prefix}/account.data?index`, 400);
    const account = await createConfirmedAccount(request, { ...person, locale: lang });
    const accountPath = `${prefix}/account`;

    // The guard: to the sign-in page of the language, which comes back here.
    await page.goto(accountPath);
    await expect(page).toHaveURL(`${prefix}/auth/login?returnTo=${encodeURIComponent(accountPath)}`);
    await hydrated(page);
    await page.locator('input[name="identifier"]').fill(account.email);
    await page.locator('input[name="password"]').fill(account.password);
    await page.locator('form.auth-form button[type="submit"]').click();
    await expect(page).toHaveURL(accountPath);

    // The header: name and surname, and the user menu with the account and Sign Out.
    const userMenu = page.locator('.user-menu');
    await expect(userMenu.locator('summary')).toContainText(`${person.name} ${person.surname}`);
    await expect(page.locator('.account-name')).toHaveText(`${person.name} ${person.surname}`);
    await expect(page.locator('.account-contact')).toHaveText(account.email);

    // Personal pages are nobody else's to keep.
    const direct = await page.request.get(accountPath, { maxRedirects: 0 });
    expect(direct.status()).toBe(200);
    expect(direct.headers()['cache-control']).toBe('private, no-store');

    // The credit line: the real balance (zero) in the market's currency, written with the
    // symbol South Africans use (R, never ZAR), in the page's language.
    const credit = page.locator('.account-credit strong');
    await expect(credit).toHaveText(/\bR\b/);
    await expect(credit).not.toHaveText(/ZAR/);
    await expect(credit).toHaveText(/0[.,٫]00|٠٫٠٠/);

    // The notifications: welcome and account confirmed, both unread; the account's own first
    // sign-in is not a "new sign-in".
    await hydrated(page);
    const bell = page.locator('.notification-menu summary');
    await expect(page.locator('.notification-badge')).toHaveText('2');
    await expect(bell).toHaveAttribute('aria-label', /2/);
    await bell.click();
    const items = page.locator('.notification-list > li');
    await expect(items).toHaveCount(2);
    await expect(page.locator('.notification-unread')).toHaveCount(2);
    await expect(items.filter({ hasText: person.name })).toHaveCount(1); // the welcome names the shopper
    await expect(items.filter({ hasText: '127.0.0.1' })).toHaveCount(0);
    // The badge clears at once (optimistically); the reload waits for the server's answer, or
    // it would cancel the request it means to check.
    const marked = page.waitForResponse(
      (response) => response.url().includes('/notifications/read') && response.request().method() === 'POST',
    );
    await page.locator('.notification-head button').click();
    await expect(page.locator('.notification-badge')).toHaveCount(0);
    await expect(page.locator('.notification-unread')).toHaveCount(0);
    expect((await marked).ok()).toBe(true);
    await page.reload();
    await expect(page.locator('.notification-badge')).toHaveCount(0);

    // The profile: saved, and still there after a reload; the header follows.
    await hydrated(page);
    await page.locator('input[name="surname"]').fill(`${person.surname}-Kamau`);
    await page.locator('input[name="phone"]').fill('+254 712 345 678');
    await page.locator('input[name="dateOfBirth"]').fill('1994-03-08');
    await page.locator('textarea[name="bio"]').fill('Ugali, sukuma wiki and mandazi.');
    await page.locator('form.account-form button[type="submit"]').first().click();
    await expect(page.locator('.account-notices [role="status"]').first()).toBeVisible();
    await expect(userMenu.locator('summary')).toContainText(`${person.surname}-Kamau`);
    await page.reload();
    await expect(page.locator('input[name="surname"]')).toHaveValue(`${person.surname}-Kamau`);
    await expect(page.locator('input[name="phone"]')).toHaveValue('+254712345678');
    await expect(page.locator('input[name="dateOfBirth"]')).toHaveValue('1994-03-08');
    await expect(page.locator('textarea[name="bio"]')).toHaveValue('Ugali, sukuma wiki and mandazi.');

    // A field error (docs/product/errors.md, form alerts): the profile keeps what was typed.
    await hydrated(page);
    await page.locator('input[name="avatarUrl"]').fill('http://insecure.example/me.png');
    await page.locator('form.account-form button[type="submit"]').first().click();
    await expect(page.locator('input[name="avatarUrl"]')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('input[name="avatarUrl"]')).toHaveValue('http://insecure.example/me.png');

    // Another browser signed in to the same account.
    const other = await newSignedInPage(browser, prefix, account);

    // A wrong current password is that field's error; nothing changes.
    const credentials = page.locator('form.account-form').nth(1);
    const newPassword = 'mandazi-at-dawn-77';
    await credentials.locator('input[name="newPassword"]').fill(newPassword);
    await credentials.locator('input[name="confirmNewPassword"]').fill(newPassword);
    await credentials.locator('input[name="currentPassword"]').fill('not-my-password');
    await credentials.locator('button[type="submit"]').click();
    await expect(page.locator('input[name="currentPassword"]')).toHaveAttribute('aria-invalid', 'true');

    // The right one: the password changes, and the other browser's next page is signed out.
    await page.locator('input[name="newPassword"]').fill(newPassword);
    await page.locator('input[name="confirmNewPassword"]').fill(newPassword);
    await page.locator('input[name="currentPassword"]').fill(account.password);
    await page.locator('form.account-form').nth(1).locator('button[type="submit"]').click();
    await expect(page.locator('.account-notices .notice-success')).toBeVisible();
    await expect(page.locator('input[name="currentPassword"]')).not.toHaveAttribute('aria-invalid', 'true');
    await page.reload();
    await expect(userMenu).toHaveCount(1);
    await other.reload();
    await expect(other.locator('.user-menu')).toHaveCount(0);
    await expect(other.locator('.header-login')).toHaveCount(1);
    await other.context().close();

    // Sign out everywhere: this browser too; the account asks to sign in again.
    await hydrated(page);
    await page.locator('form[action="/sign-out"] button[type="submit"]').last().click();
    await expect(page).toHaveURL(prefix || '/');
    await expect(page.locator('.user-menu')).toHaveCount(0);
    await page.goto(accountPath);
    await expect(page).toHaveURL(`${prefix}/auth/login?returnTo=${encodeURIComponent(accountPath)}`);

    // And the new password is the one that signs in.
    await signIn(page, prefix, { email: account.email, password: newPassword }, accountPath);
    await expect(page).toHaveURL(accountPath);
  });

  test(`${lang}: /account meets WCAG 2.1 AA (axe)`, async ({ page, request }) => {
    const account = await createConfirmedAccount(request, { ...person, locale: lang });
    await signIn(page, prefix, account, `${prefix}/account`);
    await expect(page).toHaveURL(`${prefix}/account`);
    await hydrated(page);
    await page.locator('.notification-menu summary').click();
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.length}`)).toEqual([]);
  });
}

/**
 * Every page a signed-in shopper loads, in each layout (home, a service, an information page,
 * the account's two pages, the error page), with unread notifications in the header: the first
 * render in the browser matches the server's HTML (the fixture fails the test on React's
 * hydration error, #418, or any other console error), and nothing sticks out of the screen.
 */
const SIGNED_IN_PAGES = ['/', '/food', '/pages/about', '/pages/contact', '/account', '/account/sign-in-methods'];
const NOT_FOUND = '/no-such-page';

/**
 * What of the page sticks out of the screen, on either side. Measured against the screen, not
 * window.innerWidth: a phone widens its layout viewport to fit a page that is too wide, and then
 * nothing looks wider than the (widened) window.
 */
async function partsOffScreen(page: Page): Promise<{ overflow: number; sticking: string[] }> {
  const screen = page.viewportSize()?.width ?? 0;
  const overflow = Number(await page.evaluate('document.documentElement.scrollWidth')) - screen;
  const sticking = (await page.evaluate(`[...document.querySelectorAll('body *')].filter((element) => {
    if (!element.checkVisibility() || element.closest('[hidden], details:not([open]) > :not(summary)')) return false;
    // Inside a row that scrolls sideways on purpose (the account links), parts are meant to be off screen.
    for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
      if (getComputedStyle(up).overflowX !== 'visible') return false;
    }
    const box = element.getBoundingClientRect();
    return box.width > 0 && (box.left < -1 || box.right > ${screen} + 1);
  }).map((element) => element.tagName.toLowerCase() + (element.className ? '.' + String(element.className).split(' ').join('.') : '')).slice(0, 5)`)) as string[];
  return { overflow, sticking };
}

for (const { lang, prefix, person } of LANGS) {
  test(`${lang}: signed-in pages hydrate without an error and fit the screen @both-widths`, async ({
    page,
    request,
    browserProblems,
  }) => {
    test.setTimeout(60_000);
    browserProblems.allowFailedLoad(`${prefix}${NOT_FOUND}`, 404);
    const account = await createConfirmedAccount(request, { ...person, locale: lang });
    await signIn(page, prefix, account);
    await expect(page.locator('.user-menu')).toHaveCount(1);
    for (const path of [...SIGNED_IN_PAGES, NOT_FOUND]) {
      await page.goto(`${prefix}${path === '/' ? '' : path}` || '/');
      await expect(page.locator('.notification-badge'), path).toHaveText('2');
      await hydrated(page);
      // React reports a failed hydration right after it; its report comes before this answer.
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
      expect(browserProblems.unexpected, path).toEqual([]);
      // No page is wider than the screen, left to right or right to left.
      const { overflow, sticking } = await partsOffScreen(page);
      expect(sticking, path).toEqual([]);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
}

/**
 * Tabs of one browser share the session (session/signed-in-sync.ts): signing in or out in one
 * shows in the others at once, in the same document (no reload), and an account page left open
 * in another tab goes to the sign-in page rather than show an account that is gone.
 */
test('signing in and out in one tab shows in the other tabs without a reload', async ({ browser, request }) => {
  test.setTimeout(60_000);
  const account = await createConfirmedAccount(request);
  const context = await browser.newContext();
  const home = await context.newPage();
  await home.goto('/');
  await hydrated(home);
  await expect(home.locator('.header-login')).toHaveCount(1);
  await home.evaluate(() => {
    (globalThis as unknown as { sameDocument: boolean }).sameDocument = true;
  });

  const tab = await context.newPage();
  await signIn(tab, '', account);
  await expect(tab.locator('.user-menu')).toHaveCount(1);
  await expect(home.locator('.user-menu')).toHaveCount(1);
  await expect(home.locator('.header-login')).toHaveCount(0);

  const accountTab = await context.newPage();
  await accountTab.goto('/account');
  await hydrated(accountTab);
  await expect(accountTab.locator('.account-name')).toHaveCount(1);

  await hydrated(tab);
  await tab.locator('.user-menu summary').click();
  await tab.locator('.user-menu-sign-out button[type="submit"]').click();
  await expect(tab.locator('.header-login')).toHaveCount(1);

  await expect(home.locator('.header-login')).toHaveCount(1);
  await expect(home.locator('.user-menu')).toHaveCount(0);
  await expect(accountTab).toHaveURL(`/auth/login?returnTo=${encodeURIComponent('/account')}`);
  expect(await home.evaluate(() => (globalThis as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  await context.close();
});

/** The e2e project has no DOM library: the one call these checks need, declared here. */
const directionOf = (locator: Locator) =>
  locator.evaluate(
    (element) =>
      (globalThis as unknown as { getComputedStyle(e: unknown): { direction: string } }).getComputedStyle(element)
        .direction,
  );

/**
 * Left-to-right tokens inside right-to-left pages keep their order: phone and email fields are
 * left to right (so is their example), the example phone number in a hint is isolated, and the
 * shopper's address in the account panel is a left-to-right <bdi>.
 */
test('ar: phone numbers, emails and amounts keep their order in right-to-left pages', async ({ page, request }) => {
  await page.goto('/ar/auth/register');
  const identifier = page.locator('input[name="identifier"]');
  expect(await directionOf(identifier)).toBe('ltr');
  await expect(page.locator('form.auth-form')).toContainText('\u2066+254 712 345 678\u2069');

  const account = await createConfirmedAccount(request, { name: 'Layla', surname: 'Haddad', locale: 'ar' });
  await signIn(page, '/ar', account);
  await expect(page.locator('.user-menu')).toHaveCount(1);
  await page.goto('/ar/account');
  await expect(page.locator('.account-contact bdi[dir="ltr"]')).toHaveText(account.email);
  for (const field of ['email', 'phone', 'avatarUrl']) {
    const input = page.locator(`.account-form input[name="${field}"]`).first();
    expect(await directionOf(input), field).toBe('ltr');
  }
});

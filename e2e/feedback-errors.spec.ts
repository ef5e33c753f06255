import { randomBytes } from 'node:crypto';
import type { Page, Route } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { hydrated } from './page-ready.ts';

/**
 * Feedback and errors (docs/product/errors.md; pages.md, loading and staleness): toasts, the
 * form's alert area, the navigation progress bar, the refresh of stale data on return, and the
 * error and 404 pages with their status codes.
 */

// These tests are about the page itself; the offline worker (which answers failed requests
// from its caches) has its own spec, and Playwright cannot intercept what it fetches.
test.use({ serviceWorkers: 'block' });

/** Contact messages are limited per address: each test sends from one of its own. */
async function actAsShopper(page: Page) {
  const address = `2001:db8::${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': address });
}

async function fillContactForm(page: Page) {
  await page.getByLabel('Your name').fill('Wanjiru Kamau');
  await page.getByLabel('Email address').fill('wanjiru@example.co.ke');
  await page.getByLabel('Topic').selectOption('delivery');
  await page.getByLabel('Your message').fill('My order from Westlands arrived an hour late.');
}

/** A gate that holds a page's data request until the test opens it, then lets it through or fails it. */
function holdDataRequests(page: Page, pattern: string | RegExp) {
  let open: (how: 'continue' | 'abort') => void = () => {};
  const gate = new Promise<'continue' | 'abort'>((resolve) => {
    open = resolve;
  });
  const handler = async (route: Route) => {
    if ((await gate) === 'abort') await route.abort();
    else await route.continue();
  };
  return { ready: page.route(pattern, handler), open: (how: 'continue' | 'abort') => open(how) };
}

test.describe('toasts', () => {
  test('a sent contact message raises a toast that leaves after its lifetime, or at a click', async ({ page }) => {
    await actAsShopper(page);
    // Time stands still in the page, so the toast stays until the test moves the clock.
    await page.clock.install();
    await page.goto('/pages/contact');
    await hydrated(page);
    await page.clock.pauseAt(Date.now() + 60_000);
    const toasts = page.locator('.toasts');

    await fillContactForm(page);
    await page.getByRole('button', { name: 'Send message' }).click();
    const toast = toasts.getByRole('button', { name: /Message sent/ });
    await expect(toast).toContainText(/Reference [0-9A-F]{8}/);
    const reference = /Reference ([0-9A-F]{8})/.exec((await toast.textContent()) ?? '')?.[1] ?? '';
    // The acknowledgement in the form stays too.
    const status = page.getByRole('status');
    await expect(status).toContainText('Thank you — your message has been sent');
    await expect(status).toContainText(reference);
    await toast.click();
    await expect(toast).toHaveCount(0);

    await fillContactForm(page);
    await page.getByRole('button', { name: 'Send message' }).click();
    // The second message has been sent (a new reference) before its toast is looked for.
    await expect(status).toContainText(/reference is [0-9A-F]{8}/);
    await expect(status).not.toContainText(reference);
    await expect(toast).toBeVisible();
    await page.clock.runFor(1_900);
    await expect(toast).toBeVisible();
    await page.clock.runFor(200);
    await expect(toast).toHaveCount(0);
  });

  test('without JavaScript the server renders the toast into the page', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await actAsShopper(page);
    await page.goto('/ar/pages/contact');
    await page.getByLabel('اسمك').fill('Fatima Hassan');
    await page.getByLabel('رقم الهاتف').fill('+254 712 345 678');
    await page.getByLabel('الموضوع').selectOption('delivery');
    await page.getByLabel('رسالتك').fill('وصل طلبي متأخرًا ساعة كاملة.');
    await page.getByRole('button', { name: 'إرسال الرسالة' }).click();
    const toast = page.locator('.toasts li');
    await expect(toast).toContainText('أُرسلت الرسالة');
    await expect(toast).toHaveAttribute('data-expires', '');
    // Shown once: the next page does not bring it back.
    await page.goto('/ar/pages/about');
    await expect(page.locator('.toasts li')).toHaveCount(0);
    await context.close();
  });
});

test.describe('the contact form’s alert area', () => {
  test('a send that cannot reach the server says so, keeps what was typed, and clears the alert', async ({
    page,
    context,
    browserProblems,
  }) => {
    browserProblems.allowFailedLoad('/pages/contact.data', 'net::ERR_INTERNET_DISCONNECTED');
    // The footer's flags on a phone are below the fold: loaded lazily, they may first be asked
    // for while the browser is offline (as in offline.spec.ts).
    browserProblems.allowFailedLoad(/\/assets\/market-flags-[\w-]+\.png$/, 'net::ERR_INTERNET_DISCONNECTED');
    await actAsShopper(page);
    await page.goto('/pages/contact');
    await hydrated(page);
    await fillContactForm(page);
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Send message' }).click();

    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Network Error');
    await expect(alert).toContainText("Couldn't make request");
    await expect(page.getByLabel('Your name')).toHaveValue('Wanjiru Kamau');
    await expect(page.getByLabel('Your message')).toHaveValue('My order from Westlands arrived an hour late.');
    // Gone from sight after a second, still there for a screen reader.
    await expect(alert).toHaveClass(/visually-hidden/);

    await context.setOffline(false);
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('status')).toContainText('your message has been sent');
  });

  test('field errors are listed in the alert, each with its label', async ({ page, browserProblems }) => {
    // The action's answer to a form with errors is a 400, which the browser logs.
    browserProblems.allowFailedLoad('/pages/contact.data', 400);
    await actAsShopper(page);
    await page.goto('/pages/contact');
    await page.getByLabel('Your name').fill('A');
    await page.getByRole('button', { name: 'Send message' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Please correct the highlighted fields');
    await expect(alert.getByRole('listitem').filter({ hasText: 'Your name:' })).toContainText(
      'Enter your name (2 to 120 characters).',
    );
    await expect(alert.getByRole('listitem').filter({ hasText: 'Topic:' })).toContainText('Choose a topic.');
  });
});

test.describe('error pages', () => {
  for (const { path, lang, contact, help, home, heading, title, toastTitle } of [
    {
      path: '/errors/404',
      lang: 'en',
      contact: '/pages/contact',
      help: '/pages/help',
      home: '/',
      heading: '::404:: This page could not be found ::404::',
      title: 'This page could not be found | Malewa',
      toastTitle: 'Error 404',
    },
    {
      path: '/ar/errors/404',
      lang: 'ar',
      contact: '/ar/pages/contact',
      help: '/ar/pages/help',
      home: '/ar',
      heading: '::404:: تعذّر العثور على هذه الصفحة ::404::',
      title: 'تعذّر العثور على هذه الصفحة | Malewa',
      toastTitle: 'خطأ 404',
    },
  ]) {
    test(`${path} is the 404 page: status, illustration, tell-us link, Go Back, Help, 3 s notification`, async ({
      page,
      browserProblems,
    }) => {
      browserProblems.allowFailedLoad(path, 404);
      // Time stands still in the page from the start: the notification's 3 s are the test's to run.
      await page.clock.install();
      await page.clock.pauseAt(Date.now() + 1_000);
      const response = await page.goto(path);
      // The scripts start in the frame after load (decision 40): that frame comes, the toast's 3 s not yet.
      await page.clock.runFor(100);
      expect(response?.status()).toBe(404);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page).toHaveTitle(title);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
      await expect(page.locator('.error-page svg.not-found-illustration')).toBeVisible();

      const section = page.locator('.error-page');
      const links = section.getByRole('link');
      await expect(links).toHaveCount(3);
      await expect(links.nth(0)).toHaveAttribute('href', contact);
      await expect(links.nth(1)).toHaveAttribute('href', home);
      await expect(links.nth(2)).toHaveAttribute('href', help);
      if (lang === 'en') {
        await expect(links.nth(0)).toHaveText('If you think this is a problem with us, please tell us');
        await expect(links.nth(1)).toHaveText('Go Back');
        await expect(links.nth(2)).toHaveText('Help');
      }

      // The error notification stays 3000 ms, a second longer than an ordinary toast.
      const toast = page.locator('.toasts li.toast-error');
      await expect(toast).toContainText(toastTitle);
      await page.clock.runFor(2_900);
      await expect(toast).toBeVisible();
      await page.clock.runFor(200);
      await expect(toast).toHaveCount(0);
    });
  }

  for (const path of ['/no-such-page', '/ar/no-such-page', '/zz/pages/help']) {
    test(`${path} answers 404 with the illustration`, async ({ page, browserProblems }) => {
      browserProblems.allowFailedLoad(path, 404);
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toContainText('::404::');
      await expect(page.locator('.not-found-illustration')).toBeVisible();
    });
  }

  test('without JavaScript the 404 page shows its illustration too', async ({ browser, browserProblems }) => {
    browserProblems.allowFailedLoad('/no-such-page', 404);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    // In place in the page as sent, not streamed after it for a script to fill in.
    await expect(page.locator('.error-page svg.not-found-illustration')).toBeVisible();
    await context.close();
  });

  test('the illustration is mirrored in Arabic, where the ride goes the other way', async ({
    page,
    browserProblems,
  }) => {
    browserProblems.allowFailedLoad('/errors/404', 404);
    browserProblems.allowFailedLoad('/ar/errors/404', 404);
    await page.goto('/errors/404');
    const transform = "getComputedStyle(document.querySelector('.not-found-illustration')).transform";
    const ltr = await page.evaluate(transform);
    await page.goto('/ar/errors/404');
    const rtl = await page.evaluate(transform);
    expect(ltr).toBe('none');
    expect(rtl).toBe('matrix(-1, 0, 0, 1, 0, 0)');
  });
});

test.describe('navigation progress bar', () => {
  test('shows while a slow navigation loads, and leaves when the page is there', async ({ page }) => {
    await page.goto('/pages/about');
    await hydrated(page);
    const held = holdDataRequests(page, '**/pages/help.data*');
    await held.ready;
    await page.locator('.more-nav').getByRole('link', { name: 'FAQ & Help' }).click();
    const bar = page.getByRole('progressbar', { name: 'Loading the page' });
    await expect(bar).toBeVisible();
    held.open('continue');
    await expect(page).toHaveURL(/\/pages\/help$/);
    await expect(bar).toHaveCount(0);
  });

  test('turns red when the navigation fails, over the error page', async ({ page, browserProblems }) => {
    // The aborted request, and React Router reporting the failed fetch.
    browserProblems.allowFailedLoad(/\/ar\/pages\/terms\.data\?/, 'net::ERR_FAILED');
    browserProblems.allowConsoleError(/^TypeError: Failed to fetch\b/);
    await page.goto('/ar/pages/about');
    await hydrated(page);
    const held = holdDataRequests(page, '**/ar/pages/terms.data*');
    await held.ready;
    await page.locator('.more-nav a[href="/ar/pages/terms"]').click();
    await expect(page.locator('.nav-progress[data-phase="running"]')).toBeVisible();
    held.open('abort');
    const failed = page.getByRole('progressbar', { name: 'تعذّر تحميل الصفحة' });
    await expect(failed).toHaveAttribute('data-phase', 'failed');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('::500:: حدث خطأ ::500::');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  });
});

test.describe('refresh on return', () => {
  test('a page whose data is older than 30 s reloads it when shown again; fresher data stays', async ({ page }) => {
    await page.clock.install();
    await page.goto('/pages/about');
    await hydrated(page);
    const dataRequests: string[] = [];
    page.on('request', (request) => {
      if (/\.data(\?|$)/.test(new URL(request.url()).pathname + new URL(request.url()).search)) {
        dataRequests.push(request.url());
      }
    });
    const showAgain = () => page.evaluate("document.dispatchEvent(new Event('visibilitychange'))");

    await page.clock.fastForward(20_000);
    await showAgain();
    await page.clock.fastForward(11_000);
    const refresh = page.waitForRequest((request) => request.url().includes('.data'));
    await showAgain();
    await refresh;
    await page.waitForLoadState('networkidle');
    expect(dataRequests).toHaveLength(1);
  });
});

test.describe('a code chunk that failed to load', () => {
  test('reloads the page once; within the next minute the error goes on to the error page', async ({ page }) => {
    await page.goto('/pages/about');
    await hydrated(page);
    // What Vite's module preloader dispatches when a chunk it needs cannot be fetched.
    const preloadFails = () =>
      page.evaluate<boolean>(
        "(() => { const e = new Event('vite:preloadError', { cancelable: true }); dispatchEvent(e); return e.defaultPrevented; })()",
      );

    const reload = page.waitForRequest((request) => request.isNavigationRequest());
    expect(await preloadFails()).toBe(true);
    expect(new URL((await reload).url()).pathname).toBe('/pages/about');
    await page.waitForLoadState('load');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Malewa');
    await hydrated(page);

    // Within the minute the guard refuses: the error is left to reach the error page.
    expect(await preloadFails()).toBe(false);
    // A minute later (the guard's record gone) it would reload again.
    await page.evaluate("sessionStorage.removeItem('malewa:chunk-reload-at')");
    const again = page.waitForRequest((request) => request.isNavigationRequest());
    // Let that reload finish too: closing the context in the middle of a navigation can hang.
    const reloaded = page.waitForEvent('load');
    expect(await preloadFails()).toBe(true);
    await again;
    await reloaded;
    await hydrated(page);
  });
});

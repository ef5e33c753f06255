import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { signInTo } from './applications.ts';
import { expect, test } from './fixtures.ts';
import { API_ORIGIN, createConfirmedAccount } from './outbox.ts';
import { hydrated } from './page-ready.ts';
import { choosePlace } from './place.ts';
import { CLOSED_KITCHEN } from './shops.ts';
import { onSlowLink } from './slow-link.ts';

/**
 * Light pages (decision 39): on a slow connection (the Downlink client hint under 0.5 Mbit/s,
 * as Chromium sends it on 2G) or with Save-Data, pages come without scripts and with the
 * smallest pictures, and everything a shopper does works as plain HTML. Chromium's headless
 * shell sends no client hints of its own: the tests send the ones a phone on 2G sends.
 */

const SLOW = { ECT: '3g', Downlink: '0.25' };
const FAST = { ECT: '4g', Downlink: '1.6' };

/** A meal simple to buy near Nairobi (no options, no stock count, its kitchen open), dear enough for its kitchen's minimum. */
async function simpleMealNearNairobi(request: APIRequestContext): Promise<string> {
  const locations = (await (await request.get(`${API_ORIGIN}/api/locations?perPage=100`)).json()).data as {
    id: string;
    name: string;
  }[];
  const nairobi = locations.find((place) => place.name === 'Nairobi');
  if (!nairobi) throw new Error('no Nairobi in the seed');
  const list = await request.get(`${API_ORIGIN}/api/food/meals?perPage=100&sortBy=price&order=desc`, {
    headers: { 'X-STORE-ID': 'KE', 'X-STORE-LOCATION': nairobi.id },
  });
  const meals = (await list.json()).data as {
    slug: string;
    available: boolean;
    stock: number | null;
    hasOptions?: boolean;
    provider: { slug: string };
  }[];
  const meal = meals.find(
    (card) => card.available && card.stock === null && !card.hasOptions && card.provider.slug !== CLOSED_KITCHEN,
  );
  if (!meal) throw new Error('no simple meal near Nairobi');
  return meal.slug;
}

/**
 * A context whose every request carries the hints, redirects after a form included (which
 * Playwright's `extraHTTPHeaders` leave out, and Chromium's own hints do not).
 */
async function connectedAt(browser: Browser, baseURL: string | undefined, hints: Record<string, string>) {
  const context = await browser.newContext({ baseURL });
  await context.route('**/*', (route) => route.continue({ headers: { ...route.request().headers(), ...hints } }));
  return context;
}

/** The document carries no script of the app, nor any preload of one. */
async function expectNoScripts(page: Page): Promise<void> {
  await expect(page.locator('script[type="module"]')).toHaveCount(0);
  await expect(page.locator('link[rel="modulepreload"]')).toHaveCount(0);
  await expect(page.locator('script:not([type="application/ld+json"])')).toHaveCount(0);
}

test('on a slow connection a signed-in shopper browses, adds, checks out and follows the order without scripts', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const slug = await simpleMealNearNairobi(request);
  const account = await createConfirmedAccount(request, { name: 'Achieng', surname: 'Odhiambo' });
  const context = await connectedAt(browser, baseURL, SLOW);
  const page = await context.newPage();

  const list = await page.goto('/food/meals');
  expect(list?.headers().vary).toMatch(/\bDownlink\b/);
  expect(list?.headers()['accept-ch']).toMatch(/\bDownlink\b/);
  await expectNoScripts(page);
  // The smallest pictures only.
  await expect(page.locator('.card-grid > li').first().locator('.item-art img')).toHaveAttribute(
    'srcset',
    /^\S+\/160\.webp 160w$/,
  );
  await choosePlace(page, 'Nairobi');

  await page.goto('/auth/login');
  await expectNoScripts(page);
  await signInTo(page, '/', account);
  await expect(page.locator('.user-menu')).toHaveCount(1);

  await page.goto(`/food/meals/${slug}`);
  await expectNoScripts(page);
  await page.locator('.add-to-cart button[type="submit"]').click();
  await expect(page).toHaveURL(`/food/meals/${slug}`);
  await expect(page.locator('.toast-success')).toBeVisible();
  await expect(page.locator('.header-cart .cart-count')).toHaveText('1');

  await page.goto('/cart/food');
  await expectNoScripts(page);
  await page.locator('.cart-summary a.button-primary').click();
  await expect(page).toHaveURL('/cart/food/checkout');
  await expectNoScripts(page);
  await page.locator('input[name="phone"]').fill('0712 345 678');
  await page.locator('input[name="line"]').fill('Argwings Kodhek Road 3');
  await page.locator('input[name="area"]').fill('Kilimani');
  await page.locator('.checkout-form button.checkout-place').click();
  await expect(page).toHaveURL(/\/account\/orders\/placed\/[0-9a-f-]{36}$/);
  await expectNoScripts(page);

  // An order on its way reloads itself every 30 seconds: the page has no live status to follow it.
  await page.locator('.order-card a').first().click();
  await expect(page).toHaveURL(/\/account\/orders\/[0-9a-f-]{36}$/);
  await expectNoScripts(page);
  await expect(page.locator('meta[http-equiv="refresh"]')).toHaveAttribute('content', '30');
  await context.close();
});

test('on a fast connection the same pages come with their scripts and hydrate', async ({ browser, baseURL }) => {
  const context = await connectedAt(browser, baseURL, FAST);
  const page = await context.newPage();
  await page.goto('/food/meals');
  await hydrated(page);
  await expect(page.locator('script[type="module"]')).not.toHaveCount(0);
  // The scripts and the texts they read wait for the page to load (decision 40).
  const timings = await page.evaluate(() => {
    // The browser's timings (this type check has no DOM library).
    type Entry = { name: string; startTime: number; loadEventStart?: number };
    const { performance } = globalThis as unknown as { performance: { getEntriesByType(type: string): Entry[] } };
    const [navigation] = performance.getEntriesByType('navigation');
    const scripts = performance
      .getEntriesByType('resource')
      .filter((entry) => /\/assets\/[^/]+\.js$/.test(new URL(entry.name).pathname));
    return {
      loaded: navigation?.loadEventStart ?? Number.NaN,
      starter: scripts.filter((entry) => entry.name.includes('/scripts-after-load')).length,
      firstModule: Math.min(...scripts.filter((e) => !e.name.includes('/scripts-after-load')).map((e) => e.startTime)),
      firstTexts: Math.min(
        ...performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.includes('/assets/messages/'))
          .map((entry) => entry.startTime),
      ),
    };
  });
  expect(timings.starter).toBe(1);
  expect(timings.firstModule).toBeGreaterThanOrEqual(timings.loaded);
  expect(timings.firstTexts).toBeGreaterThanOrEqual(timings.loaded);
  await expect(page.locator('.card-grid > li').first().locator('.item-art img')).toHaveAttribute(
    'srcset',
    /160w, .*320w/,
  );
  await context.close();
});

test('a shopper on a slow connection can ask for the full pages, and for the light ones back', async ({
  browser,
  baseURL,
}) => {
  const context = await connectedAt(browser, baseURL, SLOW);
  const page = await context.newPage();
  await page.goto('/ar/food/meals?sortBy=price');
  await expectNoScripts(page);
  const switcher = page.locator('.site-footer .footer-pages');
  await expect(switcher.locator('p')).not.toBeEmpty();
  await switcher.getByRole('button').click();

  // Back on the same page, now with its scripts, though the connection is as slow.
  await expect(page).toHaveURL('/ar/food/meals?sortBy=price');
  await hydrated(page);
  await expect(switcher.locator('p')).toHaveCount(0);
  await page.goto('/food/meals');
  await hydrated(page);

  await switcher.getByRole('button', { name: 'Use light pages' }).click();
  await expect(page).toHaveURL('/food/meals');
  await expectNoScripts(page);
  await expect(switcher).toContainText('Light pages');
  await context.close();
});

/** The app's files the page asked for (scripts and texts), but the starter. */
async function appFilesAskedFor(page: Page): Promise<string[]> {
  const names = await page.evaluate(() => {
    const { performance } = globalThis as unknown as {
      performance: { getEntriesByType(type: string): { name: string }[] };
    };
    return performance.getEntriesByType('resource').map((entry) => entry.name);
  });
  return names.filter((name) => /\/assets\/.+\.(js|json)$/.test(name) && !name.includes('/scripts-after-load'));
}

test('a first visit on a slow link, asked for before any hint, keeps its scripts held and works as a light page', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await onSlowLink(page);
  await page.goto('/food/meals');
  await expect(page.locator('html')).toHaveAttribute('data-scripts', 'held');
  expect(await appFilesAskedFor(page)).toEqual([]);
  // Its links are plain links: the next page opens, its scripts held too.
  await page.locator('.card-grid > li a').first().click();
  await expect(page).toHaveURL(/\/food\/meals\/[^/]+$/);
  await expect(page.locator('html')).toHaveAttribute('data-scripts', 'held');
  expect(await appFilesAskedFor(page)).toEqual([]);
  await context.close();
});

test('on a slow link the scripts start when the shopper asked for full pages', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  await context.addCookies([{ name: 'malewa_pages', value: 'full', url: baseURL ?? '' }]);
  const page = await context.newPage();
  await onSlowLink(page);
  await page.goto('/food/meals');
  await hydrated(page);
  await expect(page.locator('html')).not.toHaveAttribute('data-scripts', 'held');
  expect(await appFilesAskedFor(page)).not.toEqual([]);
  await context.close();
});

test('on a fast connection the footer has no switch', async ({ page }) => {
  await page.goto('/food/meals');
  await expect(page.locator('.site-footer')).toBeVisible();
  await expect(page.locator('.footer-pages')).toHaveCount(0);
});

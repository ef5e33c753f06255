import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { hydrated } from './page-ready.ts';

// The browser globals the page functions use (this type check has no DOM library).
interface BrowserGlobals {
  navigator: {
    serviceWorker: {
      ready: Promise<unknown>;
      controller: unknown;
      addEventListener(type: 'controllerchange', listener: () => void, options: { once: boolean }): void;
    };
  };
  caches: { match(url: string, options: { ignoreVary: boolean }): Promise<unknown> };
}

/** Waits until the offline worker has installed and controls the page. */
async function waitForWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const { serviceWorker } = (globalThis as unknown as BrowserGlobals).navigator;
    await serviceWorker.ready;
    if (serviceWorker.controller) return;
    await new Promise<void>((resolve) => serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
  });
}

/** Resolves once the worker has saved `path` (pages are saved just after they are shown). */
async function waitUntilSaved(page: Page, path: string): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(
        async (url) =>
          (await (globalThis as unknown as BrowserGlobals).caches.match(url, { ignoreVary: true })) !== undefined,
        path,
      ),
    )
    .toBe(true);
}

/**
 * The footer's flags on a phone: below the fold, so never loaded (and never saved) before the
 * connection went; offline the browser reports each one it could not fetch.
 */
const FLAG_ASSET = /\/assets\/market-flags-[\w-]+\.png$/;

test.describe('offline', () => {
  test('a visited page opens offline; an unvisited one shows the offline page of its language', async ({
    page,
    context,
    browserProblems,
  }) => {
    // The offline page answers 503 in place of the page asked for.
    browserProblems.allowFailedLoad('/grocery', 503);
    browserProblems.allowFailedLoad('/ar/chef', 503);
    await page.goto('/');
    await waitForWorker(page);
    await page.goto('/ar');
    await waitUntilSaved(page, '/ar/offline');
    await page.goto('/food');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const foodHeading = await page.getByRole('heading', { level: 1 }).textContent();
    await waitUntilSaved(page, '/food');
    // Its after-load scripts too, or the offline page has no script to come back with.
    await hydrated(page);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(foodHeading ?? '');

    // Never visited: the English offline page, under the address asked for.
    const grocery = await page.goto('/grocery');
    expect(grocery?.status()).toBe(503);
    await expect(page).toHaveURL(/\/grocery$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("You're offline");
    await expect(page.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '');
    const saved = page.getByRole('region', { name: 'Saved on this device' });
    await expect(saved.getByRole('link', { name: 'Food: homecooked meals delivered' })).toHaveAttribute(
      'href',
      '/food',
    );

    // The Arabic one, right to left, listing the Arabic page that was saved.
    await page.goto('/ar/chef');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('أنت غير متصل بالإنترنت');
    await page.getByRole('region', { name: 'محفوظة على هذا الجهاز' }).getByRole('link').first().click();
    await expect(page).toHaveURL(/\/ar$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('نحن نطبخ حتى لا تضطر أنت إلى ذلك!');
  });

  test('client-side navigations work offline: saved pages open, others show the offline page', async ({
    page,
    context,
    browserProblems,
  }) => {
    browserProblems.allowFailedLoad('/fr/grocery', 503);
    // The phone's footer flags are lazy: a page opened offline may ask for them then.
    browserProblems.allowFailedLoad(FLAG_ASSET, 'net::ERR_FAILED');
    // The first page loads before the worker exists; it saves that page when it takes over.
    await page.goto('/fr');
    await waitForWorker(page);
    await waitUntilSaved(page, '/fr');
    await waitUntilSaved(page, '/fr/offline');
    await page.goto('/fr/food');
    await waitUntilSaved(page, '/fr/food');
    // Its scripts load after the page's `load` (decision 40): offline before they have, the
    // click below would be a whole page's load, and the scripts' requests would fail.
    await hydrated(page);

    await context.setOffline(true);
    await page.locator('.brand').click();
    await expect(page).toHaveURL(/\/fr$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      "On cuisine pour que vous n'ayez pas à le faire !",
    );

    await page.goto('/fr/grocery');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vous êtes hors ligne');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  });

  test('a saved page shows its pictures offline; one never loaded leaves the card its colour, not a broken image', async ({
    page,
    context,
  }) => {
    await page.goto('/farm/produces');
    await waitForWorker(page);
    // Loaded again under the worker: this time each picture passes through it and is kept.
    await page.goto('/farm/produces');
    await waitUntilSaved(page, '/farm/produces');
    const first = page.locator('.item-art img').first();
    await expect(first).toHaveJSProperty('complete', true);
    const seen = await first.evaluate((img) => (img as unknown as { currentSrc: string }).currentSrc);
    expect(seen).toMatch(/\/media\/v1\//);
    await waitUntilSaved(page, new URL(seen).pathname);

    await context.setOffline(true);
    await page.reload();
    await expect(first).toHaveJSProperty('complete', true);
    expect(await first.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(1);

    // A width of the same picture this phone never fetched, as a wider screen or a zoom asks for.
    const unseen = seen.replace(/\/(160|320)\.(avif|webp)$/, '/640.$2');
    expect(unseen).not.toBe(seen);
    const drawn = await page.evaluate(async (src) => {
      const { Image } = globalThis as unknown as {
        Image: new () => { src: string; naturalWidth: number; decode(): Promise<void> };
      };
      const img = new Image();
      img.src = src;
      await img.decode();
      return img.naturalWidth;
    }, unseen);
    expect(drawn).toBe(1);
  });

  test('back online, "Try again" loads the page that was asked for', async ({ page, context, browserProblems }) => {
    browserProblems.allowFailedLoad('/pages/about', 503);
    browserProblems.allowFailedLoad(FLAG_ASSET, 'net::ERR_FAILED');
    await page.goto('/');
    await waitForWorker(page);
    await waitUntilSaved(page, '/offline');
    await context.setOffline(true);
    await page.goto('/pages/about');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("You're offline");

    await context.setOffline(false);
    await page.getByRole('link', { name: 'Try again' }).click();
    await expect(page).toHaveURL(/\/pages\/about$/);
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText("You're offline");
  });

  for (const prefix of ['', '/ar']) {
    test(`the offline page as served offline${prefix ? ' in Arabic' : ''} has no serious accessibility violations`, async ({
      page,
      context,
      browserProblems,
    }) => {
      browserProblems.allowFailedLoad(`${prefix}/grocery`, 503);
      browserProblems.allowFailedLoad(FLAG_ASSET, 'net::ERR_FAILED');
      await page.goto(prefix || '/');
      await waitForWorker(page);
      await waitUntilSaved(page, prefix || '/');
      await waitUntilSaved(page, `${prefix}/offline`);
      await context.setOffline(true);
      await page.goto(`${prefix}/grocery`);
      await expect(page.locator('#saved-pages')).toBeVisible();
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(blocking.map((v) => ({ id: v.id, targets: v.nodes.map((n) => n.target.join(' ')) }))).toEqual([]);
    });
  }

  test('the offline page is not for search engines and ships no JavaScript', async ({ page }) => {
    await page.goto('/fr/offline');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(page.locator('script')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vous êtes hors ligne');
  });

  test('the worker script is at the root and always revalidated', async ({ request }) => {
    const response = await request.get('/sw.js');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/javascript/);
    expect(response.headers()['cache-control']).toBe('no-cache');
  });
});

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

test.describe('install', () => {
  test('each language links its own manifest, with icons of the sizes they claim', async ({ page, request }) => {
    await page.goto('/ar');
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/ar/manifest.webmanifest');
    const response = await request.get('/ar/manifest.webmanifest');
    expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = JSON.parse(await response.text()) as {
      lang: string;
      dir: string;
      start_url: string;
      display: string;
      theme_color: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({
      lang: 'ar',
      dir: 'rtl',
      start_url: '/ar',
      display: 'standalone',
      theme_color: '#DE421B',
    });
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(
      expect.arrayContaining(['64x64', '128x128', '192x192', '256x256', '384x384', '512x512']),
    );
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons) {
      const file = await request.get(icon.src);
      expect(file.headers()['content-type'], icon.src).toBe('image/png');
      const { width, height } = pngSize(await file.body());
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
    }
  });

  test('English is the unprefixed manifest, and iOS finds its touch icon', async ({ page, request }) => {
    await page.goto('/');
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    const manifest = (await (await request.get('/manifest.webmanifest')).json()) as { lang: string; start_url: string };
    expect(manifest).toMatchObject({ lang: 'en', start_url: '/' });
    const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    expect(pngSize(await (await request.get(touchIcon ?? '')).body())).toEqual({ width: 180, height: 180 });
  });
});

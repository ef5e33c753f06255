import type { BrowserContext, Page } from '@playwright/test';
import { postForm } from './csrf-form.ts';
import { expect, test } from './fixtures.ts';
import { hydrated } from './page-ready.ts';
import { openPicker, openPickerPage } from './pickers.ts';

// The e2e project has no DOM library: the little of the page these tests touch, declared here.
declare const window: Record<string, unknown>;
declare const document: {
  documentElement: { dataset: Record<string, string | undefined> };
  body: unknown;
};
declare function getComputedStyle(element: unknown): {
  backgroundColor: string;
  color: string;
  colorScheme: string;
  borderRadius: string;
  getPropertyValue(name: string): string;
};
declare class MutationObserver {
  constructor(callback: () => void);
  observe(target: unknown, options: { attributeFilter: string[] }): void;
}

const DAY_SECONDS = 24 * 60 * 60;
const COLOURS = [
  'malewa',
  'bluenavy',
  'blueyale',
  'blueolympic',
  'greenmoss',
  'greenlime',
  'purplemonster',
  'orangecarrot',
  'redruby',
  'yellowgranola',
  'greysteel',
];

/** WCAG relative luminance of a computed `rgb(r, g, b)` colour. */
function luminance(rgb: string): number {
  const channels =
    rgb
      .match(/\d+(\.\d+)?/g)
      ?.slice(0, 3)
      .map(Number) ?? [];
  const [r = 0, g = 0, b = 0] = channels.map((value) => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

async function pageColours(page: Page) {
  // `<html>` and its attributes arrive before `<body>` has been parsed.
  await page.waitForLoadState('domcontentloaded');
  return page.evaluate(() => {
    const style = getComputedStyle(document.body);
    return { background: getComputedStyle(document.documentElement).backgroundColor, text: style.color };
  });
}

async function openThemes(page: Page) {
  await openPicker(page, '.theme-picker');
}

async function themeCookies(context: BrowserContext) {
  const cookies = await context.cookies();
  return {
    theme: cookies.find((c) => c.name === 'malewa_theme'),
    radius: cookies.find((c) => c.name === 'malewa_radius'),
  };
}

test.describe('the first HTML response', () => {
  test('already carries the theme of the cookies: no flash', async ({ request }) => {
    const response = await request.get('/food', {
      headers: { Cookie: 'malewa_theme=dark.bluenavy; malewa_radius=round' },
    });
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<html [^>]*data-theme="dark\.bluenavy"/);
    expect(html).toMatch(/<html [^>]*data-radius="round"/);
    expect(html).toMatch(/<meta name="theme-color" content="#[0-9a-f]{6}"/);
    expect(html).not.toContain('<meta name="theme-color" content="#de421b"');
    // Its colours come inline in the head, after the stylesheet, which holds only the default.
    const style =
      /<link [^>]*rel="stylesheet" href="([^"]+)"[\s\S]*<style>(:root\{color-scheme:dark;[^<]*)<\/style>[\s\S]*<\/head>/.exec(
        html,
      );
    expect(style, 'an inline style after the stylesheet').not.toBeNull();
    expect(style?.[2]).toContain('--surface:#');
    const stylesheet = await (await request.get(style?.[1] ?? '')).text();
    expect(stylesheet).not.toContain('data-theme');
    // The page depends on cookies: never one shopper's page from a shared cache.
    expect(response.headers().vary).toMatch(/\bCookie\b/i);
    expect(response.headers()['cache-control']).toContain('private');
  });

  test('is light malewa with square corners without cookies, or with values that are not ours', async ({ request }) => {
    for (const cookie of ['', 'malewa_theme=dark.pink; malewa_radius=blob', 'malewa_theme=<script>']) {
      const html = await (await request.get('/', { headers: cookie ? { Cookie: cookie } : {} })).text();
      expect(html, cookie).toMatch(/<html [^>]*data-theme="light\.malewa" data-radius="square"/);
      expect(html, cookie).toContain('<meta name="theme-color" content="#de421b"');
      // The stylesheet's own `:root` is the default theme: nothing inline.
      expect(html, cookie).not.toContain('<style>');
    }
  });

  test('of / that follows the language cookie also says it varies with cookies', async ({ request }) => {
    const response = await request.get('/', { headers: { Cookie: 'malewa_locale=sw' }, maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().vary).toMatch(/\bCookie\b/i);
  });
});

test.describe('the theme picker', () => {
  // The offline worker would answer some requests itself, out of reach of `page.route`.
  test.use({ serviceWorkers: 'block' });

  test('changes colour at once, keeps focus on the choice, and the choice survives a reload', async ({
    page,
    context,
  }) => {
    await page.goto('/pages/about');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light.malewa');
    // Its scripts load after the page's `load` (decision 40): picked before they run, the
    // choice is the form's, sent without them, and the page reloads.
    await hydrated(page);
    // A full reload would lose these; the observer records every theme <html> is painted in.
    await page.evaluate(() => {
      const record = window as unknown as { notReloaded: boolean; painted: (string | null)[] };
      record.notReloaded = true;
      record.painted = [];
      new MutationObserver(() => record.painted.push(document.documentElement.dataset.theme ?? null)).observe(
        document.documentElement,
        { attributeFilter: ['data-theme'] },
      );
    });

    // The server's answer is held back: the page must repaint before it, from the palettes
    // the picker loaded when it opened.
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await page.route('**/set-theme*', async (route) => {
      await answered;
      await route.continue();
    });
    const brand = () =>
      page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--brand').trim());
    expect(await brand()).toBe('#de421b');

    await openThemes(page);
    await expect(page.getByRole('group', { name: 'Colour' }).getByRole('radio')).toHaveCount(11);
    const granola = page.getByRole('radio', { name: 'Granola yellow' });
    await granola.check();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light.yellowgranola');
    expect(await brand()).not.toBe('#de421b');
    await expect(granola).toBeFocused();
    answer();
    await expect(page).toHaveURL(/\/pages\/about$/);
    await expect.poll(async () => (await themeCookies(context)).theme?.value).toBe('light.yellowgranola');
    await expect(page.locator('meta[name="theme-color"]')).not.toHaveAttribute('content', '#de421b');
    const record = await page.evaluate(() => {
      const { notReloaded, painted } = window as unknown as { notReloaded?: boolean; painted: string[] };
      return { notReloaded, painted };
    });
    expect(record.notReloaded).toBe(true);
    // Straight to the new theme, never back to the old one while the server answered.
    expect(record.painted.filter((name, i, all) => name !== all[i - 1])).toEqual(['light.yellowgranola']);
    await expect(page.locator('.theme-panel')).toBeVisible();

    const { theme, radius } = await themeCookies(context);
    expect(theme?.sameSite).toBe('Lax');
    expect(theme?.path).toBe('/');
    expect(Math.abs((theme?.expires ?? 0) - (Date.now() / 1000 + DAY_SECONDS))).toBeLessThan(600);
    expect(radius?.value).toBe('square');

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light.yellowgranola');
  });

  test('is operable by keyboard: arrows walk the choices, Escape closes it', async ({ page, context }) => {
    await page.goto('/');
    // Arrows and Escape are the page script's.
    await hydrated(page);
    const summary = page.locator('.theme-picker summary');
    await summary.focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('.theme-panel')).toBeVisible();

    const square = page.getByRole('radio', { name: 'Square' });
    await square.focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('radio', { name: 'Rounded', exact: true })).toBeFocused();
    await expect(page.getByRole('radio', { name: 'Rounded', exact: true })).toBeChecked();
    await expect(page.locator('html')).toHaveAttribute('data-radius', 'rounded');
    const cardRadius = () =>
      page
        .locator('.service-card')
        .first()
        .evaluate((card) => getComputedStyle(card).borderRadius);
    await expect.poll(cardRadius).not.toBe('0px');
    await expect.poll(async () => (await themeCookies(context)).radius?.value).toBe('rounded');

    await page.getByRole('radio', { name: 'Dark' }).focus();
    await page.keyboard.press('Space');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark.malewa');
    // The attribute changes first; the dark palette is painted once its colours have arrived.
    await expect.poll(async () => luminance((await pageColours(page)).background)).toBeLessThan(0.05);

    await page.keyboard.press('Escape');
    await expect(page.locator('.theme-panel')).toBeHidden();
    await expect(summary).toBeFocused();
  });

  test('names every colour in the page language', async ({ page }) => {
    await page.goto('/fr');
    await openThemes(page);
    for (const name of ['Bleu marine', 'Jaune granola', 'Gris acier', 'Sombre', 'Arrondis']) {
      await expect(page.getByRole('radio', { name })).toBeVisible();
    }
  });
});

test.describe('the theme picker without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('applies colour, mode and radius on the same page, and they survive a reload', async ({ page, context }) => {
    await page.goto('/food');
    await openPickerPage(page, '.theme-picker', 'Choose colours and corners');
    await expect(page).toHaveURL(/\/theme\?returnTo=%2Ffood$/);
    await page.getByRole('radio', { name: 'Navy blue' }).check();
    await page.getByRole('radio', { name: 'Dark' }).check();
    await page.getByRole('radio', { name: 'Round', exact: true }).check();
    await page.getByRole('button', { name: 'Apply' }).click();

    await expect(page).toHaveURL(/\/food$/);
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-theme', 'dark.bluenavy');
    await expect(html).toHaveAttribute('data-radius', 'round');
    const { background, text } = await pageColours(page);
    expect(luminance(background)).toBeLessThan(0.05);
    expect(luminance(text)).toBeGreaterThan(0.6);
    expect((await themeCookies(context)).theme?.value).toBe('dark.bluenavy');

    await page.reload();
    await expect(html).toHaveAttribute('data-theme', 'dark.bluenavy');
    await expect(html).toHaveAttribute('data-radius', 'round');
  });
});

test.describe('the themes', () => {
  test('paint every colour: dark ones dark, light ones light, each its own brand', async ({
    page,
    context,
    baseURL,
  }) => {
    const brands = new Set<string>();
    for (const mode of ['light', 'dark']) {
      for (const colour of COLOURS) {
        const name = `${mode}.${colour}`;
        await context.addCookies([{ name: 'malewa_theme', value: name, url: baseURL ?? '' }]);
        await page.goto('/pages/about');
        const painted = await page.evaluate(() => {
          const root = getComputedStyle(document.documentElement);
          return {
            name: document.documentElement.dataset.theme,
            background: root.backgroundColor,
            text: getComputedStyle(document.body).color,
            scheme: root.colorScheme,
            brand: root.getPropertyValue('--brand').trim(),
          };
        });
        expect(painted.name).toBe(name);
        expect(painted.scheme, name).toBe(mode);
        if (mode === 'dark') {
          expect(luminance(painted.background), name).toBeLessThan(0.05);
          expect(luminance(painted.text), name).toBeGreaterThan(0.6);
        } else {
          expect(luminance(painted.background), name).toBeGreaterThan(0.85);
          expect(luminance(painted.text), name).toBeLessThan(0.05);
        }
        brands.add(`${mode} ${painted.brand}`);
      }
    }
    expect(brands.size).toBe(22);
  });
});

test.describe('POST /set-theme', () => {
  test('refuses a theme that is not ours, and a return path off the site', async ({ request }) => {
    const bad = await postForm(
      request,
      '/set-theme',
      { colour: 'pink', mode: 'dark', radius: 'round', returnTo: '/' },
      { maxRedirects: 0 },
    );
    expect(bad.status()).toBe(400);
    const offSite = await postForm(
      request,
      '/set-theme',
      { colour: 'malewa', mode: 'dark', radius: 'round', returnTo: '//evil.example/' },
      { maxRedirects: 0 },
    );
    expect(offSite.status()).toBe(400);
  });
});

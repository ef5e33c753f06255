import type { Page } from '@playwright/test';
import { postForm } from './csrf-form.ts';
import { expect, test } from './fixtures.ts';
import { openPicker, openPickerPage } from './pickers.ts';

const YEAR_SECONDS = 365 * 24 * 60 * 60;
/** A message key that reached the page untranslated (`home.title`, `service.food.name`, …). */
const RAW_KEY = /\b(home|site|services?|pages|contact|seo|error|language|footer|shell)\.[a-zA-Z]+/;

async function openLanguages(page: Page) {
  await openPicker(page, '.language-picker');
}

async function choose(page: Page, language: string) {
  await openLanguages(page);
  await page.getByRole('button', { name: language, exact: true }).click();
}

test.describe('language picker', () => {
  test('lists the 25 languages, each by its own name with a flag image', async ({ page }) => {
    await page.goto('/');
    await openLanguages(page);
    const buttons = page.locator('.language-picker button[name="locale"]');
    await expect(buttons).toHaveCount(25);
    for (const name of ['English', 'العربية', 'Kiswahili', 'isiZulu', 'Kinyarwanda', 'Lingála', 'Èdè Yorùbá']) {
      await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('button', { name: 'English', exact: true })).toHaveAttribute('aria-current', 'true');

    const flags = page.locator('.language-picker button[name="locale"] img');
    await expect(flags).toHaveCount(25);
    for (const flag of await flags.all()) {
      // Decorative (the name is the label) and a real image file, never an emoji.
      await expect(flag).toHaveAttribute('alt', '');
      await expect(flag).toHaveAttribute('src', /\.svg$/);
    }
    // The flags of the visible entries have actually loaded.
    const first = flags.first();
    await expect
      .poll(() => first.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
      .toBeGreaterThan(0);
  });

  test('choosing Kiswahili remembers it, and only the root path follows the choice', async ({ page, context }) => {
    await page.goto('/');
    await choose(page, 'Kiswahili');
    await expect(page).toHaveURL(/\/sw$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw');

    const cookie = (await context.cookies()).find((c) => c.name === 'malewa_locale');
    expect(cookie?.value).toBe('sw');
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.path).toBe('/');
    expect(Math.abs((cookie?.expires ?? 0) - (Date.now() / 1000 + YEAR_SECONDS))).toBeLessThan(3600);

    const response = await page.goto('/');
    expect(response?.request().redirectedFrom()?.url()).toMatch(/\/$/);
    await expect(page).toHaveURL(/\/sw$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw');

    await choose(page, 'English');
    await expect(page).toHaveURL(/localhost:\d+\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.goto('/');
    await expect(page).toHaveURL(/localhost:\d+\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('keeps the query string of the page', async ({ page }) => {
    await page.goto('/fr?ref=newsletter');
    await choose(page, 'Deutsch');
    await expect(page).toHaveURL(/\/de\?ref=newsletter$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Wir kochen, damit du es nicht musst!');
  });

  test('an unknown language is refused', async ({ request }) => {
    const response = await postForm(request, '/set-locale', { locale: 'xx', returnTo: '/' }, { maxRedirects: 0 });
    expect(response.status()).toBe(400);
  });
});

test.describe('language picker without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('still switches language, through the list on its own page, back to the same page', async ({ page }) => {
    await page.goto('/');
    await openPickerPage(page, '.language-picker', 'All languages');
    await expect(page).toHaveURL(/\/language\?returnTo=%2F$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Language');
    await page.getByRole('button', { name: 'Afrikaans', exact: true }).click();
    await expect(page).toHaveURL(/\/af$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ons kook sodat jy nie hoef nie!');

    await page.goto('/fr/pages/about');
    await openPickerPage(page, '.language-picker', 'Toutes les langues');
    await page.getByRole('button', { name: 'Kiswahili', exact: true }).click();
    await expect(page).toHaveURL(/\/sw\/pages\/about$/);
  });

  test('the language page sends an address off the site home', async ({ page }) => {
    await page.goto('/language?returnTo=%2F%2Fevil.example%2F');
    await page.getByRole('button', { name: 'Deutsch', exact: true }).click();
    await expect(page).toHaveURL(/\/de$/);
  });
});

test.describe('further languages', () => {
  for (const [path, lang, heading] of [
    ['/zu', 'zu', 'Siyapheka ukuze wena ungadingi ukupheka!'],
    ['/rw', 'rw', 'Turateka kugira ngo wowe utagomba guteka!'],
  ] as const) {
    test(`${path} renders the home page in ${lang}, with no raw message key`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      expect(await page.title()).not.toMatch(RAW_KEY);
      // Rendered text only: the page's hydration data names every key, and rightly so.
      await expect(page.locator('body')).not.toContainText(RAW_KEY, { useInnerText: true });
    });
  }

  // The acceptance: every page of the shell in isiZulu and Kinyarwanda, no raw key.
  for (const lang of ['zu', 'rw'] as const) {
    test(`every shell page renders in ${lang} with no raw message key`, async ({ page, browserProblems }) => {
      browserProblems.allowFailedLoad(`/${lang}/no-such-page`, 404);
      for (const [path, status] of [
        ['/food', 200],
        ['/pages/about', 200],
        ['/pages/contact', 200],
        ['/no-such-page', 404],
      ] as const) {
        const response = await page.goto(`/${lang}${path}`);
        expect(response?.status(), path).toBe(status);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        expect(await page.title(), path).not.toMatch(RAW_KEY);
        await expect(page.locator('body'), path).not.toContainText(RAW_KEY, { useInnerText: true });
      }
    });
  }

  test('/rw names every delivery country, never by its bare code', async ({ page }) => {
    // The runtime's CLDR data names only Rwanda in Kinyarwanda; the others come from English.
    await page.goto('/rw');
    const countries = page.locator('.country-list h3');
    await expect(countries.first()).toBeVisible();
    for (const name of await countries.allInnerTexts()) expect(name).not.toMatch(/^[A-Z]{2}$/);
    await expect(countries.filter({ hasText: 'U Rwanda' })).toHaveCount(1);
  });

  test('/ln is in Lingala', async ({ page }) => {
    await page.goto('/ln');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ln');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Biso tolambaka, yo olamba lisusu te!');
    await expect(page.locator('.hero p')).toHaveText(/^Misala mitano, app moko/);
    await expect(page.getByRole('heading', { level: 3, name: 'Bilei', exact: true })).toBeVisible();
  });

  test('/lu shows French where Kiluba has no translation yet', async ({ page }) => {
    await page.goto('/lu');
    await expect(page.locator('html')).toHaveAttribute('lang', 'lu');
    await expect(page.locator('.skip-link')).toHaveText('Enda ku bidi’mo');
    await expect(page.locator('.hero p')).toHaveText(/^Cinq services, une seule application/);
    // Rendered text only: the page's hydration data names every key, and rightly so.
    await expect(page.locator('body')).not.toContainText(RAW_KEY, { useInnerText: true });
  });

  test('/ar is still right-to-left', async ({ page }) => {
    await page.goto('/ar');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  });
});

import { expect, test } from './fixtures.ts';
import { hydrated } from './page-ready.ts';
import { openPicker } from './pickers.ts';

test.describe('home page', () => {
  test('English is unprefixed, left-to-right, with the five services and the delivery cities', async ({ page }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle('Food | Grocery | Chef | Cookbook | Farm | HomeCooked Meals');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("We cook so you don't have to!");
    for (const service of ['Food', 'Grocery', 'Chef', 'Cookbook', 'Farm']) {
      await expect(page.getByRole('heading', { level: 3, name: service, exact: true })).toBeVisible();
    }
    // Cities come from the API through the server-side client: seeded data, six countries.
    await expect(page.getByText(/\d+ cities in 6 countries/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Kenya' })).toBeVisible();
    await expect(page.locator('.site-main').getByText(/Nairobi/)).toBeVisible();
  });

  test('French is under /fr and translated', async ({ page }) => {
    await page.goto('/fr');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      "On cuisine pour que vous n'ayez pas à le faire !",
    );
    await expect(page.getByRole('heading', { name: 'Où nous livrons' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Afrique du Sud' })).toBeVisible();
  });

  test('Arabic is under /ar and right-to-left @both-widths', async ({ page }) => {
    await page.goto('/ar');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('نحن نطبخ حتى لا تضطر أنت إلى ذلك!');
    // The brand sits at the inline start, which is the right-hand side in RTL.
    const brand = await page.locator('.brand').boundingBox();
    const viewport = page.viewportSize();
    expect(brand && viewport && brand.x > viewport.width / 2).toBe(true);
  });

  test('the language picker leads to the same page in another language', async ({ page }) => {
    await page.goto('/');
    await openPicker(page, '.language-picker');
    await page.getByRole('button', { name: 'Kiswahili', exact: true }).click();
    await expect(page).toHaveURL(/\/sw$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
  });

  test('no API token or API address reaches the browser', async ({ page }) => {
    const response = await page.goto('/');
    const html = (await response?.text()) ?? '';
    expect(html).not.toMatch(/Bearer|accessToken|BASE_API_URL|:4100/);
  });
});

test.describe('not found', () => {
  for (const path of ['/nope', '/fr/nope', '/nope/deeper/still']) {
    test(`${path} is a 404 page`, async ({ page, browserProblems }) => {
      browserProblems.allowFailedLoad(path, 404);
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        path.startsWith('/fr')
          ? '::404:: Cette page est introuvable ::404::'
          : '::404:: This page could not be found ::404::',
      );
    });
  }

  test('/en/… redirects to the unprefixed English page', async ({ page }) => {
    await page.goto('/en');
    await expect(page).toHaveURL(/localhost:\d+\/$/);
  });
});

test('the home page stays in its language after a client-side navigation', async ({ page }) => {
  await page.goto('/fr/food');
  // The link is followed by the router, once the page has hydrated.
  await hydrated(page);
  await page.locator('.brand').click();
  await expect(page).toHaveURL(/\/fr$/);
  await expect(page).toHaveTitle('Repas | Épicerie | Chef | Recettes | Ferme | Plats faits maison');
  await expect(page.getByRole('heading', { name: 'Afrique du Sud' })).toBeVisible();
});

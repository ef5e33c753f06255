import { expect, test } from './fixtures.ts';
import { hydrated } from './page-ready.ts';

// The pages' texts are files of their own (decision 19). On a slow network they arrive after
// the scripts: a shopper who types, taps or navigates before then gets no error, and the page
// they asked for, in its language.
test.describe('texts that arrive late', () => {
  test.beforeEach(async ({ page }) => {
    await page.route('**/assets/messages/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1200));
      await route.continue();
    });
  });

  test('a shopper who uses the keyboard before the texts arrive, then moves to a page whose texts are not here yet', async ({
    page,
  }) => {
    await page.goto('/food', { waitUntil: 'commit' });
    await page.locator('.brand').waitFor();
    for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    // Hydrated: the client router takes the next link.
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await hydrated(page);
    await page.getByRole('contentinfo').locator('a[href="/pages/help"]').first().click();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/\/pages\/help$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('FAQ & Help');
  });

  test('in Arabic, the list page still reads right to left with its labels', async ({ page }) => {
    await page.goto('/ar/food/meals');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await hydrated(page);
    await page.getByRole('link', { name: 'المطابخ' }).first().click();
    await expect(page).toHaveURL(/\/ar\/food\/kitchens/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('المطابخ');
  });
});

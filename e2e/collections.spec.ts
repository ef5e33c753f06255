import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/**
 * Every collection of every service (issue 11's acceptance) as a shopper walks it: the list
 * shows cards; the filter form narrows it to a category and sorts it by name; the pager leads
 * on and keeps both; a card opens its details. In English, French and Arabic, on both
 * projects' screens, with JavaScript and without. catalog.spec.ts goes deeper into one list.
 */
const COLLECTIONS = [
  '/food/kitchens',
  '/food/meals',
  '/grocery/stores',
  '/grocery/products',
  '/chef/chefs',
  '/chef/experiences',
  '/cookbook/creators',
  '/cookbook/recipes',
  '/cookbook/ingredients',
  '/farm/farmers',
  '/farm/produces',
] as const;

const cards = (page: Page) => page.locator('.card-grid > li');
const submit = (page: Page) => page.locator('.catalog-filters button[type="submit"]').first();

async function walk(page: Page, path: string) {
  await page.goto(path);
  await expect(cards(page).first()).toBeVisible();

  // A category, when the list offers some (its options say how many each holds), and a sort.
  const category = page.locator('.catalog-filters select[name="category"]');
  if ((await category.count()) > 0) {
    await page.locator('.filter-more summary').click();
    const first = await category.locator('option').nth(1).getAttribute('value');
    await category.selectOption(first ?? '');
    await page.locator('.catalog-filters select[name="sortBy"]').selectOption('name');
    await submit(page).click();
    await expect(page).toHaveURL(new RegExp(`category=${first}`));
  } else {
    await page.locator('.catalog-filters select[name="sortBy"]').selectOption('name');
    await submit(page).click();
  }
  await expect(page).toHaveURL(/sortBy=name/);
  await expect(cards(page).first()).toBeVisible();

  // Back to the whole list, sorted, to page it.
  await page.goto(`${path}?sortBy=name`);
  const next = page.locator('.pager a[rel="next"]');
  if ((await next.count()) > 0) {
    const firstName = await cards(page).first().locator('h2, h3').first().textContent();
    await next.click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page).toHaveURL(/sortBy=name/);
    await expect(cards(page).first()).toBeVisible();
    expect(await cards(page).first().locator('h2, h3').first().textContent()).not.toBe(firstName);
  }

  const link = cards(page).first().locator('h2 a, h3 a').first();
  const name = (await link.textContent())?.trim() ?? '';
  const href = (await link.getAttribute('href')) ?? '';
  await link.click();
  await expect(page).toHaveURL((url) => url.pathname === href.split('?')[0]);
  await expect(page.locator('h1')).toHaveText(name);
}

for (const javaScript of [true, false]) {
  test.describe(`every collection ${javaScript ? 'with' : 'without'} JavaScript`, () => {
    test.use({ javaScriptEnabled: javaScript });
    for (const lang of ['', '/fr', '/ar']) {
      test(`lists, narrows, sorts, pages and opens its details${lang ? ` (${lang.slice(1)})` : ''}`, async ({
        page,
      }) => {
        test.slow();
        for (const collection of COLLECTIONS) {
          await test.step(collection, () => walk(page, `${lang}${collection}`));
        }
      });
    }
  });
}

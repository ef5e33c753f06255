import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/**
 * Every collection of every service (issue 11's acceptance) as a shopper walks it: the list
 * shows cards; the filter form narrows it to a category and sorts it by name; the pager, one
 * entry to a page, leads on and keeps the sort; a card opens its details. Each check runs on
 * every list: one without categories or a second page fails instead of being passed over. With
 * JavaScript in English and Arabic, without it in English and French, at a phone's width.
 * catalog.spec.ts goes deeper into one list.
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

  // Every list offers categories (its options say how many each holds): narrow to the first,
  // and sort by name.
  const category = page.locator('.catalog-filters select[name="category"]');
  await page.locator('.filter-more summary').click();
  await expect(category, 'the list offers categories').toBeVisible();
  expect(await category.locator('option').count(), 'a category to choose').toBeGreaterThan(1);
  const first = await category.locator('option').nth(1).getAttribute('value');
  await category.selectOption(first ?? '');
  await page.locator('.catalog-filters select[name="sortBy"]').selectOption('name');
  await submit(page).click();
  await expect(page).toHaveURL(new RegExp(`category=${first}`));
  await expect(page).toHaveURL(/sortBy=name/);
  await expect(cards(page).first()).toBeVisible();

  // Back to the whole list, sorted, one to a page: every list has a second page then (a city's
  // shops of one service are two or more), so the pager is always walked.
  await page.goto(`${path}?sortBy=name&perPage=1`);
  const next = page.locator('.pager a[rel="next"]');
  await expect(next, 'a second page').toHaveCount(1);
  const firstHref = await cards(page).first().locator('h2 a, h3 a').first().getAttribute('href');
  await next.click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page).toHaveURL(/sortBy=name/);
  await expect(page).toHaveURL(/perPage=1/);
  await expect(cards(page)).toHaveCount(1);
  // Retried: the address changes before React has rendered the next page (a transition).
  await expect(cards(page).first().locator('h2 a, h3 a').first()).not.toHaveAttribute('href', firstHref ?? '');

  const link = cards(page).first().locator('h2 a, h3 a').first();
  const name = (await link.textContent())?.trim() ?? '';
  const href = (await link.getAttribute('href')) ?? '';
  await link.click();
  await expect(page).toHaveURL((url) => url.pathname === href.split('?')[0]);
  await expect(page.locator('h1')).toHaveText(name);
}

// English both ways; Arabic, right to left, where React renders it again in the browser; French
// as the server sends it. Each walk is a minute of CI on two cores (decision 38).
const RUNS = [
  { javaScript: true, langs: ['', '/ar'] },
  { javaScript: false, langs: ['', '/fr'] },
] as const;

for (const { javaScript, langs } of RUNS) {
  test.describe(`every collection ${javaScript ? 'with' : 'without'} JavaScript`, () => {
    test.use({ javaScriptEnabled: javaScript });
    for (const lang of langs) {
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

import { randomBytes } from 'node:crypto';
import { actAsApplicant, applyToFarm, approveAsOperator, PHOTO, signInTo } from './applications.ts';
import { expect, test } from './fixtures.ts';
import { createConfirmedAccount } from './outbox.ts';

/**
 * The provider console (issue 13 §3) as a new farmer uses it: approved, they list three
 * produces with photos and stock, and shoppers find them in the storefront's search and on their
 * pages; a mistake in the form comes back on its field with nothing lost. In English and Arabic.
 */

const LANGS = [
  { lang: 'en', prefix: '' },
  { lang: 'ar', prefix: '/ar' },
] as const;

for (const { lang, prefix } of LANGS) {
  test(`${lang}: an approved farmer lists three produces with photos and stock; shoppers find them`, async ({
    page,
    browser,
    request,
    browserProblems,
  }) => {
    test.setTimeout(150_000);
    browserProblems.allowFailedLoad(/\/provider\/listings\/new(\.data)?/, 400);
    const tag = randomBytes(3).toString('hex');
    const farm = `Mopani Greens ${tag}`;
    const farmer = await createConfirmedAccount(request, { name: 'Thabo' });
    await actAsApplicant(page);
    await signInTo(page, `${prefix}/farm/join`, farmer);
    await applyToFarm(page, prefix, farm);
    await approveAsOperator(browser, farm);

    // The console opens on the new shop's listings: none yet.
    await page.goto(`${prefix}/provider`);
    await expect(page).toHaveURL(new RegExp(`${prefix}/provider/listings`));
    await expect(page.locator('h1')).toContainText(farm);
    await expect(page.locator('.listing-card')).toHaveCount(0);

    // A price that is not one comes back on its field, the rest kept.
    await page.locator(`a[href^="${prefix}/provider/listings/new"]`).click();
    await page.locator('input[name="name1"]').fill(`Spinach ${tag}`);
    await page.locator('select[name="category"]').selectOption('leafy-greens');
    await page.locator('input[name="price"]').fill('twelve');
    await page.locator('.listing-form button[type="submit"]').click();
    await expect(page.locator('#listing-price')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('input[name="name1"]')).toHaveValue(`Spinach ${tag}`);

    const produces = [
      {
        name: `Spinach ${tag}`,
        other: `Mchicha ${tag}`,
        category: 'leafy-greens',
        unit: 'bunch',
        price: '12.50',
        stock: '40',
      },
      { name: `Butternut ${tag}`, other: '', category: 'vegetables', unit: 'kg', price: '18', stock: '25' },
      { name: `Free-range eggs ${tag}`, other: '', category: 'eggs', unit: 'dozen', price: '45', stock: '12' },
    ];
    for (const [index, produce] of produces.entries()) {
      if (index > 0) {
        await page.locator(`a[href^="${prefix}/provider/listings/new"]`).click();
        await page.locator('input[name="name1"]').fill(produce.name);
        await page.locator('select[name="category"]').selectOption(produce.category);
      }
      await page.locator('textarea[name="description1"]').fill('Picked this morning on our farm in Limpopo.');
      if (produce.other) {
        await page.locator('select[name="lang2"]').selectOption('sw');
        await page.locator('input[name="name2"]').fill(produce.other);
      }
      await page.locator('select[name="unit"]').selectOption(produce.unit);
      await page.locator('input[name="price"]').fill(produce.price);
      await page.locator('input[name="stock"]').fill(produce.stock);
      await page.locator('input[name="photo"]').setInputFiles(PHOTO);
      await page.locator('.listing-form button[type="submit"]').click();
      await expect(page.locator('.listing-card')).toHaveCount(index + 1);
    }
    const spinach = page.locator('.listing-card', { hasText: `Spinach ${tag}` });
    await expect(spinach).toContainText('40');
    await expect(spinach.locator('img')).toHaveAttribute('src', /^\/media\/v1\/photo\/[0-9a-f]{32}\/\d+\.webp$/);

    // Shoppers find them: the farm's search, then the produce's page with its photo.
    const shopper = await (await browser.newContext()).newPage();
    await shopper.goto(`${prefix}/farm/search?q=${encodeURIComponent(tag)}`);
    await expect(shopper.locator('main')).toContainText(`Spinach ${tag}`);
    await expect(shopper.locator('main')).toContainText(`Butternut ${tag}`);
    await expect(shopper.locator('main')).toContainText(`Free-range eggs ${tag}`);
    const storefront = (await spinach.locator('a[href*="/farm/produces/"]').getAttribute('href')) ?? '';
    expect((await shopper.goto(storefront))?.status()).toBe(200);
    await expect(shopper.locator('h1')).toContainText(`Spinach ${tag}`);
    const photo = shopper.locator('main img[src^="/media/v1/photo/"]').first();
    await expect(photo).toBeVisible();
    expect((await shopper.request.get((await photo.getAttribute('src')) ?? '')).headers()['content-type']).toBe(
      'image/webp',
    );
    await shopper.context().close();
  });
}

test('the provider console is for those who run a shop: a shopper gets the 404 page', async ({
  page,
  request,
  browserProblems,
}) => {
  browserProblems.allowFailedLoad('/provider/listings', 404);
  const shopper = await createConfirmedAccount(request, { name: 'Naledi' });
  await signInTo(page, '/account', shopper);
  expect((await page.goto('/provider/listings'))?.status()).toBe(404);
});

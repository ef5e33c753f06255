import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { createConfirmedAccount } from './outbox.ts';
import { hydrated } from './page-ready.ts';
import { choosePlace } from './place.ts';

/**
 * The shop (issue 11) as a shopper uses it: pick a place, browse a service's lists, filter,
 * sort and page them, open providers and items, search. Runs against the seeded catalog.
 */

/** What the tests read of an <img> (the e2e project has no DOM types). */
interface Picture {
  complete: boolean;
  naturalWidth: number;
  currentSrc: string;
  /** The `<picture>`'s AVIF `<source>`, just before the `<img>`. */
  previousElementSibling: { getAttribute(name: string): string | null } | null;
}

const cards = (page: Page) => page.locator('.card-grid > li');

test.describe('the place', () => {
  test('a first visit opens on the market’s main city; choosing Kigali shows Rwandan francs, Nairobi shillings', async ({
    page,
  }) => {
    await page.goto('/food/meals');
    await expect(page.locator('.place-summary')).toHaveText('Delivering to Johannesburg');
    await choosePlace(page, 'Kigali');
    await expect(page).toHaveURL(/\/food\/meals$/);
    await expect(cards(page).first()).toBeVisible();
    const kigali = await page.locator('.price-tag strong').allTextContents();
    expect(kigali.length).toBeGreaterThan(0);
    for (const price of kigali) expect(price).toMatch(/^RF\s?[\d,]+$/);

    await choosePlace(page, 'Nairobi');
    const nairobi = await page.locator('.price-tag strong').allTextContents();
    for (const price of nairobi) expect(price).toMatch(/^KSh\s?[\d,]+\.\d\d$/);
    await expect(page.locator('.delivery-facts').first()).toContainText('km away');
  });

  test('Harare shows US dollars with ZiG beside them', async ({ page }) => {
    await page.goto('/food/meals');
    await choosePlace(page, 'Harare');
    const tag = page.locator('.price-tag').first();
    await expect(tag).toContainText('US$');
    await expect(tag).toContainText('ZiG');
  });

  test('"Use my location" picks the nearest city, asked only when pressed', async ({ browser }) => {
    const context = await browser.newContext({
      geolocation: { latitude: -1.3, longitude: 36.9 },
      permissions: ['geolocation'],
    });
    const page = await context.newPage();
    await page.goto('/grocery/products');
    await page.locator('.place-summary').click();
    await expect(page).toHaveURL(/\/place\?returnTo=%2Fgrocery%2Fproducts$/);
    await page.getByRole('button', { name: 'Use my location' }).click();
    await expect(page).toHaveURL(/\/grocery\/products$/);
    await expect(page.locator('.place-summary')).toHaveText('Delivering to Nairobi');
    await context.close();
  });

  test('works without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/farm/produces');
    await choosePlace(page, 'Maputo');
    for (const price of await page.locator('.price-tag strong').allTextContents()) expect(price).toMatch(/MT/);
    await context.close();
  });
});

test.describe('lists', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/food/meals');
    await choosePlace(page, 'Nairobi');
  });

  test('filter by a dietary flag, sort by price, page, and open an item', async ({ page }) => {
    await page.getByText('More filters').click();
    await page.getByLabel('Vegan').check();
    await page.getByLabel('Sort by').selectOption('price');
    await page.getByRole('button', { name: 'Show results' }).first().click();
    await expect(page).toHaveURL(/dietary=vegan/);
    await expect(page).toHaveURL(/sortBy=price/);
    const badges = page.locator('.catalog-card');
    await expect(badges.first()).toBeVisible();
    for (const card of await badges.all()) await expect(card).toContainText('Vegan');
    const prices = (await page.locator('.price-tag strong').allTextContents()).map((text) =>
      Number(text.replace(/[^\d.]/g, '')),
    );
    expect(prices).toEqual([...prices].sort((a, b) => a - b));

    await cards(page).first().locator('h2 a, h3 a').click();
    await expect(page).toHaveURL(/\/food\/meals\/[a-z0-9-]+$/);
    await expect(page.locator('.item-page .price-tag')).toBeVisible();
    await expect(page.locator('.item-page .badge', { hasText: 'Vegan' })).toBeVisible();
    const product = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(product['@type']).toBe('Product');
    expect(product.offers.priceCurrency).toBe('KES');
    expect(product.offers.price).toMatch(/^\d+\.\d\d$/);
  });

  test('narrows by a category to as many as it said, and by a tag; both stay chosen', async ({ page }) => {
    await page.getByText('More filters').click();
    const category = page.getByLabel('Category');
    const grills = (await category.locator('option').allTextContents()).find((text) => text.startsWith('Grills ('));
    expect(grills).toMatch(/^Grills \(\d+\)$/);
    const count = Number(/\((\d+)\)/.exec(grills ?? '')?.[1]);
    await category.selectOption({ label: grills ?? '' });
    await page.getByRole('button', { name: 'Show results' }).last().click();
    await expect(page).toHaveURL(/category=grills/);
    await expect(page.locator('.catalog-count')).toContainText(`${count} `);
    // The filters in use keep "More filters" open.
    await expect(page.getByLabel('Category')).toHaveValue('grills');
    await page.getByLabel('Bestseller').check();
    await page.getByRole('button', { name: 'Show results' }).last().click();
    await expect(page).toHaveURL(
      /category=grills&tags=bestseller|tags=bestseller.*category=grills|category=grills.*tags=bestseller/,
    );
    await expect(page.getByLabel('Bestseller')).toBeChecked();
  });

  test('pages through a long list with links that keep the filters', async ({ page }) => {
    await page.goto('/grocery/products?sortBy=name');
    const first = await page.locator('.catalog-card :is(h2, h3)').first().textContent();
    await page.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page).toHaveURL(/sortBy=name/);
    await expect(page.locator('.pager-status')).toContainText('Page 2 of');
    await expect(page.locator('.catalog-card :is(h2, h3)').first()).not.toHaveText(first ?? '');
  });

  test('a refused filter says so beside its field, with a 400', async ({ page, browserProblems: problems }) => {
    problems.allowFailedLoad('/food/meals?priceMin=-5', 400);
    const response = await page.goto('/food/meals?priceMin=-5');
    expect(response?.status()).toBe(400);
    await expect(page.getByRole('alert')).toContainText('could not be used');
    await expect(page.locator('input[name="priceMin"]')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#filter-priceMin-error')).toBeVisible();
  });

  test('a price that is no amount is refused beside its field, shown with the keyword kept', async ({
    page,
    browserProblems: problems,
  }) => {
    // "1e3" is a number to a script, not a price to a shopper: read as minor units it would
    // have filtered by KSh 10. The panel holding the field opens to show why.
    problems.allowFailedLoad('/food/meals?searchKeyword=choma&priceMax=1e3', 400);
    const response = await page.goto('/food/meals?searchKeyword=choma&priceMax=1e3');
    expect(response?.status()).toBe(400);
    await expect(page.locator('#filter-priceMax-error')).toBeVisible();
    await expect(page.locator('input[name="searchKeyword"]')).toHaveValue('choma');
    await expect(page.locator('input[name="priceMax"]')).toHaveValue('1e3');
  });

  test('a filter with no match shows the empty state and a way back', async ({ page }) => {
    await page.goto('/food/meals?searchKeyword=zzzznothing');
    await expect(page.getByRole('status').filter({ hasText: 'Nothing here matches' })).toBeVisible();
    await page.getByRole('link', { name: 'Clear filters' }).first().click();
    await expect(cards(page).first()).toBeVisible();
  });
});

test.describe('entries', () => {
  test('a kitchen page has hours and items by category; a recipe scales its ingredients', async ({ page }) => {
    await page.goto('/food/kitchens');
    await choosePlace(page, 'Nairobi');
    await cards(page).first().locator('h2 a, h3 a').click();
    await expect(page).toHaveURL(/\/food\/kitchens\/[a-z0-9-]+$/);
    await expect(page.getByRole('heading', { name: 'Opening hours' })).toBeVisible();
    await expect(page.locator('.entry-group').first()).toBeVisible();

    await page.goto('/cookbook/recipes');
    await cards(page).first().locator('h2 a, h3 a').click();
    await expect(page).toHaveURL(/\/cookbook\/recipes\/[a-z0-9-]+$/);
    const quantity = page.locator('.ingredients strong').first();
    const before = Number((await quantity.textContent())?.match(/[\d.]+/)?.[0]);
    const servings = Number(await page.getByLabel('Servings').inputValue());
    await page.getByLabel('Servings').fill(String(servings * 2));
    await page.getByRole('button', { name: 'Update quantities' }).click();
    await expect(page).toHaveURL(/servings=/);
    await expect
      .poll(async () => Number((await quantity.textContent())?.match(/[\d.]+/)?.[0]))
      .toBeCloseTo(before * 2, 1);
    await expect(page.getByRole('heading', { name: 'Method' })).toBeVisible();
    const recipe = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(recipe['@type']).toBe('Recipe');
    expect(recipe.recipeIngredient.length).toBeGreaterThan(0);
  });

  test('an unknown item is a 404', async ({ page, browserProblems: problems }) => {
    problems.allowFailedLoad('/food/meals/no-such-meal', 404);
    const response = await page.goto('/food/meals/no-such-meal');
    expect(response?.status()).toBe(404);
  });
});

test.describe('search', () => {
  test('finds jollof from jolof, and offers a spelling nearby when nothing matches', async ({ page }) => {
    await page.goto('/food/meals');
    await choosePlace(page, 'Nairobi');
    await page.goto('/search?q=jolof');
    await expect(page.locator('.item-card :is(h2, h3)').first()).toContainText(/jollof/i);
    await expect(page.locator('.facets')).toContainText('Price');
    await page.goto('/search?q=ugli');
    await expect(page.getByText('Did you mean')).toBeVisible();
    await page.getByRole('link', { name: 'ugali' }).click();
    await expect(page.locator('.catalog-card').first()).toBeVisible();
  });

  test('shows shops that alone match, loading at once only the first picture, the strip’s', async ({ page }) => {
    await page.goto('/search?q=maboneng');
    await expect(page.locator('.providers-strip .item-art img').first()).toBeVisible();
    // No item matched: the strip alone, with no "No items" count, empty grid or empty facets.
    await expect(page.locator('.catalog-count')).toHaveCount(0);
    await expect(page.locator('.facets')).toHaveCount(0);
    await expect(page.locator('.search-results .card-grid')).toHaveCount(1);
    // With items as well, their count heads their grid, below the shops it does not count.
    await page.goto('/search?q=bunny');
    await expect(page.locator('.providers-strip')).toBeVisible();
    await expect(page.locator('.providers-strip ~ .catalog-count')).toHaveText(/\d+ items?/);
    const pictures = page.locator('.item-art img');
    await expect(page.locator('.item-art img[fetchpriority="high"]')).toHaveCount(1);
    await expect(pictures.first()).toHaveAttribute('fetchpriority', 'high');
    await expect(pictures.first()).toHaveAttribute('loading', 'eager');
  });
});

/** The first screen's picture, asked for from the head (ui/item-art.tsx): its AVIF widths. */
const PICTURE_HINT = /<link rel="preload" as="image" type="image\/avif" fetchPriority="high" imageSrcSet="([^"]+)"/;

test.describe('pictures', () => {
  test('cards show drawn pictures in the width they need, AVIF first, kept a year; the first loads at once @both-widths', async ({
    page,
  }) => {
    const pictures: Array<{ url: string; type: string | undefined; cache: string | undefined }> = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/media/v1/')) {
        pictures.push({
          url: response.url(),
          type: response.headers()['content-type'],
          cache: response.headers()['cache-control'],
        });
      }
    });
    await page.goto('/food/meals');
    const first = cards(page).first().locator('.item-art img');
    await expect(first).toHaveAttribute('fetchpriority', 'high');
    await expect(cards(page).nth(3).locator('.item-art img')).toHaveAttribute('loading', 'lazy');
    await expect
      .poll(() =>
        first.evaluate((img) => (img as unknown as Picture).complete && (img as unknown as Picture).naturalWidth),
      )
      .toBeGreaterThan(0);
    // A 6rem card on this screen: the 160 or 320 width, never the 640.
    const shown = await first.evaluate((img) => (img as unknown as Picture).currentSrc);
    expect(shown).toMatch(/\/(160|320)\.avif$/);
    // Asked for from the head, ahead of the stylesheets, with the card's own widths: the picture
    // is fetched once, in one width, not once for the hint and again for the card.
    const drawing = shown.replace(/\d+\.avif$/, '');
    expect(pictures.filter((picture) => picture.url.startsWith(drawing)).map((picture) => picture.url)).toEqual([
      shown,
    ]);
    const html = await (await page.request.get('/food/meals')).text();
    const hint = PICTURE_HINT.exec(html);
    expect(hint?.[1]).toBe(
      await first.evaluate((img) => (img as unknown as Picture).previousElementSibling?.getAttribute('srcset')),
    );
    expect(hint?.index).toBeLessThan(html.indexOf('rel="stylesheet"'));
    expect(pictures.length).toBeGreaterThan(0);
    for (const picture of pictures) {
      expect(picture.type, picture.url).toBe('image/avif');
      expect(picture.cache).toBe('public, max-age=31536000, immutable');
    }
  });

  test('a page drawn in the browser adds no picture hint to the head', async ({ page }) => {
    await page.goto('/food/meals');
    await hydrated(page);
    const hints = page.locator('head link[rel="preload"][as="image"]');
    await expect(hints).toHaveCount(1);
    await cards(page).first().locator('a').first().click();
    await expect(page).toHaveURL(/\/food\/meals\/[^/]+$/);
    await expect(page.locator('.item-art img[fetchpriority="high"]')).toHaveCount(1);
    // Only the first page's own: the item page's picture is in its body already.
    await expect(hints).toHaveCount(1);
  });

  test('with Save-Data on, only the smallest width is offered', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ extraHTTPHeaders: { 'Save-Data': 'on' }, baseURL });
    const page = await context.newPage();
    await page.goto('/grocery/products');
    const first = page.locator('.card-grid > li').first().locator('.item-art img');
    await expect(first).toHaveAttribute('srcset', /^\S+\/160\.webp 160w$/);
    // The head's hint offers the same one width, so it never fetches a larger one.
    const html = await (await page.request.get('/grocery/products', { headers: { 'Save-Data': 'on' } })).text();
    expect(PICTURE_HINT.exec(html)?.[1]).toMatch(/^\S+\/160\.avif 160w$/);
    await expect
      .poll(() => first.evaluate((img) => (img as unknown as Picture).currentSrc))
      .toMatch(/\/160\.(avif|webp)$/);
    await context.close();
  });
});

test.describe('in Arabic', () => {
  test('the list is right to left and its cards stay on the screen @both-widths', async ({ page, baseURL }) => {
    await page.context().addCookies([{ name: 'malewa_market', value: 'KE', url: baseURL ?? '' }]);
    await page.goto('/ar/food/meals');
    // Its last step is a client-side navigation, which needs the page hydrated.
    await hydrated(page);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(cards(page).first()).toBeVisible();
    const overflow = Number(await page.evaluate('document.documentElement.scrollWidth - window.innerWidth'));
    expect(overflow).toBeLessThanOrEqual(0);
    // The catalog's vocabulary comes with the page, in Arabic: units on prices, categories in the filter.
    // Which meal comes first depends on which kitchens are open at the hour: take one sold by the plate.
    const byThePlate = cards(page)
      .filter({ has: page.locator('.price-tag', { hasText: 'للطبق' }) })
      .first();
    await expect(byThePlate).toBeVisible();
    await expect(page.locator('select[name="category"] option', { hasText: /^مشويات/ })).toHaveCount(1);
    // And after a client navigation to an item page, whose own labels come with it.
    await byThePlate.locator('h2 a, h3 a').click();
    await expect(page.locator('.item-page .price-tag')).toContainText('للطبق');
  });
});

test.describe('the map view', () => {
  // Requests the service worker makes are not the page's: blocked routes would still load.
  test.use({ serviceWorkers: 'block' });

  /** The kitchens of Nairobi, as a map beside their list. */
  async function kitchensMap(page: Page) {
    await page.goto('/food/kitchens');
    await choosePlace(page, 'Nairobi');
    await page.getByRole('navigation', { name: 'Show as' }).getByRole('link', { name: 'Map' }).click();
    await expect(page).toHaveURL('/food/kitchens?view=map');
    await expect(cards(page).first()).toBeVisible();
  }
  const names = (page: Page) => cards(page).locator('.card-body h2 a, .card-body h3 a').allTextContents();

  test('shows the kitchens listed near the chosen place, each marker leading to its kitchen', async ({ page }) => {
    await kitchensMap(page);
    const listed = await names(page);
    expect(listed.length).toBeGreaterThan(0);
    // A marker per kitchen of the list, and the ring of the shopper's place; the city named.
    const markers = page.locator('.catalog-map path.leaflet-interactive');
    await expect(markers).toHaveCount(listed.length + 1);
    await expect(page.locator('.catalog-map .map-city', { hasText: 'Nairobi' })).toBeVisible();
    await markers.first().click();
    const link = page.locator('.catalog-map .leaflet-popup-content a');
    await expect(link).toBeVisible();
    expect(listed).toContain((await link.textContent()) ?? '');
    await link.click();
    await expect(page).toHaveURL(/\/food\/kitchens\/[a-z0-9-]+$/);
  });

  test('stays where the shopper moved it when a kitchen is kept from its card', async ({ page, request }) => {
    const account = await createConfirmedAccount(request, { name: 'Atieno', surname: 'Ouma' });
    await page.goto('/auth/login');
    await hydrated(page);
    await page.locator('input[name="identifier"]').fill(account.email);
    await page.locator('input[name="password"]').fill(account.password);
    await page.locator('form.auth-form button[type="submit"]').click();
    await expect(page).not.toHaveURL(/\/auth\/login/);
    await kitchensMap(page);
    await hydrated(page);
    await expect(page.locator('.catalog-map path.leaflet-interactive').first()).toBeVisible();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    // The map drawn now: drawn again, its panes would be new elements, without this mark.
    await page.locator('.catalog-map .leaflet-map-pane').evaluate((pane) => pane.setAttribute('data-drawn', 'first'));
    const heart = cards(page).first().locator('.on-card button.favorite-button');
    await heart.click();
    // Kept once the page's data, loaded again, says so.
    await expect(cards(page).first().locator('.on-card button.favorite-button[value="forget"]')).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.locator('.catalog-map .leaflet-map-pane')).toHaveAttribute('data-drawn', 'first');
  });

  test('with its script and basemap blocked, says so, and the list beside it still leads to the kitchens', async ({
    page,
    browserProblems,
  }) => {
    const blocked = /\/(assets\/draw-map-[^/]*\.js|geo\/basemap\.json)$/;
    browserProblems.allowFailedLoad(blocked, 'net::ERR_FAILED');
    browserProblems.allowConsoleError(/Failed to load resource|dynamically imported module|Failed to fetch/);
    await page.route(blocked, (route) => route.abort());
    await kitchensMap(page);
    await expect(page.locator('.catalog-notice')).toHaveText(
      'The map could not load. The list shows the same providers.',
    );
    await expect(page.locator('.catalog-map path.leaflet-interactive')).toHaveCount(0);
    const [first = ''] = await names(page);
    await cards(page).first().getByRole('link', { name: first }).click();
    await expect(page).toHaveURL(/\/food\/kitchens\/[a-z0-9-]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(first);
  });
});

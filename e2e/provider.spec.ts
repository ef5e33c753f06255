import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Browser, Locator, Page } from '@playwright/test';
import {
  actAsApplicant,
  applyToFarm,
  approveAsOperator,
  approvedShopOwner,
  PHOTO,
  signInTo,
  suspendAsOperator,
} from './applications.ts';
import { postForm } from './csrf-form.ts';
import { chooseWindowOfNextDay } from './delivery-window.ts';
import { expect, test } from './fixtures.ts';
import { createConfirmedAccount } from './outbox.ts';
import { hydrated } from './page-ready.ts';

/**
 * The provider console (docs/product/providers.md) as a new farmer uses it: approved, they list
 * three produces with photos and stock, and shoppers find them in the storefront's search and
 * on their pages; a mistake in the form comes back on its field with nothing lost. In English
 * and Arabic.
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
    browserProblems.allowFailedLoad(/\/provider\/settings(\.data)?/, 400);
    // The hidden produce's page, opened while it is hidden.
    browserProblems.allowFailedLoad(/\/farm\/produces\/butternut-/, 404);
    const tag = randomBytes(3).toString('hex');
    const farm = `Mopani Greens ${tag}`;
    const farmer = await createConfirmedAccount(request, { name: 'Thabo' });
    await actAsApplicant(page);
    await signInTo(page, `${prefix}/farm/join`, farmer);
    await applyToFarm(page, prefix, farm);
    await approveAsOperator(browser, farm);

    // The console opens on the new shop's order board; its listings: none yet.
    await page.goto(`${prefix}/provider`);
    await expect(page).toHaveURL(new RegExp(`${prefix}/provider/orders`));
    await page.locator(`.service-tabs a[href^="${prefix}/provider/listings"]`).click();
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

    // Hidden: out of the storefront's page and search, marked in the console; shown again, back.
    const butternut = page.locator('.listing-card', { hasText: `Butternut ${tag}` });
    const butternutPage = (await butternut.locator('a[href*="/farm/produces/"]').getAttribute('href')) ?? '';
    await butternut.locator('button[value="hide"]').click();
    await expect(butternut).toHaveClass(/is-hidden/);
    await expect(butternut.locator('a[href*="/farm/produces/"]')).toHaveCount(0);
    const passerby = await (await browser.newContext()).newPage();
    expect((await passerby.goto(butternutPage))?.status()).toBe(404);
    await passerby.goto(`${prefix}/farm/search?q=${encodeURIComponent(tag)}`);
    await expect(passerby.locator('main')).toContainText(`Spinach ${tag}`);
    await expect(passerby.locator('main')).not.toContainText(`Butternut ${tag}`);
    await butternut.locator('button[value="show"]').click();
    await expect(butternut).not.toHaveClass(/is-hidden/);
    expect((await passerby.goto(butternutPage))?.status()).toBe(200);
    await passerby.context().close();

    // Paused in the shop's settings: still listed, nothing to be had; resumed, on sale again.
    await page.locator(`.service-tabs a[href^="${prefix}/provider/settings"]`).click();
    await page.locator('input[name="minimumOrder"]').fill('abc');
    await page.locator('.settings-form button[type="submit"]').click();
    await expect(page.locator('#settings-minimumOrder')).toHaveAttribute('aria-invalid', 'true');
    await page.locator('input[name="minimumOrder"]').fill('50');
    await page.locator('input[name="hours-6-opens"]').fill('09:00');
    await page.locator('input[name="hours-6-closes"]').fill('13:00');
    await page.locator('input[name="paused"]').check();
    await page.locator('.settings-form button[type="submit"]').click();
    await expect(page.locator('.notice-warning')).toBeVisible();
    await expect(page.locator('input[name="minimumOrder"]')).toHaveValue('50');
    await expect(page.locator('input[name="hours-6-opens"]')).toHaveValue('09:00');
    const visitor = await (await browser.newContext()).newPage();
    expect((await visitor.goto(storefront))?.status()).toBe(200);
    await expect(visitor.locator('.add-to-cart')).toHaveCount(0);
    await page.locator('input[name="paused"]').uncheck();
    await page.locator('.settings-form button[type="submit"]').click();
    // Saved when the page no longer says orders are paused.
    await expect(page.locator('.notice-warning')).toHaveCount(0);
    await visitor.goto(storefront);
    await expect(visitor.locator('.add-to-cart')).toHaveCount(1);

    // A closed day: one in the past is refused on its field; two days ahead is kept in the
    // settings and named on the farm's page; unticked, it is gone.
    const today = (await page.locator('input[name="newClosedDate"]').getAttribute('min')) ?? '';
    const closedDay = new Date(Date.parse(`${today}T12:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10);
    await page.locator('input[name="newClosedDate"]').fill('2020-01-01');
    await page.locator('.settings-form button[type="submit"]').click();
    await expect(page.locator('#settings-closedDates')).toHaveAttribute('aria-invalid', 'true');
    await page.locator('input[name="newClosedDate"]').fill(closedDay);
    await page.locator('.settings-form button[type="submit"]').click();
    await expect(page.locator(`input[name="closedDates"][value="${closedDay}"]`)).toBeChecked();
    await expect(page.locator('input[name="newClosedDate"]')).toHaveValue('');
    const farmPage = (await visitor.locator('main a[href*="/farm/farmers/"]').first().getAttribute('href')) ?? '';
    await visitor.goto(farmPage);
    await expect(visitor.locator(`.closed-dates time[datetime="${closedDay}"]`)).toBeVisible();
    await page.locator(`input[name="closedDates"][value="${closedDay}"]`).uncheck();
    await page.locator('.settings-form button[type="submit"]').click();
    await expect(page.locator('input[name="closedDates"]')).toHaveCount(0);
    await visitor.goto(farmPage);
    await expect(visitor.locator('.closed-dates')).toHaveCount(0);

    // A coupon of the farm's own: in the storefront's farm offers at once; ended, gone.
    const code = `FARM${tag.toUpperCase()}`;
    await page.locator(`.service-tabs a[href^="${prefix}/provider/offers"]`).click();
    await page.locator('select[name="kind"]').selectOption('fixed');
    await page.locator('input[name="value"]').fill('5');
    await page.locator('input[name="code"]').fill(code.toLowerCase());
    await page.locator('.offer-form button[type="submit"]').click();
    await expect(page.locator('.offer-row')).toHaveCount(1);
    await expect(page.locator('.offer-row')).toContainText(code);
    await visitor.goto(`${prefix}/farm/offers`);
    await expect(visitor.locator('main')).toContainText(code);
    await page.locator('.offer-row button[value="end"]').click();
    await expect(page.locator('.offer-row .offer-state-ended')).toBeVisible();
    await visitor.goto(`${prefix}/farm/offers`);
    await expect(visitor.locator('main')).not.toContainText(code);
    await visitor.context().close();
  });
}

/** A listing card's storefront page, opened by a shopper in a browser of their own. */
async function storefrontPageOf(browser: Browser, card: Locator): Promise<Page> {
  // The card's one link out of the console.
  const path = (await card.locator('a:not([href*="/provider/"])').getAttribute('href')) ?? '';
  const page = await (await browser.newContext()).newPage();
  expect((await page.goto(path))?.status()).toBe(200);
  return page;
}

/** Marks the page, to tell later that it was never reloaded. */
async function mark(page: Page) {
  await page.evaluate(() => {
    (globalThis as unknown as { sameDocument: boolean }).sameDocument = true;
  });
}
const stillSameDocument = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { sameDocument?: boolean }).sameDocument === true);

for (const { lang, prefix } of LANGS) {
  test(`${lang}: a shopper's order rings on the farm's board, is accepted on one phone and shows so on another, and is followed live to delivered; suspended, the farm leaves the storefront`, async ({
    page,
    browser,
    request,
    browserProblems,
  }) => {
    test.setTimeout(180_000);
    browserProblems.allowFailedLoad(/\/farm\/produces\//, 404);
    const tag = randomBytes(3).toString('hex');
    const farm = `Letaba Orchard ${tag}`;
    const farmer = await createConfirmedAccount(request, { name: 'Sipho' });
    await actAsApplicant(page);
    await signInTo(page, `${prefix}/farm/join`, farmer);
    await applyToFarm(page, prefix, farm);
    await approveAsOperator(browser, farm);
    await page.goto(`${prefix}/provider/listings/new`);
    await page.locator('input[name="name1"]').fill(`Mangoes ${tag}`);
    await page.locator('select[name="category"]').selectOption('fruit');
    await page.locator('select[name="unit"]').selectOption('kg');
    await page.locator('input[name="price"]').fill('30');
    await page.locator('.listing-form button[type="submit"]').click();
    await expect(page.locator('.listing-card')).toHaveCount(1);
    const itemPath = (await page.locator('.listing-card a[href*="/farm/produces/"]').getAttribute('href')) ?? '';

    // The board, open on the farmer's phone and on the counter's tablet.
    await page.goto(`${prefix}/provider/orders`);
    await hydrated(page);
    await mark(page);
    const counter = await (await browser.newContext()).newPage();
    await signInTo(counter, `${prefix}/provider/orders`, farmer);
    await hydrated(counter);
    await mark(counter);
    await expect(page.locator('.board-card')).toHaveCount(0);

    // A shopper orders a kilo of mangoes, cash on delivery, and watches the order.
    const shopperAccount = await createConfirmedAccount(request, { name: 'Ayanda' });
    const shopper = await (await browser.newContext()).newPage();
    await signInTo(shopper, itemPath, shopperAccount);
    await hydrated(shopper);
    await shopper.locator('.add-to-cart button[type="submit"]').click();
    await expect(shopper.locator('.header-cart .cart-count')).toHaveText('1');
    await shopper.goto(`${prefix}/cart/farm`);
    await shopper.locator('.cart-summary a.button-primary').click();
    await hydrated(shopper);
    await shopper.locator('input[name="phone"]').fill('082 555 0199');
    await shopper.locator('input[name="line"]').fill('14 Jan Smuts Avenue');
    await shopper.locator('input[name="area"]').fill('Braamfontein');
    // For another day: the order goes into the farm's calendar too.
    await chooseWindowOfNextDay(shopper, { javaScript: true });
    await shopper.locator('.checkout-form button.checkout-place').click();
    await expect(shopper).toHaveURL(new RegExp(`${prefix}/account/orders/placed/`));
    await shopper.locator('.order-card h2 a').first().click();
    await expect(shopper).toHaveURL(new RegExp(`${prefix}/account/orders/[0-9a-f-]{36}$`));
    await hydrated(shopper);
    await mark(shopper);

    // It rings on both boards, without a reload.
    await expect(page.locator('.board-ring')).toBeVisible();
    await expect(page.locator('.board-card.board-placed')).toHaveCount(1);
    await expect(page.locator('.board-card')).toContainText(`Mangoes ${tag}`);
    await expect(counter.locator('.board-card.board-placed')).toHaveCount(1);

    // Accepted on the phone: the tablet shows it accepted, still without a reload.
    await page.locator('select[name="prepMinutes"]').selectOption('15');
    await page.locator('button[value="accept"]').click();
    await expect(counter.locator('.board-card.board-accepted')).toHaveCount(1);
    await expect(shopper.locator('.order-page > p .order-status')).toHaveClass(/order-status-accepted/);

    // A board page from before the form said where to moves nothing: the board comes back as
    // it is (the loop below starts from accepted, so a move here would fail it).
    const orderId = await page.locator('.board-card input[name="order"]').first().inputValue();
    const stale = await postForm(page.request, page.url(), { order: orderId, intent: 'advance' }, { maxRedirects: 0 });
    expect(stale.status()).toBe(303);
    expect(new URL(stale.headers().location ?? '', page.url()).pathname).toBe(new URL(page.url()).pathname);
    await expect(counter.locator('.board-card.board-accepted')).toHaveCount(1);

    // On through the statuses to delivered; the shopper's page follows each.
    for (const status of ['preparing', 'ready', 'out_for_delivery', 'delivered']) {
      await page.locator('button[value="advance"]').click();
      await expect(page.locator(`.board-card.board-${status}`)).toHaveCount(1);
      await expect(shopper.locator('.order-page > p .order-status')).toHaveClass(new RegExp(`order-status-${status}`));
    }
    expect(await stillSameDocument(counter)).toBe(true);
    expect(await stillSameDocument(shopper)).toBe(true);

    // The calendar has it, on its day.
    await page.locator(`.service-tabs a[href^="${prefix}/provider/calendar"]`).click();
    await expect(page.locator('.calendar-entry')).toHaveCount(1);
    await expect(page.locator('.calendar-entry')).toContainText(`Mangoes ${tag}`);

    // The day's sales count it, on the page and in its CSV.
    await page.locator(`.service-tabs a[href^="${prefix}/provider/sales"]`).click();
    await expect(page.locator('.sales-table tfoot td').first()).toHaveText('1');
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('a[href*="/provider/sales.csv"]').click(),
    ]);
    const rows = (await readFile((await csv.path()) ?? '', 'utf8')).trim().split('\r\n');
    expect(rows[0]).toBe('period_start,orders,revenue,currency');
    expect(rows.at(-1)).toBe('total,1,30,ZAR');

    // Suspended by an operator: its produce leaves the storefront, and a cart holding it cannot check out.
    const buyer = await (await browser.newContext()).newPage();
    await signInTo(buyer, itemPath, shopperAccount);
    await hydrated(buyer);
    await buyer.locator('.add-to-cart button[type="submit"]').click();
    await expect(buyer.locator('.header-cart .cart-count')).toHaveText('1');
    await suspendAsOperator(browser, farm);
    expect((await buyer.goto(itemPath))?.status()).toBe(404);
    await buyer.goto(`${prefix}/farm/search?q=${encodeURIComponent(`Mangoes ${tag}`)}`);
    await expect(buyer.locator('main a[href*="/farm/produces/"]')).toHaveCount(0);
    await buyer.goto(`${prefix}/cart/farm`);
    await expect(buyer.locator('.cart-line-problem')).toBeVisible();
    await buyer.context().close();
    await counter.context().close();
    await shopper.context().close();
  });
}

for (const { lang, prefix } of LANGS) {
  test(`${lang}: an approved chef lists an experience with its guests, place, what is included and a menu choice; shoppers read them @desktop-only`, async ({
    page,
    browser,
    request,
    browserProblems,
  }) => {
    test.setTimeout(120_000);
    browserProblems.allowFailedLoad(/\/provider\/listings\/new(\.data)?/, 400);
    const tag = randomBytes(3).toString('hex');
    await approvedShopOwner(page, browser, request, {
      prefix,
      service: 'chef',
      businessName: `Chef Naledi ${tag}`,
      name: 'Naledi',
    });

    await page.goto(`${prefix}/provider/listings/new`);
    await page.locator('input[name="name1"]').fill(`Braai night ${tag}`);
    await page.locator('select[name="category"]').selectOption('grill-night');
    await page.locator('select[name="unit"]').selectOption('per-guest');
    await page.locator('input[name="price"]').fill('450');
    await expect(page.locator('input[name="stock"]')).toHaveCount(0);
    // Guests the wrong way round come back on their field, the rest kept.
    await page.locator('input[name="guestsMin"]').fill('12');
    await page.locator('input[name="guestsMax"]').fill('6');
    await page.locator('input[name="durationHours"]').fill('3.5');
    await page.locator('select[name="venue"]').selectOption('your-place');
    await page.locator('textarea[name="included"]').fill('Boerewors and lamb chops\nPap and chakalaka');
    await page.locator('input[name="option-0-name"]').fill('Dessert');
    await page.locator('input[name="option-0-choice-0-name"]').fill('Malva pudding');
    await page.locator('input[name="option-0-choice-0-price"]').fill('0');
    await page.locator('input[name="option-0-choice-1-name"]').fill('Koeksisters');
    await page.locator('input[name="option-0-choice-1-price"]').fill('25');
    await page.locator('.listing-form button[type="submit"]').click();
    await expect(page.locator('#listing-guestsMin')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('input[name="option-0-choice-1-name"]')).toHaveValue('Koeksisters');
    await page.locator('input[name="guestsMin"]').fill('4');
    await page.locator('input[name="guestsMax"]').fill('12');
    await page.locator('.listing-form button[type="submit"]').click();
    const card = page.locator('.listing-card', { hasText: `Braai night ${tag}` });
    await expect(card).toHaveCount(1);

    const shopper = await storefrontPageOf(browser, card);
    await expect(shopper.locator('main')).toContainText('Pap and chakalaka');
    await expect(shopper.locator('main')).toContainText('Koeksisters');
    await shopper.context().close();
  });
}

for (const { lang, prefix } of LANGS) {
  test(`${lang}: an approved creator writes a recipe with its servings, ingredients and steps; readers find it, its ingredients to buy @desktop-only`, async ({
    page,
    browser,
    request,
    browserProblems,
  }) => {
    test.setTimeout(120_000);
    browserProblems.allowFailedLoad(/\/provider\/listings\/new(\.data)?/, 400);
    const tag = randomBytes(3).toString('hex');
    await approvedShopOwner(page, browser, request, {
      prefix,
      service: 'cookbook',
      businessName: `Kitchen Notes ${tag}`,
      name: 'Wanjiru',
    });

    await page.goto(`${prefix}/provider/listings/new`);
    await expect(page.locator('input[name="price"]')).toHaveCount(0);
    await page.locator('input[name="name1"]').fill(`Tomato bredie ${tag}`);
    await page.locator('select[name="category"]').selectOption('stews');
    await page.locator('input[name="servings"]').fill('4');
    await page.locator('input[name="prepMinutes"]').fill('20');
    await page.locator('input[name="cookMinutes"]').fill('90');
    await page.locator('textarea[name="ingredients"]').fill('1 kg Tomatoes\n500 g lamb neck\nsalt');
    // No steps: the form says so on its field, the ingredients kept.
    await page.locator('.listing-form button[type="submit"]').click();
    await expect(page.locator('#listing-steps')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('textarea[name="ingredients"]')).toHaveValue('1 kg Tomatoes\n500 g lamb neck\nsalt');
    await page.locator('textarea[name="steps"]').fill('Brown the lamb.\nAdd the tomatoes and simmer slowly.');
    await page.locator('.listing-form button[type="submit"]').click();
    const card = page.locator('.listing-card', { hasText: `Tomato bredie ${tag}` });
    await expect(card).toHaveCount(1);

    const reader = await storefrontPageOf(browser, card);
    await expect(reader.locator('main')).toContainText('lamb neck');
    await expect(reader.locator('main')).toContainText('Add the tomatoes and simmer slowly.');
    await reader.context().close();
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

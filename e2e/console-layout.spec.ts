import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { actAsApplicant, fillApplication, PDF, PNG, signInTo } from './applications.ts';
import { expect, test } from './fixtures.ts';
import { createConfirmedAccount, E2E_OPERATOR } from './outbox.ts';
import { hydrated, settled } from './page-ready.ts';

/**
 * The consoles, the account's and orders' pages and the farm's pages as a walk through them
 * found them (issue 30, item 8): none wider than the screen at 360 px, in English and Arabic;
 * no axe violation at all (every rule axe runs by default, best practices included: `region`,
 * `heading-order`, `landmark-unique`); in Arabic, every text a person wrote (names, addresses,
 * descriptions, reasons, notes) isolated from the right-to-left page. One world is made first:
 * a farm approved by the suite's operator, its produce with a long name and an offer, a
 * shopper's order of it delivered and another in the cart, an application waiting.
 */

interface World {
  farm: string;
  farmer: { email: string; password: string };
  shopper: { email: string; password: string };
  produce: string;
  producePath: string;
  farmPath: string;
  orderPath: string;
  waiting: { name: string; path: string };
  operatorShopPath: string;
  offerName: string;
}

const operator = { email: E2E_OPERATOR.identifier, password: E2E_OPERATOR.password };
const DESCRIPTION = 'Spinach, butternut and free-range eggs from our smallholding.';
const STREET = 'Plot 7, behind the Engen garage';
const ADDRESS = '12 Juta Street';
const NOTE = 'Ring twice at the blue gate.';

// At a desktop's width too, in English only: each walk is a minute of CI on two cores
// (decision 38), and what a wide screen changes is the layout, not the language.
const LANGS = [
  { lang: 'en', prefix: '', widths: ' @both-widths' },
  { lang: 'ar', prefix: '/ar', widths: '' },
] as const;

// One world per project, made before its tests, which then run one after the other.
test.describe.configure({ mode: 'default' });

let world: World;

async function signedIn(browser: Browser, returnTo: string, account: { email: string; password: string }) {
  const page = await (await browser.newContext()).newPage();
  await actAsApplicant(page);
  await signInTo(page, returnTo, account);
  return page;
}

async function apply(browser: Browser, account: { email: string; password: string }, businessName: string) {
  const page = await signedIn(browser, '/farm/join', account);
  await fillApplication(page, businessName);
  await page.locator('#join-document-id').setInputFiles(PDF);
  await page.locator('#join-document-food-safety').setInputFiles(PNG);
  await page.locator('.join-form button[type="submit"]').click();
  await expect(page.locator('.application-status')).toContainText(businessName);
  return page;
}

async function addToCart(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
  await page.locator('.add-to-cart button[type="submit"]').click();
  await expect(page.locator('.header-cart .cart-count')).toHaveText('1');
}

test.beforeAll(async ({ browser, playwright }) => {
  test.setTimeout(300_000);
  const tag = randomBytes(3).toString('hex');
  const request = await playwright.request.newContext();
  const farm = `Juta Street Greens ${tag}`;
  const farmer = await createConfirmedAccount(request, { name: 'Sipho' });
  const applicant = await createConfirmedAccount(request, { name: 'Lerato' });
  const shopperAccount = await createConfirmedAccount(request, { name: 'Ayanda' });
  await request.dispose();

  // Two applications; the operator approves the first and makes an offer of the market's.
  const farmerPage = await apply(browser, farmer, farm);
  const waitingName = `Ubuntu Fields ${tag}`;
  await (await apply(browser, applicant, waitingName)).context().close();
  const ops = await signedIn(browser, '/operator/applications', operator);
  await ops.locator('.order-card h2 a', { hasText: farm }).click();
  await ops.locator('button[value="approve"]').click();
  await expect(ops.locator('.application-state-approved')).toBeVisible();
  await ops.goto('/operator/applications');
  const waitingPath = (await ops.locator('.order-card h2 a', { hasText: waitingName }).getAttribute('href')) ?? '';
  await ops.goto(`/operator/providers?q=${encodeURIComponent(farm)}`);
  const operatorShopPath = (await ops.locator('.order-card h2 a').first().getAttribute('href')) ?? '';
  const offerName = `Harare weekend ${tag}`;
  await ops.goto('/operator/offers');
  await ops.locator('.offer-form select[name="countryCode"]').selectOption('ZW');
  await ops.locator('.offer-form select[name="service"]').selectOption('farm');
  await ops.locator('.offer-form select[name="kind"]').selectOption('fixed');
  await ops.locator('.offer-form input[name="value"]').fill('5');
  await ops.locator('.offer-form input[name="minimumSubtotal"]').fill('50');
  await ops.locator('.offer-form input[name="name"]').fill(offerName);
  await ops.locator('.offer-form button[type="submit"]').click();
  await expect(ops.locator('.offer-row', { hasText: offerName })).toHaveCount(1);
  await ops.context().close();

  // The farm lists a produce with a long name, and an offer of its own.
  const produce = `Fresh organic kale – picked this morning ${tag}`;
  await farmerPage.goto('/provider/listings/new');
  await farmerPage.locator('input[name="name1"]').fill(produce);
  await farmerPage.locator('textarea[name="description1"]').fill('Picked this morning on our farm in Limpopo.');
  await farmerPage.locator('select[name="category"]').selectOption('leafy-greens');
  await farmerPage.locator('select[name="unit"]').selectOption('bunch');
  await farmerPage.locator('input[name="price"]').fill('25');
  await farmerPage.locator('.listing-form button[type="submit"]').click();
  await expect(farmerPage.locator('.listing-card')).toHaveCount(1);
  const producePath = (await farmerPage.locator('.listing-card a[href*="/farm/produces/"]').getAttribute('href')) ?? '';
  await farmerPage.goto('/provider/offers');
  await farmerPage.locator('select[name="kind"]').selectOption('fixed');
  await farmerPage.locator('input[name="value"]').fill('5');
  await farmerPage.locator('input[name="name"]').fill(`Kale weekend ${tag}`);
  await farmerPage.locator('input[name="code"]').fill(`KALE${tag.toUpperCase()}`);
  await farmerPage.locator('.offer-form button[type="submit"]').click();
  await expect(farmerPage.locator('.offer-row')).toHaveCount(1);

  // A shopper orders it, with an address and a note for the rider; the farm delivers it.
  const shopper = await signedIn(browser, producePath, shopperAccount);
  await addToCart(shopper, producePath);
  const farmPath = (await shopper.locator('main a[href*="/farm/farmers/"]').first().getAttribute('href')) ?? '';
  await shopper.goto('/cart/farm');
  await shopper.locator('.cart-summary a.button-primary').click();
  await hydrated(shopper);
  await shopper.locator('input[name="phone"]').fill('082 555 0199');
  await shopper.locator('input[name="line"]').fill(ADDRESS);
  await shopper.locator('input[name="area"]').fill('Braamfontein');
  await shopper.locator('textarea[name="instructions"], input[name="instructions"]').fill(NOTE);
  await shopper.locator('.checkout-form button.checkout-place').click();
  await expect(shopper).toHaveURL(/\/account\/orders\/placed\//);
  await shopper.locator('.order-card h2 a').first().click();
  await expect(shopper).toHaveURL(/\/account\/orders\/[0-9a-f-]{36}$/);
  const orderPath = new URL(shopper.url()).pathname;
  await farmerPage.goto('/provider/orders');
  await farmerPage.locator('button[value="accept"]').click();
  for (const status of ['preparing', 'ready', 'out_for_delivery', 'delivered']) {
    await farmerPage.locator('button[value="advance"]').click();
    await expect(farmerPage.locator(`.board-card.board-${status}`)).toHaveCount(1);
  }
  // And puts it in the cart again.
  await addToCart(shopper, producePath);
  await shopper.context().close();
  await farmerPage.context().close();

  world = {
    farm,
    farmer,
    shopper: shopperAccount,
    produce,
    producePath,
    farmPath,
    orderPath,
    waiting: { name: waitingName, path: waitingPath },
    operatorShopPath,
    offerName,
  };
});

// The browser globals the page functions use (this type check has no DOM library).
interface InPageNode {
  textContent: string | null;
  parentElement: InPageElement | null;
}
interface InPageElement extends InPageNode {
  tagName: string;
  checkVisibility(): boolean;
  closest(selector: string): InPageElement | null;
}
interface InPage {
  document: {
    body: InPageElement;
    documentElement: { scrollWidth: number; clientWidth: number };
    querySelector(selector: string): InPageElement | null;
    createTreeWalker(root: InPageElement, whatToShow: number): { nextNode(): InPageNode | null };
  };
  getComputedStyle(element: InPageElement): { unicodeBidi: string; display: string };
}

/** How far the page reaches past the screen's edge, in CSS pixels. */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const { documentElement } = (globalThis as unknown as InPage).document;
    return documentElement.scrollWidth - documentElement.clientWidth;
  });

/** Every axe violation of the page, rule by rule, with where. */
async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((violation) => ({
    id: violation.id,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
}

/**
 * The places `text` shows in the page's main content that are not isolated from it: neither
 * inside an inline isolate (`<bdi>`, `dir`) up to their block, nor in a block whose direction
 * is its own (`dir="auto"`).
 */
function unisolated(page: Page, text: string) {
  return page.evaluate((wanted) => {
    const { document, getComputedStyle } = globalThis as unknown as InPage;
    const found: string[] = [];
    let shown = 0;
    const SHOW_TEXT = 4;
    const walker = document.createTreeWalker(document.querySelector('main') ?? document.body, SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.includes(wanted)) continue;
      let element = node.parentElement;
      // Words only a screen reader hears have no direction on screen.
      if (!element?.checkVisibility() || element.closest('.visually-hidden')) continue;
      shown++;
      let isolated = false;
      while (element) {
        const style = getComputedStyle(element);
        if (['isolate', 'isolate-override', 'plaintext'].includes(style.unicodeBidi)) isolated = true;
        if (isolated || !style.display.startsWith('inline')) break;
        element = element.parentElement;
      }
      if (!isolated) found.push(`${node.parentElement?.tagName.toLowerCase()}: ${node.textContent}`);
    }
    return { shown, found };
  }, text);
}

async function expectIsolated(page: Page, texts: readonly string[]) {
  for (const text of texts) {
    const { shown, found } = await unisolated(page, text);
    expect.soft(shown, `"${text}" shown on ${page.url()}`).toBeGreaterThan(0);
    expect.soft(found, `"${text}" isolated on ${page.url()}`).toEqual([]);
  }
}

/** Opens each page: it fits the screen, axe finds nothing, and (in Arabic) people's words are isolated. */
async function walk(page: Page, prefix: string, pages: readonly { path: string; isolated?: readonly string[] }[]) {
  for (const { path, isolated = [] } of pages) {
    const response = await page.goto(`${prefix}${path}`);
    expect.soft(response?.status(), path).toBe(200);
    await hydrated(page);
    await settled(page);
    expect.soft(await overflow(page), `${prefix}${path} is wider than the screen by`).toBeLessThanOrEqual(0);
    expect.soft(await axeViolations(page), `axe on ${prefix}${path}`).toEqual([]);
    if (prefix === '/ar') await expectIsolated(page, isolated);
  }
}

for (const { lang, prefix, widths } of LANGS) {
  test(`${lang}: the operator console fits the screen, passes axe and isolates what people wrote${widths}`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signInTo(page, `${prefix}/operator/applications`, operator);
    await walk(page, prefix, [
      { path: '/operator/applications', isolated: [world.waiting.name, 'Lerato Otieno'] },
      { path: world.waiting.path, isolated: [STREET, DESCRIPTION, 'Lerato Otieno'] },
      { path: `/operator/providers?q=${encodeURIComponent(world.farm)}`, isolated: [world.farm, 'Midrand'] },
      { path: world.operatorShopPath, isolated: [world.farm, 'Midrand'] },
      { path: '/operator/providers' },
      { path: '/operator/offers?countryCode=ZW&service=farm', isolated: [world.offerName] },
      { path: '/operator/featured' },
      { path: '/operator/locations' },
      { path: '/operator/locations/new' },
      { path: '/operator/audit-log', isolated: [world.offerName] },
    ]);
    // The operator's offers are dated as the market writes dates, with a space after each comma
    // (CLDR writes Zimbabwe's "23 Nov,2026").
    await page.goto(`${prefix}/operator/offers?countryCode=ZW&service=farm`);
    await expect(page.locator('.offer-row', { hasText: world.offerName })).not.toContainText(/,\S/);
    // The audit log says what an operator reads: the offer's minimum in dollars, its name as words.
    await page.goto(`${prefix}/operator/audit-log?subjectType=offer`);
    const created = page.locator('.audit-log > li', { hasText: world.offerName }).first();
    await expect(created).toContainText('50.00');
    await expect(created).toContainText('US$');
    await expect(created).not.toContainText('5000');
    await expect(created).not.toContainText('{');
  });

  test(`${lang}: the provider console fits the screen, passes axe and isolates what people wrote${widths}`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signInTo(page, `${prefix}/provider/orders`, world.farmer);
    await page.goto(`${prefix}/provider/listings`);
    const edit = page.locator('.listing-card a[href*="/provider/listings/"]').first();
    const listingPath = ((await edit.getAttribute('href')) ?? '').replace(/^\/ar/, '');
    await walk(page, prefix, [
      { path: '/provider/orders', isolated: [world.produce, NOTE] },
      { path: '/provider/calendar' },
      { path: '/provider/listings', isolated: [world.produce] },
      { path: '/provider/listings/new' },
      { path: listingPath },
      { path: '/provider/offers', isolated: ['Kale weekend'] },
      { path: '/provider/sales' },
      { path: '/provider/settings' },
    ]);
  });

  test(`${lang}: a delivered order, the account, the cart and the farm's pages fit the screen and pass axe${widths}`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signInTo(page, `${prefix}${world.orderPath}`, world.shopper);
    await walk(page, prefix, [
      { path: world.orderPath, isolated: [ADDRESS, NOTE, world.produce, 'Ayanda Otieno'] },
      { path: '/account/orders', isolated: [world.farm] },
      { path: '/account' },
      { path: world.producePath },
      { path: '/cart/farm', isolated: [world.farm, world.produce] },
      { path: world.farmPath },
      { path: '/farm' },
      { path: '/farm/produces' },
    ]);
    // The delivered order's rating fits; so does the page with the notification bell open,
    // whose panel is no second landmark named as the toasts' region.
    await page.goto(`${prefix}${world.orderPath}`);
    await hydrated(page);
    await expect(page.locator('.rating-form')).toBeVisible();
    await page.locator('.notification-menu summary').click();
    await expect(page.locator('.notification-panel')).toBeVisible();
    await settled(page);
    expect(await axeViolations(page)).toEqual([]);
  });
}

import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { signInTo } from './applications.ts';
import { expect, test } from './fixtures.ts';
import { phoneContext } from './kitchen-order.ts';
import { createConfirmedAccount, E2E_OPERATOR } from './outbox.ts';
import { hydrated } from './page-ready.ts';
import { E2E_SHOPKEEPER } from './shops.ts';

/**
 * Riders in the consoles (issue 33), at phone width and on a desktop: the suite's kitchen adds
 * one of its own riders by the email of an account (someone without one is told to register
 * first, someone who rides already is told so, what was typed kept) and removes them after a
 * confirmation, with JavaScript and without; the operator adds a rider to the fleet for a
 * city, suspends them with a reason and reinstates them. Both pages in English, French and
 * Arabic.
 */

const SHOPKEEPER = { email: E2E_SHOPKEEPER.identifier, password: E2E_SHOPKEEPER.password };
const OPERATOR = { email: E2E_OPERATOR.identifier, password: E2E_OPERATOR.password };

/** The rider's card on either console's list, by the email they sign in with. */
const cardOf = (page: Page, email: string) => page.locator('.rider-card', { hasText: email });

/** The kitchen's form, filled and sent. */
async function addAsShop(page: Page, identifier: string, vehicle: string) {
  await page.locator('#rider-identifier').fill(identifier);
  await page.locator('#rider-vehicle').selectOption(vehicle);
  await page.locator('button[name="intent"][value="add"]').click();
}

test('the kitchen adds one of its riders by email, is told what went wrong, and removes them', async ({
  page,
  request,
  browserProblems,
}) => {
  test.setTimeout(120_000);
  browserProblems.allowFailedLoad(/\/provider\/riders(\.data)?\?/, 400);
  browserProblems.allowFailedLoad(/\/provider\/riders(\.data)?\?/, 409);
  const rider = await createConfirmedAccount(request, { name: 'Baraka' });
  await signInTo(page, '/provider/riders', SHOPKEEPER);
  await hydrated(page);
  await expect(page.locator('h1')).toContainText('Riders of');
  await expect(page.locator('.service-tabs a[aria-current="page"]')).toHaveText('Riders');

  // Nobody signs in with this address: ask them to register first; what was typed stays.
  const stranger = `nobody-${randomBytes(3).toString('hex')}@example.com`;
  await addAsShop(page, stranger, 'car');
  await expect(page.locator('#rider-identifier-error')).toContainText('ask them to register first');
  await expect(page.locator('#rider-identifier')).toHaveValue(stranger);
  await expect(page.locator('#rider-vehicle')).toHaveValue('car');

  // Their account's email: listed as the kitchen's own rider, off shift, on a bicycle.
  await addAsShop(page, rider.email, 'bicycle');
  const card = cardOf(page, rider.email);
  await expect(card).toBeVisible();
  await expect(card.locator('h2')).toHaveText(`${rider.name} ${rider.surname}`);
  await expect(card.locator('.rider-tags')).toContainText('Bicycle');
  await expect(card.locator('.rider-tags')).toContainText('Your rider');
  await expect(card.locator('.rider-tags')).toContainText('Off shift');
  await expect(page.locator('#rider-identifier')).toHaveValue('');

  // Added twice: they already ride.
  await addAsShop(page, rider.email, 'motorbike');
  await expect(page.locator('#rider-identifier-error')).toContainText('already rides');
  await expect(page.locator('#rider-identifier')).toHaveValue(rider.email);

  // Removed, once confirmed.
  await card.locator('.rider-remove summary').click();
  await expect(card.locator('.rider-remove')).toContainText(`${rider.name} ${rider.surname} will no longer`);
  await card.locator('button[value="remove"]').click();
  await expect(cardOf(page, rider.email)).toHaveCount(0);
});

test('without JavaScript, the kitchen adds a rider and removes them @phone-only', async ({
  browser,
  request,
  browserProblems,
}) => {
  test.setTimeout(120_000);
  browserProblems.allowFailedLoad(/\/provider\/riders\?/, 400);
  const rider = await createConfirmedAccount(request, { name: 'Zawadi' });
  const context = await phoneContext(browser, false);
  const page = await context.newPage();
  await signInTo(page, '/provider/riders', SHOPKEEPER);
  await addAsShop(page, '0712', 'on_foot');
  await expect(page.locator('#rider-identifier-error')).toBeVisible();
  await expect(page.locator('#rider-vehicle')).toHaveValue('on_foot');
  await addAsShop(page, rider.email, 'on_foot');
  const card = cardOf(page, rider.email);
  await expect(card.locator('.rider-tags')).toContainText('On foot');
  await card.locator('.rider-remove summary').click();
  await card.locator('button[value="remove"]').click();
  await expect(cardOf(page, rider.email)).toHaveCount(0);
  await context.close();
});

test('the operator adds a fleet rider for a city, suspends them with a reason and reinstates them', async ({
  page,
  request,
  browserProblems,
}) => {
  test.setTimeout(120_000);
  browserProblems.allowFailedLoad(/\/operator\/riders(\.data)?$/, 400);
  const rider = await createConfirmedAccount(request, { name: 'Imani' });
  await signInTo(page, '/operator/riders', OPERATOR);
  await hydrated(page);
  await expect(page.locator('h1')).toHaveText('Riders');

  // Neither a city nor shops: said beside the city, the email kept.
  await page.locator('#fleet-identifier').fill(rider.email);
  await page.locator('#fleet-vehicle').selectOption('car');
  await page.locator('button[name="intent"][value="add"]').click();
  await expect(page.locator('#fleet-location-error')).toContainText('Choose the city or the shops');
  await expect(page.locator('#fleet-identifier')).toHaveValue(rider.email);

  // The first city the console lists.
  const city = (await page.locator('#fleet-location option').nth(1).textContent()) ?? '';
  await page.locator('#fleet-location').selectOption({ index: 1 });
  await page.locator('button[name="intent"][value="add"]').click();
  const card = cardOf(page, rider.email);
  await expect(card).toBeVisible();
  await expect(card).toContainText('Marketplace fleet');
  await expect(card).toContainText(`Serves every shop of ${city.replace(/ \([A-Z]{2}\)$/, '')}`);
  await expect(card.locator('.rider-tags')).toContainText('Car');

  // Suspended with a reason, which the card then shows; reinstated.
  await card.locator('.rider-suspend summary').click();
  await card.locator('textarea[name="reason"]').fill('Two orders left at the wrong gate');
  await card.locator('button[value="suspend"]').click();
  await expect(card.locator('.rider-tag-suspended')).toHaveText('Suspended');
  await expect(card).toContainText('Two orders left at the wrong gate');
  await card.locator('button[value="reinstate"]').click();
  await expect(card.locator('.rider-tag-suspended')).toHaveCount(0);
  await expect(card.locator('.rider-suspend summary')).toBeVisible();
});

const LANGS = [
  { lang: 'en', prefix: '', provider: 'Riders of', operator: 'Riders', dir: 'ltr' },
  { lang: 'fr', prefix: '/fr', provider: 'Livreurs de', operator: 'Livreurs', dir: 'ltr' },
  { lang: 'ar', prefix: '/ar', provider: 'مندوبو', operator: 'المندوبون', dir: 'rtl' },
] as const;

for (const { lang, prefix, provider, operator, dir } of LANGS) {
  test(`${lang}: both riders pages load in the language, with their forms`, async ({ page, browser }) => {
    test.setTimeout(90_000);
    await signInTo(page, `${prefix}/provider/riders`, SHOPKEEPER);
    await expect(page.locator('html')).toHaveAttribute('dir', dir);
    await expect(page.locator('h1')).toContainText(provider);
    await expect(page.locator('#rider-vehicle option')).toHaveCount(4);
    await expect(page.locator(`.service-tabs a[href^="${prefix}/provider/riders"]`)).toHaveAttribute(
      'aria-current',
      'page',
    );

    const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
    const ops = await context.newPage();
    await signInTo(ops, `${prefix}/operator/riders`, OPERATOR);
    await expect(ops.locator('html')).toHaveAttribute('dir', dir);
    await expect(ops.locator('h1')).toHaveText(operator);
    await expect(ops.locator('#fleet-shops')).toBeVisible();
    await context.close();
  });
}

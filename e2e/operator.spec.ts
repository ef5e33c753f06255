import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { actAsApplicant, applyToFarm, signInTo } from './applications.ts';
import { expect, test } from './fixtures.ts';
import { createConfirmedAccount, E2E_OPERATOR, waitForMessage } from './outbox.ts';
import { choosePlace } from './place.ts';

/**
 * The operator console (docs/product/providers.md) as an operator uses it: an application
 * reviewed, its document downloaded, a rejection without a reason refused, approved; the shop
 * found, suspended (out of the storefront) and reinstated; every act in the audit log. In
 * English and Arabic. The console is the operator's only: a shopper gets a 404.
 */

const LANGS = [
  { lang: 'en', prefix: '' },
  { lang: 'ar', prefix: '/ar' },
] as const;

const operator = { email: E2E_OPERATOR.identifier, password: E2E_OPERATOR.password };

for (const { lang, prefix } of LANGS) {
  test(`${lang}: an operator reviews an application, approves it, then suspends and reinstates the shop; the log keeps every act`, async ({
    page,
    browser,
    request,
    browserProblems,
  }) => {
    test.setTimeout(120_000);
    browserProblems.allowFailedLoad(/\/operator\/applications\/[0-9a-f-]{36}(\.data)?/, 400);
    browserProblems.allowFailedLoad(/\/farm\/farmers\/[a-z0-9-]+/, 404);
    const farm = `Ubuntu Fields ${randomBytes(3).toString('hex')}`;
    const applicant = await createConfirmedAccount(request, { name: 'Lerato' });
    await actAsApplicant(page);
    await signInTo(page, `${prefix}/farm/join`, applicant);
    await applyToFarm(page, prefix, farm);

    // The operator, in a browser of their own.
    const ops = await (await browser.newContext()).newPage();
    await signInTo(ops, `${prefix}/operator/applications`, operator);
    await ops.locator('select[name="service"]').selectOption('farm');
    await ops.locator('.operator-filter button[type="submit"]').click();
    await ops.locator('.order-card h2 a', { hasText: farm }).click();
    await expect(ops.locator('h1')).toContainText(farm);
    await expect(ops.locator('.operator-facts')).toContainText('Plot 7, behind the Engen garage');

    // The ID, through the storefront: the bytes the applicant sent, named after what it is and its
    // checked type (the applicant's file was national-id.pdf).
    const [download] = await Promise.all([ops.waitForEvent('download'), ops.locator('a[download]').first().click()]);
    expect(download.suggestedFilename()).toBe('id-document.pdf');
    expect((await readFile((await download.path()) ?? '')).subarray(0, 5).toString()).toBe('%PDF-');

    // A rejection needs a reason; then approving opens the shop.
    await ops.locator('button[value="reject"]').click();
    await expect(ops.locator('#reject-reason')).toHaveAttribute('aria-invalid', 'true');
    await ops.locator('button[value="approve"]').click();
    await expect(ops.locator('.application-state-approved')).toBeVisible();
    const shopLink = ops.locator(`a[href^="${prefix}/farm/farmers/"]`);
    const shopPath = (await shopLink.getAttribute('href')) ?? '';

    // The applicant is told, and their join page says so.
    const told = await waitForMessage(applicant.email, (message) => message.subject.includes(farm));
    expect(told.body).toContain(farm);
    await page.goto(`${prefix}/farm/join`);
    await expect(page.locator('.application-status')).toContainText(farm);
    await expect(page.locator(`.application-status a[href="${shopPath}"]`)).toHaveCount(1);
    expect((await page.goto(shopPath))?.status()).toBe(200);

    // The shop, found by name; suspended, it leaves the storefront; reinstated, it is back.
    await ops.goto(`${prefix}/operator/providers?q=${encodeURIComponent(farm)}`);
    await ops.locator('.order-card h2 a', { hasText: farm }).click();
    await ops.locator('#suspend-reason').fill('Documents to be checked again after a complaint.');
    await ops.locator('button[value="suspend"]').click();
    await expect(ops.locator('.provider-status-suspended')).toBeVisible();
    expect((await page.goto(shopPath))?.status()).toBe(404);
    await ops.locator('button[value="reinstate"]').click();
    await expect(ops.locator('.provider-status-active')).toBeVisible();
    expect((await page.goto(shopPath))?.status()).toBe(200);

    // The shop's entries in the log, newest first: reinstated, suspended, opened.
    await ops.locator('a[href*="/operator/audit-log?subjectType=provider"]').click();
    const entries = ops.locator('.audit-log > li');
    await expect(entries).toHaveCount(3);
    await expect(entries.nth(0)).toContainText(E2E_OPERATOR.identifier);
    await expect(entries.nth(1)).toContainText('Documents to be checked again after a complaint.');
    await ops.context().close();
  });
}

test('an operator runs a coupon for a whole service of a market: it shows in that storefront, ends, and the log has both', async ({
  page,
  browser,
}) => {
  const code = `ZAFOOD${randomBytes(2).toString('hex').toUpperCase()}`;
  await signInTo(page, '/operator/offers', operator);
  await page.locator('.offer-form select[name="countryCode"]').selectOption('ZA');
  await page.locator('.offer-form select[name="service"]').selectOption('food');
  await page.locator('.offer-form input[name="value"]').fill('15');
  await page.locator('.offer-form input[name="code"]').fill(code);
  await page.locator('.offer-form button[type="submit"]').click();
  const row = page.locator('.offer-row', { hasText: code });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('15%');
  const shopper = await (await browser.newContext()).newPage();
  await shopper.goto('/food/offers');
  await expect(shopper.locator('main')).toContainText(code);
  await row.locator('button[value="end"]').click();
  await expect(page.locator('.offer-row', { hasText: code }).locator('.offer-state-ended')).toBeVisible();
  await page.goto('/operator/audit-log?subjectType=offer');
  await expect(page.locator('.audit-log > li').first()).toContainText(E2E_OPERATOR.identifier);
  await shopper.context().close();
});

test('an operator makes a coupon for one shop from its page: the storefront names the shop, the whole service is not offered it', async ({
  page,
  browser,
}) => {
  const code = `ONESHOP${randomBytes(2).toString('hex').toUpperCase()}`;
  await signInTo(page, '/operator/providers?service=food&countryCode=ZA&status=active', operator);
  const first = page.locator('.order-card h2 a, .order-card h3 a').first();
  const shopName = (await first.textContent()) ?? '';
  await first.click();
  await page.locator('a[href*="/operator/offers?shop="]').click();
  await expect(page.locator('.offer-shop')).toContainText(shopName);
  await expect(page.locator('.offer-form select[name="countryCode"]')).toHaveCount(0);
  await page.locator('.offer-form input[name="value"]').fill('10');
  await page.locator('.offer-form input[name="code"]').fill(code);
  await page.locator('.offer-form button[type="submit"]').click();
  const row = page.locator('.offer-row', { hasText: code });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(shopName);
  const shopper = await (await browser.newContext()).newPage();
  await shopper.goto('/food/offers');
  await expect(shopper.locator('.offer-card', { hasText: code })).toContainText(shopName);
  await row.locator('button[value="end"]').click();
  await expect(page.locator('.offer-row', { hasText: code }).locator('.offer-state-ended')).toBeVisible();
  await shopper.context().close();
});

test('an operator adds an area of a city, renames it and deletes it; a refused slug comes back on its field; the log has each act', async ({
  page,
  browserProblems,
}) => {
  browserProblems.allowFailedLoad(/\/operator\/locations\/new(\.data)?/, 400);
  const slug = `sandton-${randomBytes(2).toString('hex')}`;
  await signInTo(page, '/operator/locations', operator);
  await page.locator('a[href="/operator/locations/new"]').click();
  await page.locator('input[name="name"]').fill('Sandton');
  await page.locator('input[name="slug"]').fill('johannesburg');
  await page.locator('select[name="kind"]').selectOption('area');
  await page.locator('select[name="countryCode"]').selectOption('ZA');
  await page.locator('select[name="parentId"]').selectOption({ label: 'Johannesburg (ZA)' });
  await page.locator('input[name="latitude"]').fill('-26.1076');
  await page.locator('input[name="longitude"]').fill('28.0567');
  await page.locator('.location-form button[value="save"]').click();
  await expect(page.locator('#location-slug')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('input[name="name"]')).toHaveValue('Sandton');
  await page.locator('input[name="slug"]').fill(slug);
  await page.locator('.location-form button[value="save"]').click();
  await expect(page).toHaveURL('/operator/locations');

  await page.goto(`/operator/locations?q=${slug}`);
  const id = ((await page.locator('.location-row h2 a').getAttribute('href')) ?? '').split('/').pop() ?? '';
  await page.locator('.location-row h2 a').click();
  await page.locator('input[name="name"]').fill('Sandton Central');
  await page.locator('.location-form button[value="save"]').click();
  await expect(page).toHaveURL('/operator/locations');
  await page.goto(`/operator/locations?q=${slug}`);
  await expect(page.locator('.location-row')).toContainText('Sandton Central');
  await page.locator('.location-row h2 a').click();
  await page.locator('button[value="delete"]').click();
  await expect(page).toHaveURL('/operator/locations');
  await page.goto(`/operator/locations?q=${slug}`);
  await expect(page.locator('.location-row')).toHaveCount(0);

  await page.goto(`/operator/audit-log?subjectType=location&subjectId=${id}`);
  const entries = page.locator('.audit-log > li');
  await expect(entries).toHaveCount(3);
  await expect(entries.nth(0)).toContainText('Sandton Central');
  await expect(entries.nth(2)).toContainText(slug);
});

test('a city that shops are in cannot be deleted: the refusal is said and the form keeps the city', async ({
  page,
  browserProblems,
}) => {
  browserProblems.allowFailedLoad(/\/operator\/locations\/[^/?]+(\.data)?/, 409);
  await signInTo(page, '/operator/locations?q=johannesburg', operator);
  await page.locator('.location-row h2 a', { hasText: 'Johannesburg' }).first().click();
  await expect(page.locator('input[name="name"]')).toHaveValue('Johannesburg');
  await page.locator('button[value="delete"]').click();
  await expect(page.locator('.location-form .notice-error[role="alert"]')).toBeVisible();
  await expect(page.locator('input[name="name"]')).toHaveValue('Johannesburg');
  await expect(page.locator('input[name="latitude"]')).not.toHaveValue('');
});

test('an operator features a farm first in South Africa’s Farm, and the service home’s shelf shows it first; a line that is no farm comes back on its list @desktop-only', async ({
  page,
  browser,
  browserProblems,
}) => {
  // Two browsers, an operator's sign-in and the service home read four times: past 30 s on a
  // busy two-core machine.
  test.slow();
  browserProblems.allowFailedLoad(/\/operator\/featured(\.data)?/, 400);
  // A shopper in Johannesburg reads Farm's home: its shelf of farms, each a link to its page.
  const shopper = await (await browser.newContext()).newPage();
  await shopper.goto('/farm');
  await choosePlace(shopper, 'Johannesburg');
  const shelf = async () => {
    await shopper.goto('/farm');
    return (await shopper
      .locator('.service-shelf a[href*="/farm/farmers/"]')
      .evaluateAll((links) =>
        links.map((link) => (link.getAttribute('href') ?? '').split('/').at(-1) ?? ''),
      )) as string[];
  };
  const before = await shelf();
  expect(before.length).toBeGreaterThan(0);
  const last = before.at(-1) ?? '';
  await signInTo(page, '/operator/featured?countryCode=ZA&service=farm', operator);
  await page.locator('textarea[name="providers"]').fill(`no-such-farm\n${last}`);
  await page.locator('.featured-form button[type="submit"]').click();
  await expect(page.locator('#featured-providers')).toHaveAttribute('aria-invalid', 'true');
  await page.locator('textarea[name="providers"]').fill(last);
  await page.locator('.featured-form button[type="submit"]').click();
  await expect(page.locator('.featured-current li')).toHaveCount(1);
  expect((await shelf())[0]).toBe(last);
  // Put back as it was, for the tests beside this one.
  await page.locator('textarea[name="providers"]').fill('');
  await page.locator('.featured-form button[type="submit"]').click();
  await expect(page.locator('.featured-current')).toHaveCount(0);
  await shopper.context().close();
});

test('the console is the operator’s alone: a shopper gets the 404 page, and the signed-out are asked to sign in', async ({
  page,
  request,
  browserProblems,
}) => {
  browserProblems.allowFailedLoad('/operator/applications', 404);
  browserProblems.allowFailedLoad(/\/operator\/applications\/[0-9a-f-]{36}\/documents\//, 404);
  await page.goto('/operator/applications');
  await expect(page).toHaveURL(/\/auth\/login\?returnTo=%2Foperator%2Fapplications/);
  const shopper = await createConfirmedAccount(request, { name: 'Kagiso' });
  await page.locator('input[name="identifier"]').fill(shopper.email);
  await page.locator('input[name="password"]').fill(shopper.password);
  await page.locator('form.auth-form button[type="submit"]').click();
  await expect(page).toHaveURL('/operator/applications');
  expect((await page.reload())?.status()).toBe(404);
  const document = await page.request.get(
    '/operator/applications/00000000-0000-4000-8000-000000000000/documents/00000000-0000-4000-8000-000000000000',
  );
  expect(document.status()).toBe(404);
});

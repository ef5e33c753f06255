import { actAsApplicant, FAKE_PDF, fillApplication, PDF, PNG, signInTo } from './applications.ts';
import { expect, test } from './fixtures.ts';
import { codeIn, createConfirmedAccount, newEmail, waitForMessage } from './outbox.ts';
import { hydrated } from './page-ready.ts';

/**
 * Joining a service (docs/product/providers.md, joining) as a provider does it: from a
 * service's join page, signing up on the way, an application with a pin, a week of hours and
 * two documents, then its state on the page and in the account; in English and Arabic, and
 * without JavaScript.
 */

const LANGS = [
  { lang: 'en', prefix: '' },
  { lang: 'ar', prefix: '/ar' },
] as const;

for (const { lang, prefix } of LANGS) {
  test(`${lang}: a new shopper signs up from Farm's join page, applies with a pin and two documents, and follows it in the account`, async ({
    page,
    browserProblems,
  }) => {
    test.setTimeout(90_000);
    browserProblems.allowFailedLoad(/\/farm\/join\.data/, 400);
    await actAsApplicant(page);
    const joinPage = `${prefix}/farm/join`;
    await page.goto(joinPage);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.locator('.service-tabs a[aria-current="page"]')).toHaveAttribute('href', joinPage);
    await expect(page.locator('.join-steps li')).toHaveCount(3);
    await expect(page.locator('.join-form')).toHaveCount(0);

    // Registering is part of the flow: the code brings the new account back to the join page.
    await page.locator(`a[href^="${prefix}/auth/register?returnTo="]`).click();
    const email = newEmail(`join-${lang}`);
    await page.locator('input[name="name"]').fill('Thandi');
    await page.locator('input[name="surname"]').fill('Nkosi');
    await page.locator('input[name="identifier"]').fill(email);
    await page.locator('input[name="password"]').fill('butternut-and-eggs-2026');
    await page.locator('form.auth-form button[type="submit"]').click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/auth/confirm-account\\?identifier=.*&returnTo=`));
    await page.locator('input[name="code"]').fill(codeIn(await waitForMessage(email)));
    await page.locator('form.auth-form button[type="submit"]').click();
    await expect(page).toHaveURL(joinPage);

    // The form starts from the account: its name and email, the place's city, a working week.
    await hydrated(page);
    await expect(page.locator('input[name="contactName"]')).toHaveValue('Thandi Nkosi');
    await expect(page.locator('input[name="email"]')).toHaveValue(email);
    await expect(page.locator('select[name="city"]')).toHaveValue('johannesburg');
    await expect(page.locator('input[name="hours-0-opens"]')).toHaveValue('08:00');
    const centre = await page.locator('input[name="latitude"]').inputValue();
    // A tap on the map, once drawn, moves the pin there.
    // The map loads as it nears the screen.
    await page.locator('.pin-map').scrollIntoViewIfNeeded();
    await expect(page.locator('.pin-map path.leaflet-interactive')).toBeVisible();
    // Away from the zoom buttons in its top corner.
    const map = await page.locator('.pin-map').boundingBox();
    await page.locator('.pin-map').click({ position: { x: (map?.width ?? 200) * 0.7, y: (map?.height ?? 200) * 0.7 } });
    await expect(page.locator('input[name="latitude"]')).not.toHaveValue(centre);

    // Sent with a mistake (no business name, a day half given): errors on their fields, and
    // nothing lost, the chosen documents included.
    await fillApplication(page, '');
    await page.locator('input[name="hours-6-opens"]').fill('10:00');
    await page.locator('#join-document-id').setInputFiles(PDF);
    await page.locator('#join-document-food-safety').setInputFiles(PNG);
    await page.locator('.join-form button[type="submit"]').click();
    await expect(page.locator('.join-form .notice-error')).toBeVisible();
    await expect(page.locator('#join-businessName')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('.week-hours .field-error')).toBeVisible();
    await expect(page.locator('input[name="area"]')).toHaveValue('Midrand');
    expect(
      await page.locator('#join-document-id').evaluate((input: { files: { length: number } }) => input.files.length),
    ).toBe(1);

    await page.locator('input[name="businessName"]').fill('Nkosi Smallholding');
    await page.locator('input[name="hours-6-opens"]').fill('');
    await page.locator('.join-form button[type="submit"]').click();
    await expect(page.locator('.application-status')).toContainText('Nkosi Smallholding');
    await expect(page.locator('.join-form')).toHaveCount(0);

    // The account lists it, under review.
    await page.goto(`${prefix}/account`);
    await page.locator(`.account-panel a[href="${prefix}/account/applications"]`).click();
    await expect(page).toHaveURL(`${prefix}/account/applications`);
    const card = page.locator('.order-card');
    await expect(card).toHaveCount(1);
    await expect(card.locator('h2')).toHaveText('Nkosi Smallholding');
    await expect(card.locator('.application-state-submitted')).toBeVisible();
    await expect(card.locator(`a[href="${joinPage}"]`)).toHaveCount(1);
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('an application goes as a plain multipart form; a document that is not what it says comes back on its field, the rest kept', async ({
    page,
    request,
    browserProblems,
  }) => {
    browserProblems.allowFailedLoad('/grocery/join', 400);
    await actAsApplicant(page);
    const account = await createConfirmedAccount(request, { name: 'Sipho' });
    await page.goto('/auth/login?returnTo=%2Fgrocery%2Fjoin');
    await page.locator('input[name="identifier"]').fill(account.email);
    await page.locator('input[name="password"]').fill(account.password);
    await page.locator('form.auth-form button[type="submit"]').click();
    await expect(page).toHaveURL('/grocery/join');
    // A store is the only kind Grocery takes: nothing to choose.
    await expect(page.locator('input[name="kind"]')).toHaveValue('store');

    await fillApplication(page, 'Sipho Spaza');
    await page.locator('#join-document-id').setInputFiles(FAKE_PDF);
    await page.locator('#join-document-trading').setInputFiles(PNG);
    await page.locator('.join-form button[type="submit"]').click();
    await expect(page.locator('#join-id-error')).toBeVisible();
    await expect(page.locator('input[name="businessName"]')).toHaveValue('Sipho Spaza');
    await expect(page.locator('textarea[name="description"]')).toHaveValue(
      'Spinach, butternut and free-range eggs from our smallholding.',
    );

    await page.locator('#join-document-id').setInputFiles(PDF);
    await page.locator('#join-document-trading').setInputFiles(PNG);
    await page.locator('.join-form button[type="submit"]').click();
    await expect(page).toHaveURL('/grocery/join');
    await expect(page.locator('.application-status')).toContainText('Sipho Spaza');
  });
});

/** Cape Town's centre as the seed has it: far from Johannesburg, the place bar's city. */
const CAPE_TOWN = { latitude: '-33.9249', longitude: '18.4241' };

test('the pin follows the city chosen in the form: an applicant in Cape Town puts it there, and is not refused for Johannesburg', async ({
  page,
  request,
}) => {
  await actAsApplicant(page);
  const account = await createConfirmedAccount(request, { name: 'Zanele' });
  await signInTo(page, '/farm/join', account);
  await hydrated(page);
  await expect(page.locator('select[name="city"]')).toHaveValue('johannesburg');
  // The map loads as it nears the screen.
  await page.locator('.pin-map').scrollIntoViewIfNeeded();
  await expect(page.locator('.pin-map path.leaflet-interactive')).toBeVisible();
  const johannesburg = await page.locator('input[name="latitude"]').inputValue();

  await page.locator('select[name="city"]').selectOption('cape-town');
  await expect(page.locator('input[name="latitude"]')).toHaveValue(CAPE_TOWN.latitude);
  await expect(page.locator('input[name="longitude"]')).toHaveValue(CAPE_TOWN.longitude);
  // The map is drawn again there, and a tap moves the pin within Cape Town.
  // The map loads as it nears the screen.
  await page.locator('.pin-map').scrollIntoViewIfNeeded();
  await expect(page.locator('.pin-map path.leaflet-interactive')).toBeVisible();
  const map = await page.locator('.pin-map').boundingBox();
  await page.locator('.pin-map').click({ position: { x: (map?.width ?? 200) * 0.7, y: (map?.height ?? 200) * 0.7 } });
  await expect(page.locator('input[name="latitude"]')).not.toHaveValue(CAPE_TOWN.latitude);
  expect(Number(await page.locator('input[name="latitude"]').inputValue())).toBeCloseTo(-33.92, 1);

  // Back to Johannesburg: the pin goes with it.
  await page.locator('select[name="city"]').selectOption('johannesburg');
  await expect(page.locator('input[name="latitude"]')).toHaveValue(johannesburg);
  await page.locator('select[name="city"]').selectOption('cape-town');

  await fillApplication(page, 'Bo-Kaap Microgreens');
  await page.locator('#join-document-id').setInputFiles(PDF);
  await page.locator('#join-document-food-safety').setInputFiles(PNG);
  await page.locator('.join-form button[type="submit"]').click();
  await expect(page.locator('.application-status')).toContainText('Bo-Kaap Microgreens');
});

test.describe('the pin without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('goes to the city chosen in the form: an applicant in Cape Town is not refused for the place bar’s Johannesburg', async ({
    page,
    request,
  }) => {
    await actAsApplicant(page);
    const account = await createConfirmedAccount(request, { name: 'Anele' });
    await signInTo(page, '/farm/join', account);
    await expect(page.locator('select[name="city"]')).toHaveValue('johannesburg');
    await page.locator('select[name="city"]').selectOption('cape-town');
    await fillApplication(page, 'Langa Rooftop Farm');
    await page.locator('#join-document-id').setInputFiles(PDF);
    await page.locator('#join-document-food-safety').setInputFiles(PNG);
    await page.locator('.join-form button[type="submit"]').click();
    await expect(page).toHaveURL('/farm/join');
    await expect(page.locator('.application-status')).toContainText('Langa Rooftop Farm');
  });
});

test('the account lists no applications yet with a way to each service, and the join page needs no account to read', async ({
  page,
  request,
}) => {
  const account = await createConfirmedAccount(request, { name: 'Neo' });
  await page.goto('/auth/login?returnTo=%2Faccount%2Fapplications');
  await page.locator('input[name="identifier"]').fill(account.email);
  await page.locator('input[name="password"]').fill(account.password);
  await page.locator('form.auth-form button[type="submit"]').click();
  await expect(page).toHaveURL('/account/applications');
  await expect(page.locator('.empty-state a')).toHaveCount(5);
  await expect(page.locator('.empty-state a').first()).toHaveAttribute('href', '/food/join');
});

import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { createConfirmedAccount } from './outbox.ts';
import { hydrated } from './page-ready.ts';

/**
 * Every dropdown of the header (language, theme, information menu, and signed in the
 * notifications and the user menu) closes the way menus do: Escape closes it and gives the
 * focus back to its button; a tap outside it closes it. One mechanism serves them all
 * (components/use-dismissable-details.ts).
 */

async function checkDropdown(page: Page, selector: string) {
  const details = page.locator(`.site-header ${selector}`).first();
  if (!(await details.isVisible())) return false;
  const summary = details.locator('summary').first();
  const isOpen = () => details.evaluate((element) => (element as unknown as { open: boolean }).open);

  await summary.click();
  expect(await isOpen(), `${selector} opens`).toBe(true);
  await page.keyboard.press('Escape');
  expect(await isOpen(), `${selector} closes on Escape`).toBe(false);
  await expect(summary, `${selector} gives the focus back`).toBeFocused();

  await summary.click();
  expect(await isOpen()).toBe(true);
  // A tap on the page's main content, away from the header.
  const main = await page.locator('main').boundingBox();
  await page.mouse.click((main?.x ?? 0) + 10, (main?.y ?? 0) + (main?.height ?? 200) / 2);
  await expect.poll(isOpen, { message: `${selector} closes on a tap outside` }).toBe(false);
  return true;
}

for (const prefix of ['', '/ar']) {
  test(`the header's dropdowns close on Escape and on a tap outside${prefix ? ' (ar)' : ''}`, async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    await page.goto(`${prefix}/pages/about`);
    await hydrated(page);
    const checked: string[] = [];
    for (const selector of ['.language-picker', '.theme-picker', '.info-menu']) {
      if (await checkDropdown(page, selector)) checked.push(selector);
    }
    expect(checked).toContain('.language-picker');
    expect(checked).toContain('.theme-picker');

    const account = await createConfirmedAccount(request, { locale: prefix ? 'ar' : 'en' });
    await page.goto(`${prefix}/auth/login`);
    await hydrated(page);
    await page.locator('input[name="identifier"]').fill(account.email);
    await page.locator('input[name="password"]').fill(account.password);
    await page.locator('form.auth-form button[type="submit"]').click();
    await expect(page.locator('.user-menu')).toHaveCount(1);
    await page.goto(`${prefix}/pages/about`);
    await hydrated(page);
    for (const selector of ['.notification-menu', '.user-menu']) {
      expect(await checkDropdown(page, selector), selector).toBe(true);
    }
  });
}

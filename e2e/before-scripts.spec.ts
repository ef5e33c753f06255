import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { hydrated } from './page-ready.ts';

// On 2G the page is on the screen seconds before its scripts run. What a shopper does in that
// time (opens a header panel, types a search) is theirs: hydration must not undo it.

/** Holds every script of the page until `release` is called. */
async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/**/*.js', async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

test.describe('before the scripts arrive', () => {
  test('a header panel opened then stays open, and its list is drawn', async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto('/', { waitUntil: 'commit' });
    const picker = page.locator('.site-header .language-picker');
    await picker.locator('summary').click();
    await expect(picker).toHaveAttribute('open', '');
    release();
    await hydrated(page);
    await expect(picker.getByRole('button', { name: 'Kiswahili' })).toBeVisible();
    await expect(picker).toHaveAttribute('open', '');
  });

  test('what was typed in the search box is kept, and its suggestions come', async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto('/food', { waitUntil: 'commit' });
    const box = page.locator('.place-bar input[name="q"]');
    await box.fill('bobotie');
    release();
    await hydrated(page);
    await expect(page.getByRole('option', { name: /bobotie/i }).first()).toBeVisible();
    await expect(box).toHaveValue('bobotie');
  });
});

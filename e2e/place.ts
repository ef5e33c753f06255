import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * Picks the shopper's place in the header's place picker, on the page already open. A tap on
 * the picker while the page hydrates can be undone by it: tapped again until it is open.
 */
export async function choosePlace(page: Page, city: string): Promise<void> {
  const select = page.getByLabel('Where should we deliver?');
  await expect(async () => {
    if (!(await select.isVisible())) await page.locator('.place-summary').click();
    await expect(select).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await select.selectOption({ label: city });
  await page.getByRole('button', { name: 'Show this place' }).click();
  await expect(page.locator('.place-summary')).toHaveText(`Delivering to ${city}`);
}

import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * Picks the shopper's place from the page already open: its place bar leads to /place, whose
 * form returns to the page.
 */
export async function choosePlace(page: Page, city: string): Promise<void> {
  const from = new URL(page.url());
  await page.locator('.place-summary').click();
  await expect(page).toHaveURL(/\/place\?returnTo=/);
  await page.getByRole('combobox', { name: 'Where should we deliver?' }).selectOption({ label: city });
  await page.getByRole('button', { name: 'Show this place' }).click();
  await expect(page).toHaveURL(`${from.pathname}${from.search}`);
  await expect(page.locator('.place-summary')).toHaveText(`Delivering to ${city}`);
}

import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { hydrated } from './page-ready.ts';

/** Each header picker's panel, drawn once it is opened. */
export const PANELS = { '.language-picker': '.language-list', '.theme-picker': '.theme-panel' } as const;

/**
 * Opens the header's language or theme picker on the page already open, with JavaScript. Its
 * panel is drawn on the first press once the page has hydrated (ui/use-panel-on-open.ts); a
 * press before that opens the link to the panel's own page, and hydration may close it again:
 * pressed again until the panel shows.
 */
export async function openPicker(page: Page, picker: keyof typeof PANELS): Promise<void> {
  await hydrated(page);
  const panel = page.locator(`.site-header ${picker} ${PANELS[picker]}`);
  const summary = page.locator(`.site-header ${picker} summary`);
  await expect(async () => {
    if (!(await panel.isVisible())) await summary.click();
    await expect(panel).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

/** Without JavaScript: the picker holds a link to its page, which holds the same form. */
export async function openPickerPage(page: Page, picker: keyof typeof PANELS, linkText: string): Promise<void> {
  await page.locator(`.site-header ${picker} summary`).click();
  await page.locator(`.site-header ${picker}`).getByRole('link', { name: linkText }).click();
  await expect(page.locator(`main ${PANELS[picker]}`)).toBeVisible();
}

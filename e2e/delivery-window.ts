import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * On the checkout page, chooses the second day listed and returns its first delivery window (not
 * "as soon as possible"), selected. The page carries one day's windows: with JavaScript choosing
 * the day loads its windows; without it, "Show times" sends the form for them.
 */
export async function chooseWindowOfNextDay(
  page: Page,
  { javaScript }: { javaScript: boolean },
): Promise<{ value: string; label: string }> {
  const day = page.locator('select[name="day"]');
  const when = page.locator('select[name="deliverAt"]');
  const windows = () =>
    when
      .locator('option:not([value=""])')
      .evaluateAll((options) => options.map((option) => option.getAttribute('value')));
  // The first day's windows, to wait until they are replaced: the address can change before React
  // renders the next day's options, and a window read then is gone when it is chosen.
  const before = await windows();
  const next = (await day.locator('option').nth(1).getAttribute('value')) ?? '';
  expect(next).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await day.selectOption(next);
  if (javaScript) {
    // The address the page went to comes along; the URL changes once the day's windows are in.
    await expect(page).toHaveURL(new RegExp(`[?&]day=${next}`));
  } else {
    await Promise.all([
      page.waitForResponse((answer) => answer.request().method() === 'POST'),
      page.locator('button[name="intent"][value="day"]').click(),
    ]);
    await page.waitForLoadState('load');
  }
  await expect(day).toHaveValue(next);
  await expect.poll(windows).not.toEqual(before);
  const first = when.locator('option:not([value=""])').first();
  const value = (await first.getAttribute('value')) ?? '';
  const label = (await first.textContent()) ?? '';
  expect(value).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  await when.selectOption(value);
  return { value, label };
}

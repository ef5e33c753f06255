import type { Page } from '@playwright/test';

// The browser globals the page functions use (this type check has no DOM library).
interface PageGlobals {
  document: {
    body: object;
    getAnimations(): {
      finished: Promise<unknown>;
      effect: { getComputedTiming(): { delay?: number; endTime?: number | string } } | null;
    }[];
  };
}

/** Waits until React has hydrated the page: its effects run right after. */
export async function hydrated(page: Page): Promise<void> {
  // A function, not a string: the page's CSP forbids eval, which a string predicate needs.
  await page.waitForFunction(() => {
    const { body } = (globalThis as unknown as PageGlobals).document;
    return Object.keys(body).some((key) => key.startsWith('__reactFiber'));
  });
}

/**
 * Waits until what is arriving on the page (a toast fading in, a panel sliding open) has
 * arrived, so that a check of colours reads the colours a shopper reads and not a frame of a
 * fade. Animations that wait before they start (a toast's exit) are left running.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const arriving = (globalThis as unknown as PageGlobals).document.getAnimations().filter((animation) => {
      const timing = animation.effect?.getComputedTiming();
      return timing !== undefined && !timing.delay && Number.isFinite(timing.endTime);
    });
    await Promise.all(arriving.map((animation) => animation.finished.catch(() => undefined)));
  });
}

import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const PAGES = ['about', 'career', 'contact', 'foodsafety', 'help', 'partnership', 'privacy', 'terms'] as const;
const SIDEBAR = [
  'About us',
  'Careers',
  'Contact us',
  'FAQ & Help',
  'Food safety',
  'Terms & Conditions',
  'Privacy policy',
];

/** The title a page's Markdown file declares, so that the test follows the texts. */
function titleOf(locale: string, page: string): string {
  const source = readFileSync(
    new URL(`../apps/web/app/platform/content/pages/${locale}/${page}.md`, import.meta.url),
    'utf8',
  );
  const title = /^title:\s*(.+)$/m.exec(source)?.[1]?.trim();
  if (!title) throw new Error(`${locale}/${page}.md has no title`);
  return title;
}

/**
 * Each test sends from an address of its own (IPv6 documentation range), as a load balancer in
 * front of the storefront would say in X-Forwarded-For: the e2e storefront trusts loopback
 * proxies (WEB_TRUST_PROXY in playwright.config.ts) and passes the address on, so contact-message limits never leak from one test to another.
 */
async function actAsShopper(page: Page): Promise<string> {
  const address = `2001:db8::${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': address });
  return address;
}

test.describe('information pages', () => {
  for (const page of PAGES) {
    test(`/pages/${page} in English and Arabic`, async ({ page: browser }) => {
      const english = await browser.goto(`/pages/${page}`);
      expect(english?.status()).toBe(200);
      await expect(browser).toHaveTitle(`${titleOf('en', page)} | Malewa`);
      await expect(browser.locator('html')).toHaveAttribute('dir', 'ltr');
      await expect(browser.getByRole('heading', { level: 1 })).toHaveText(titleOf('en', page));
      await expect(browser.locator('meta[name="description"]')).toHaveAttribute('content', /.{40,}/);

      const arabic = await browser.goto(`/ar/pages/${page}`);
      expect(arabic?.status()).toBe(200);
      await expect(browser).toHaveTitle(`${titleOf('ar', page)} | Malewa`);
      await expect(browser.locator('html')).toHaveAttribute('lang', 'ar');
      await expect(browser.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(browser.getByRole('heading', { level: 1 })).toHaveText(titleOf('ar', page));
      // Nothing is wider than the screen, in either direction.
      const overflow = Number(await browser.evaluate('document.documentElement.scrollWidth - window.innerWidth'));
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }

  test('the sidebar lists the pages, with partnership on desktop only, and marks the current one @both-widths', async ({
    page,
  }, testInfo) => {
    await page.goto('/pages/help');
    const sidebar = page.getByRole('navigation', { name: 'More information' });
    for (const label of SIDEBAR) await expect(sidebar.getByRole('link', { name: label, exact: true })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'FAQ & Help' })).toHaveAttribute('aria-current', 'page');

    const partnership = sidebar.getByRole('link', { name: 'Partnership' });
    if ((page.viewportSize()?.width ?? 0) >= 992) await expect(partnership).toBeVisible();
    else await expect(partnership, testInfo.project.name).toBeHidden();

    await sidebar.getByRole('link', { name: 'Food safety' }).click();
    await expect(page).toHaveURL(/\/pages\/foodsafety$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(titleOf('en', 'foodsafety'));
  });

  test('links stay in the reader’s language, and an unknown page is a 404', async ({ page, browserProblems }) => {
    browserProblems.allowFailedLoad('/pages/recipes', 404);
    browserProblems.allowFailedLoad('/pages', 404);
    await page.goto('/fr/pages/about');
    await expect(page.getByRole('navigation', { name: 'Plus d’informations' })).toBeVisible();
    await expect(page.locator('.prose a[href="/fr/pages/help"]')).toHaveCount(1);

    expect((await page.goto('/pages/recipes'))?.status()).toBe(404);
    expect((await page.goto('/pages'))?.status()).toBe(404);
  });

  test('a language without texts of its own shows them in its fallback language, saying so', async ({ page }) => {
    await page.goto('/zu/pages/terms');
    await expect(page.locator('article.static-page')).toHaveAttribute('lang', /^(en|fr)$/);
    await expect(page.locator('.page-notice')).toBeVisible();
  });
});

test.describe('contact form', () => {
  test('shows an error beside each bad field and keeps what was typed', async ({ page }) => {
    await actAsShopper(page);
    await page.goto('/pages/contact');
    await page.getByLabel('Your name').fill('A');
    await page.getByLabel('Email address').fill('amina@');
    await page.getByLabel('Your message').fill('Help');
    await page.getByRole('button', { name: 'Send message' }).click();

    await expect(page.getByRole('alert')).toContainText('Please correct the highlighted fields');
    await expect(page.locator('#contact-name-error')).toHaveText('Enter your name (2 to 120 characters).');
    await expect(page.locator('#contact-email-error')).toHaveText(/valid email address/);
    await expect(page.locator('#contact-topic-error')).toHaveText('Choose a topic.');
    await expect(page.locator('#contact-message-error')).toHaveText('Write between 10 and 4000 characters.');
    await expect(page.locator('#contact-phone-error')).toHaveCount(0);
    await expect(page.getByLabel('Your name')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Your name')).toHaveValue('A');
    await expect(page.getByLabel('Email address')).toHaveValue('amina@');
    await expect(page.getByLabel('Your message')).toHaveValue('Help');

    // Neither an email address nor a phone number: both fields say so.
    await page.getByLabel('Email address').fill('');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.locator('#contact-email-error')).toHaveText(/email address or a phone number/);
    await expect(page.locator('#contact-phone-error')).toHaveText(/email address or a phone number/);
  });

  test('sends a good message, acknowledges it and empties the form', async ({ page }) => {
    await actAsShopper(page);
    await page.goto('/pages/contact');
    await fillGoodMessage(page);
    await page.getByRole('button', { name: 'Send message' }).click();

    await expect(page.getByRole('status')).toContainText('Thank you — your message has been sent');
    await expect(page.getByRole('status')).toContainText(/Your reference is [0-9A-F]{8}\./);
    await expect(page.getByLabel('Your name')).toHaveValue('');
    await expect(page.getByLabel('Your message')).toHaveValue('');
  });

  test('refuses the sixth message within ten minutes with the rate-limit message, keeping it', async ({ page }) => {
    await actAsShopper(page);
    await page.goto('/pages/contact');
    const status = page.getByRole('status');
    let reference = '';
    for (let sent = 1; sent <= 5; sent++) {
      await fillGoodMessage(page, `Message ${sent}: my order from Kilimani was missing the chapati.`);
      await page.getByRole('button', { name: 'Send message' }).click();
      // Each send has its own reference: wait for the new one before typing the next message.
      if (reference) await expect(status, `message ${sent}`).not.toContainText(reference);
      await expect(status, `message ${sent}`).toContainText(/your message has been sent.*reference is [0-9A-F]{8}/);
      reference = /reference is ([0-9A-F]{8})/.exec((await status.textContent()) ?? '')?.[1] ?? '';
    }

    await fillGoodMessage(page, 'Message 6: is anyone there?');
    await page.getByRole('button', { name: 'Send message' }).click();

    await expect(page.getByRole('alert')).toContainText('You have sent several messages in a short time');
    await expect(page.getByRole('alert')).toContainText(/wait \d+ minutes?/);
    await expect(page.getByLabel('Your message')).toHaveValue('Message 6: is anyone there?');
  });

  test.describe('before JavaScript has loaded', () => {
    test.use({ javaScriptEnabled: false });

    test('the form still validates and sends', async ({ page, browserProblems }) => {
      // The form sent with a bad phone number is the page again, answered 400.
      browserProblems.allowFailedLoad('/ar/pages/contact', 400);
      await actAsShopper(page);
      await page.goto('/ar/pages/contact');
      await page.getByLabel('اسمك').fill('Fatima Hassan');
      await page.getByLabel('رقم الهاتف').fill('12');
      await page.getByLabel('الموضوع').selectOption('delivery');
      await page.getByLabel('رسالتك').fill('وصل طلبي متأخرًا ساعة كاملة.');
      await page.getByRole('button', { name: 'إرسال الرسالة' }).click();

      await expect(page.locator('#contact-phone-error')).toBeVisible();
      await expect(page.getByLabel('اسمك')).toHaveValue('Fatima Hassan');
      await expect(page.getByLabel('رسالتك')).toHaveValue('وصل طلبي متأخرًا ساعة كاملة.');

      await page.getByLabel('رقم الهاتف').fill('+254 712 345 678');
      await page.getByRole('button', { name: 'إرسال الرسالة' }).click();
      await expect(page.getByRole('status')).toContainText('شكرًا لك');
    });
  });
});

async function fillGoodMessage(page: Page, message = 'My order from Westlands arrived an hour late.') {
  await page.getByLabel('Your name').fill('Wanjiru Kamau');
  await page.getByLabel('Email address').fill('wanjiru@example.co.ke');
  await page.getByLabel('Phone number').fill('+254 712 345 678');
  await page.getByLabel('Topic').selectOption('delivery');
  await page.getByLabel('Your message').fill(message);
}

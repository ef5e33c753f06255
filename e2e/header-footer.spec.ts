import type { Page } from '@playwright/test';
import { postForm } from './csrf-form.ts';
import { expect, test } from './fixtures.ts';
import { hydrated } from './page-ready.ts';
import { openPicker, PANELS } from './pickers.ts';

const YEAR_SECONDS = 365 * 24 * 60 * 60;
const INFO_MENU = [
  ['About', '/pages/about'],
  ['Help & Support', '/pages/help'],
  ['Contact Us', '/pages/contact'],
  ['T&C', '/pages/terms'],
  ['Privacy Policy', '/pages/privacy'],
] as const;

const infoSummary = (page: Page) => page.locator('.info-menu summary');
const infoMenu = (page: Page) => page.getByRole('navigation', { name: 'Help & info' });
const footer = (page: Page) => page.getByRole('contentinfo');

// The information menu is the desktop header's (docs/product/pages.md, header): its tests run on
// the desktop project only (`@desktop-only`, playwright.config.ts); that phones have none is the
// header's own test.
test.describe('the information menu @desktop-only', () => {
  test('opens from the keyboard, leads to the pages, and closes on Escape', async ({ page }) => {
    await page.goto('/food');
    // Escape closes the menu through the page's script.
    await hydrated(page);
    await expect(infoMenu(page)).toBeHidden();

    // Reach the menu button with Tab from the brand, as a keyboard user does.
    await page.locator('.brand').focus();
    for (let i = 0; i < 10 && !(await infoSummary(page).evaluate((el) => el.matches(':focus'))); i++) {
      await page.keyboard.press('Tab');
    }
    await expect(infoSummary(page)).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(infoMenu(page)).toBeVisible();
    for (const [name, path] of INFO_MENU) {
      await expect(infoMenu(page).getByRole('link', { name, exact: true })).toHaveAttribute('href', path);
    }
    await expect(infoMenu(page).getByRole('link')).toHaveCount(5);

    await page.keyboard.press('Tab');
    await expect(infoMenu(page).getByRole('link', { name: 'About', exact: true })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(infoMenu(page)).toBeHidden();
    await expect(infoSummary(page)).toBeFocused();

    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(infoMenu(page).getByRole('link', { name: 'Help & Support' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/pages\/help$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('FAQ & Help');
    // A client-side navigation keeps the header: the menu closes behind it.
    await expect(infoMenu(page)).toBeHidden();
  });

  test('closes on a click elsewhere', async ({ page }) => {
    await page.goto('/');
    // A click elsewhere closes the menu through the page's script.
    await hydrated(page);
    await infoSummary(page).click();
    await expect(infoMenu(page)).toBeVisible();
    // The heading's start, clear of the open menu (it hangs from the header's end).
    await page.getByRole('heading', { level: 1 }).click({ position: { x: 4, y: 4 } });
    await expect(infoMenu(page)).toBeHidden();
  });

  test('speaks the page language', async ({ page }) => {
    await page.goto('/fr');
    await page.locator('.info-menu summary').click();
    const menu = page.getByRole('navigation', { name: 'Aide et infos' });
    await expect(menu.getByRole('link', { name: 'Politique de confidentialité' })).toHaveAttribute(
      'href',
      '/fr/pages/privacy',
    );
  });
});

test.describe('the information menu without JavaScript @desktop-only', () => {
  test.use({ javaScriptEnabled: false });

  test('still opens and leads to the page', async ({ page }) => {
    await page.goto('/');
    await infoSummary(page).click();
    await infoMenu(page).getByRole('link', { name: 'Contact Us' }).click();
    await expect(page).toHaveURL(/\/pages\/contact$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact us');
  });
});

test.describe('the header', () => {
  test('on phones is the mobile variant: brand and language, no service links, no information menu', async ({
    page,
  }, testInfo) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.locator('.brand')).toBeVisible();
    await expect(header.locator('.language-picker summary')).toBeVisible();
    await expect(header.locator('.language-picker summary')).toContainText(/Language: English/);
    if (testInfo.project.name === 'phone') {
      await expect(header.getByRole('navigation', { name: 'Services' })).toBeHidden();
      await expect(infoSummary(page)).toBeHidden();
      await expect(header.locator('.language-code')).toHaveText('en');
    } else {
      await expect(header.getByRole('navigation', { name: 'Services' })).toBeVisible();
      await expect(infoSummary(page)).toBeVisible();
    }
  });

  test('offers Login to a shopper not signed in, and the Cart of the service they are in', async ({ page }) => {
    await page.goto('/food');
    const header = page.getByRole('banner');
    await expect(header.locator('a[href*="/account"]')).toHaveCount(0);
    await expect(header.locator('.header-action')).toHaveCount(2);
    await expect(header.locator('.header-action.header-login')).toHaveAttribute('href', '/auth/login');
    await expect(header.locator('.header-action.header-cart')).toHaveAttribute('href', '/cart/food');
    // An empty cart shows no number.
    await expect(header.locator('.cart-count')).toHaveCount(0);
    await page.goto('/fr/grocery');
    await expect(header.locator('.header-action.header-login')).toHaveAttribute('href', '/fr/auth/login');
    await expect(header.locator('.header-action.header-cart')).toHaveAttribute('href', '/fr/cart/grocery');
  });

  test('the first HTML carries no language list or theme form, only links to their pages', async ({ request }) => {
    const html = await (await request.get('/fr/food/meals?page=2')).text();
    expect(html).not.toContain('name="locale"');
    expect(html).not.toContain('name="colour"');
    expect(html).toContain('href="/fr/language?returnTo=%2Ffood%2Fmeals%3Fpage%3D2"');
    expect(html).toContain('href="/fr/theme?returnTo=%2Ffr%2Ffood%2Fmeals%3Fpage%3D2"');
  });

  test('Escape closes the language picker', async ({ page }) => {
    await page.goto('/');
    await openPicker(page, '.language-picker');
    await expect(page.getByRole('button', { name: 'Kiswahili', exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Kiswahili', exact: true })).toBeHidden();
  });
});

test.describe('the footer', () => {
  test('has the Company, Services, Account (for a shopper not signed in) and More columns, with links that work', async ({
    page,
  }) => {
    await page.goto('/');
    const nav = footer(page).getByRole('navigation', { name: 'Site links' });
    await expect(nav.getByRole('heading', { level: 2 })).toHaveText(['Company', 'Services', 'Account', 'More']);
    const expected: Record<string, [name: string, href: string][]> = {
      Company: [
        ['About us', '/pages/about'],
        ['Contact us', '/pages/contact'],
        ['Help', '/pages/help'],
        ['Careers', '/pages/career'],
      ],
      Services: [
        ['Menu', '/food/meals'],
        ['How it works', '/food#how-it-works'],
        ['Partnership', '/pages/partnership'],
        ['Checkout', '/cart/food'],
      ],
      Account: [
        ['Log in', '/auth/login'],
        ['Register', '/auth/register'],
        ['My account', '/account'],
        ['Orders', '/account/orders'],
        ['Favorites', '/account/favorites'],
      ],
      More: [
        ['Terms & Conditions', '/pages/terms'],
        ['Privacy policy', '/pages/privacy'],
        ['Food safety', '/pages/foodsafety'],
      ],
    };
    for (const [column, links] of Object.entries(expected)) {
      const list = nav.getByRole('list', { name: column });
      await expect(list.getByRole('link')).toHaveCount(links.length);
      for (const [name, href] of links) {
        const link = list.getByRole('link', { name, exact: true });
        await expect(link).toHaveAttribute('href', href);
        const response = await page.request.get(href, { maxRedirects: 0 });
        // The account asks a shopper who is not signed in to sign in first.
        if (href.startsWith('/account')) {
          expect(response.headers().location).toBe(`/auth/login?returnTo=${encodeURIComponent(href)}`);
        } else expect(response.status(), href).toBe(200);
      }
    }
    await nav.getByRole('link', { name: 'Careers' }).click();
    await expect(page).toHaveURL(/\/pages\/career$/);
    await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
  });

  test('"How it works" leads to the steps of the page’s service', async ({ page }) => {
    await page.goto('/sw/farm');
    const link = footer(page).getByRole('link', { name: 'Jinsi inavyofanya kazi' });
    await expect(link).toHaveAttribute('href', '/sw/farm#how-it-works');
    await link.click();
    await expect(page).toHaveURL(/\/sw\/farm#how-it-works$/);
    await expect(page.locator('#how-it-works')).toBeInViewport();
  });

  test('ends with the copyright line of this year', async ({ page }) => {
    await page.goto('/ar');
    await expect(footer(page)).toContainText(`© ${new Date().getFullYear()}`);
  });

  test('shows no app badge and no social link when none is configured', async ({ page }) => {
    await page.goto('/');
    await expect(footer(page).locator('.footer-apps, .footer-social')).toHaveCount(0);
  });
});

test.describe('the market switch', () => {
  async function chooseMarket(page: Page, country: string) {
    await footer(page).getByRole('button', { name: country, exact: true }).click();
  }

  test('remembers the chosen country, returns to the same page and marks it', async ({ page, context }) => {
    await page.goto('/fr/chef?ref=footer');
    const markets = footer(page).getByRole('region', { name: 'Votre pays' });
    await expect(markets.getByRole('button')).toHaveText([
      'Afrique du Sud',
      'Kenya',
      'Rwanda',
      'Botswana',
      'Zimbabwe',
      'Mozambique',
    ]);
    await expect(markets.locator('[aria-current]')).toHaveCount(0);

    await chooseMarket(page, 'Kenya');
    await expect(page).toHaveURL(/\/fr\/chef\?ref=footer$/);
    await expect(markets.getByRole('button', { name: 'Kenya' })).toHaveAttribute('aria-current', 'true');
    await expect(markets.locator('[aria-current]')).toHaveCount(1);

    const cookie = (await context.cookies()).find((c) => c.name === 'malewa_market');
    expect(cookie?.value).toBe('KE');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.path).toBe('/');
    expect(Math.abs((cookie?.expires ?? 0) - (Date.now() / 1000 + YEAR_SECONDS))).toBeLessThan(3600);

    // The choice holds on every page and in every language.
    await page.goto('/pages/about');
    await expect(footer(page).getByRole('button', { name: 'Kenya' })).toHaveAttribute('aria-current', 'true');
    await chooseMarket(page, 'Mozambique');
    await expect(page).toHaveURL(/\/pages\/about$/);
    await expect(footer(page).getByRole('button', { name: 'Mozambique' })).toHaveAttribute('aria-current', 'true');
    await expect(footer(page).locator('[aria-current="true"]')).toHaveCount(1);
  });

  test('shows each country’s flag from one image, fetched once', async ({ page }) => {
    const flagsLoaded: number[] = [];
    page.on('response', (response) => {
      if (/\/assets\/market-flags-[\w-]+\.png$/.test(new URL(response.url()).pathname)) {
        flagsLoaded.push(response.status());
      }
    });
    const svgFlags: string[] = [];
    page.on('request', (request) => {
      if (/\/(za|ke|rw|bw|zw|mz)-[\w-]+\.svg$/.test(request.url())) svgFlags.push(request.url());
    });
    await page.goto('/');
    const flags = footer(page).locator('.footer-markets .flag');
    await expect(flags).toHaveCount(6);
    await flags.last().scrollIntoViewIfNeeded();
    // Each 20 × 15 image shows its own part of the one picture, a flag's width further along.
    for (const [index, flag] of (await flags.all()).entries()) {
      expect(await flag.boundingBox()).toMatchObject({ width: 20, height: 15 });
      await expect(flag).toHaveAttribute('alt', '');
      await expect(flag).toHaveCSS('object-fit', 'none');
      await expect(flag).toHaveCSS('object-position', `${-20 * index}px 0px`);
      // Its one candidate is 2x, so on any screen it lays out at 120 × 15 (drawn 240 × 30).
      await expect.poll(() => flag.evaluate((img: { naturalWidth: number }) => img.naturalWidth)).toBe(120);
    }
    await expect.poll(() => flagsLoaded).toEqual([200]);
    expect(svgFlags).toEqual([]);
  });

  test('refuses a country that is not a market, and a way off the site', async ({ request }) => {
    const unknown = await postForm(request, '/set-market', { country: 'NG', returnTo: '/' }, { maxRedirects: 0 });
    expect(unknown.status()).toBe(400);
    const away = await postForm(
      request,
      '/set-market',
      { country: 'ZA', returnTo: '//evil.example/' },
      { maxRedirects: 0 },
    );
    expect(away.status()).toBe(400);
    expect(away.headers()['set-cookie']).toBeUndefined();
  });
});

test.describe('the market switch without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('still remembers the country', async ({ page }) => {
    await page.goto('/zu');
    await footer(page).getByRole('button', { name: 'iBotswana' }).click();
    await expect(page).toHaveURL(/\/zu$/);
    await expect(footer(page).getByRole('button', { name: 'iBotswana' })).toHaveAttribute('aria-current', 'true');
  });
});

/** How many shown elements of the header and the footer reach past either side of the screen. */
async function partsOffScreen(page: Page): Promise<number> {
  // A closed panel's content is not rendered (and Chromium keeps stale boxes for it): skip it.
  return Number(
    await page.evaluate(`[...document.querySelectorAll('header *, footer *')].filter((element) => {
      if (!element.checkVisibility()) return false;
      const box = element.getBoundingClientRect();
      return box.width > 0 && (box.left < -1 || box.right > window.innerWidth + 1);
    }).length`),
  );
}

test.describe('nothing is wider than the screen', () => {
  for (const path of ['/', '/ar', '/de', '/rw', '/nl', '/zu/food', '/ar/pages/contact']) {
    test(`${path}`, async ({ page }) => {
      await page.goto(path);
      const overflow = Number(await page.evaluate('document.documentElement.scrollWidth - window.innerWidth'));
      expect(overflow).toBeLessThanOrEqual(0);
      // Nor is any part of the header or the footer, in either direction.
      expect(await partsOffScreen(page)).toBe(0);
    });
  }

  for (const path of ['/', '/ar', '/de']) {
    test(`${path}: the header's panels open on the screen`, async ({ page }) => {
      await page.goto(path);
      // The language and theme panels are drawn on the first press after hydration.
      await hydrated(page);
      for (const picker of ['.language-picker', '.theme-picker', '.info-menu']) {
        const summary = page.locator(`.site-header ${picker} summary`);
        // The information menu is not part of the mobile header.
        if (!(await summary.isVisible())) continue;
        await summary.click();
        await expect(page.locator(`.site-header ${picker}`)).toHaveAttribute('open', '');
        // The information menu's links are in the page: only the pickers draw a panel.
        const panel = picker in PANELS ? PANELS[picker as keyof typeof PANELS] : undefined;
        if (panel) await expect(page.locator(`.site-header ${picker} ${panel}`)).toBeVisible();
        expect(await partsOffScreen(page), picker).toBe(0);
        await summary.click();
      }
    });
  }
});

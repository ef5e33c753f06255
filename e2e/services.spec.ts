import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { hydrated } from './page-ready.ts';

const SERVICES = [
  { path: '/food', name: 'Food', title: 'Food: homecooked meals delivered | Malewa', firstStep: 'Pick a meal' },
  {
    path: '/grocery',
    name: 'Grocery',
    title: 'Grocery: your shopping delivered | Malewa',
    firstStep: 'Fill your basket',
  },
  { path: '/chef', name: 'Chef', title: 'Chef: a private chef at your home | Malewa', firstStep: 'Book a chef' },
  {
    path: '/cookbook',
    name: 'Cookbook',
    title: 'Cookbook: recipes and their ingredients | Malewa',
    firstStep: 'Pick a recipe',
  },
  {
    path: '/farm',
    name: 'Farm',
    title: 'Farm: fresh produce from the farm | Malewa',
    firstStep: 'Choose your produce',
  },
];

/** Every distinct link target on the page, as absolute URLs without fragments. */
async function linkTargets(page: Page): Promise<string[]> {
  const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  return [...new Set(hrefs.map((href) => new URL(href, page.url()).href.replace(/#.*$/, '')))];
}

test.describe('service homes', () => {
  for (const service of SERVICES) {
    test(`${service.path} shows the service, how it works in three steps, and how to get started`, async ({ page }) => {
      const response = await page.goto(service.path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(service.title);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /South Africa, Kenya/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(service.name);
      await expect(page.locator('.service-hero p')).not.toBeEmpty();

      const steps = page.getByRole('region', { name: 'How it works' }).getByRole('listitem');
      await expect(steps).toHaveCount(3);
      await expect(steps.first().getByRole('heading', { level: 3 })).toHaveText(service.firstStep);

      const getStarted = page.getByRole('region', { name: 'Get started' });
      await expect(getStarted).toBeVisible();
      await expect(getStarted.locator('p')).not.toBeEmpty();
    });
  }

  test('French is under /fr and translated', async ({ page }) => {
    const response = await page.goto('/fr/food');
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page).toHaveTitle('Repas : des plats faits maison livrés chez vous | Malewa');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Repas');
    const steps = page.getByRole('region', { name: 'Comment ça marche' }).getByRole('listitem');
    await expect(steps).toHaveCount(3);
    await expect(steps.nth(1).getByRole('heading')).toHaveText('La cuisine prépare et livre');
    await expect(page.getByRole('region', { name: 'Pour commencer' })).toBeVisible();
  });

  test('Arabic is under /ar, translated and right-to-left', async ({ page }) => {
    const response = await page.goto('/ar/food');
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('طعام');
    await expect(page.getByRole('region', { name: 'كيف تعمل الخدمة' }).getByRole('listitem')).toHaveCount(3);
    // The hero's accent sits at the inline start, which is the right-hand side in RTL.
    await expect(page.locator('.service-hero')).toHaveCSS('border-right-width', '6px');
    await expect(page.locator('.service-hero')).toHaveCSS('border-left-width', '0px');
  });

  test('no link on a service page leads to a missing page', async ({ page }) => {
    // Six pages and every page they link to: more than the default time on a busy machine.
    test.slow();
    const targets = new Set<string>();
    for (const service of SERVICES) {
      await page.goto(service.path);
      for (const target of await linkTargets(page)) targets.add(target);
    }
    await page.goto('/fr/cookbook');
    for (const target of await linkTargets(page)) targets.add(target);

    expect(targets.size).toBeGreaterThan(0);
    // With the header's and footer's links that is some thirty pages: asked for side by side.
    const statuses = await Promise.all(
      [...targets].map(async (target) => [target, (await page.request.get(target, { maxRedirects: 0 })).status()]),
    );
    for (const [target, status] of statuses) expect(status, String(target)).toBeLessThan(400);
  });
});

test.describe('header service links', () => {
  test('show every service on wide screens, none on phones (the spec’s mobile header) @both-widths', async ({
    page,
  }, testInfo) => {
    await page.goto('/chef');
    const links = page.getByRole('navigation', { name: 'Services' });
    if (testInfo.project.name === 'phone') {
      await expect(links).toBeHidden();
      return;
    }
    await expect(links).toBeVisible();
    await expect(links.getByRole('link')).toHaveText(['Food', 'Grocery', 'Chef', 'Cookbook', 'Farm']);
    await expect(links.getByRole('link', { name: 'Chef' })).toHaveAttribute('aria-current', 'page');
    await expect(links.locator('[aria-current]')).toHaveCount(1);

    await links.getByRole('link', { name: 'Farm' }).click();
    await expect(page).toHaveURL(/\/farm$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Farm');
    await expect(links.getByRole('link', { name: 'Farm' })).toHaveAttribute('aria-current', 'page');
  });

  // Phones have none (the test above): the desktop project's alone (playwright.config.ts).
  test('stay in the page language @desktop-only', async ({ page }) => {
    await page.goto('/fr');
    const links = page.getByRole('navigation', { name: 'Services' });
    await expect(links.getByRole('link', { name: 'Ferme' })).toHaveAttribute('href', '/fr/farm');
    await expect(links.locator('[aria-current]')).toHaveCount(0);
  });
});

test.describe("home page's service cards", () => {
  test('lead to the service homes', async ({ page }) => {
    await page.goto('/');
    const cards = page.getByRole('region', { name: 'Our services' });
    for (const service of SERVICES) {
      await expect(cards.getByRole('link', { name: service.name, exact: true })).toHaveAttribute('href', service.path);
    }
    await cards.getByRole('link', { name: 'Cookbook', exact: true }).click();
    await expect(page).toHaveURL(/\/cookbook$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cookbook');
  });

  test('keep the page language, there and back', async ({ page }) => {
    await page.goto('/sw');
    // The link is followed by the router, once the page has hydrated.
    await hydrated(page);
    await page.getByRole('region', { name: 'Huduma zetu' }).getByRole('link', { name: 'Shamba' }).click();
    await expect(page).toHaveURL(/\/sw\/farm$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shamba');
    // Back home by a client-side navigation, which fetches `/sw.data`: still Swahili.
    await page.locator('.brand').click();
    await expect(page).toHaveURL(/\/sw$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tunapika ili wewe usilazimike kupika!');
  });
});

test.describe('the order of the services', () => {
  for (const prefix of ['', '/ar']) {
    // Phones have no service links in the header (the spec's mobile header): desktop only.
    test(`is one order on the home cards and in the header${prefix ? ' (ar)' : ''} @desktop-only`, async ({ page }) => {
      await page.goto(prefix || '/');
      const order = (texts: string[]) => texts.map((text) => text.trim()).filter(Boolean);
      const cards = order(await page.locator('.service-grid .service-card h3').allTextContents());
      expect(cards).toHaveLength(5);
      const header = order(await page.locator('.site-header .service-links a').allTextContents());
      expect(header).toEqual(cards);
    });
  }
});

import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures.ts';
import { hydrated, settled } from './page-ready.ts';

/**
 * axe-core on the pages of the storefront shell, in a left-to-right and a right-to-left
 * language, at both widths (the desktop and phone projects): no serious or critical
 * violation of WCAG 2.1 A/AA. Lesser findings are printed so they stay visible. Each page is
 * checked as a shopper reads it: hydrated, with what its effects show (the error page's
 * notification) in place and done fading in.
 */
const PAGES = [
  { name: 'home', path: '/', status: 200 },
  { name: 'service home', path: '/food', status: 200 },
  { name: 'static page', path: '/pages/about', status: 200 },
  { name: 'contact form', path: '/pages/contact', status: 200 },
  { name: 'produce list', path: '/farm/produces', status: 200 },
  { name: 'kitchens map', path: '/food/kitchens?view=map', status: 200 },
  { name: 'offers', path: '/food/offers', status: 200 },
  { name: 'search results', path: '/search?q=rice', status: 200 },
  { name: '404', path: '/no-such-page', status: 404 },
];
const PREFIXES = [
  { lang: 'en', prefix: '' },
  { lang: 'ar', prefix: '/ar' },
];

for (const { lang, prefix } of PREFIXES) {
  for (const { name, path, status } of PAGES) {
    test(`${name} in ${lang} has no serious or critical accessibility violations`, async ({
      page,
      browserProblems,
    }) => {
      const address = `${prefix}${path === '/' ? '' : path}` || '/';
      if (status !== 200) browserProblems.allowFailedLoad(address, status);
      const response = await page.goto(address);
      expect(response?.status()).toBe(status);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await hydrated(page);
      if (status !== 200) await expect(page.locator('.toast')).toBeVisible();
      await settled(page);
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      const minor = results.violations.filter((v) => !blocking.includes(v));
      if (minor.length > 0) console.warn(`${name} (${lang}) minor:`, minor.map((v) => v.id).join(', '));
      expect(
        blocking.map((v) => ({
          id: v.id,
          impact: v.impact,
          help: v.help,
          targets: v.nodes.map((n) => n.target.join(' ')),
        })),
      ).toEqual([]);
    });
  }
}

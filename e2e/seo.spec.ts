import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { hydrated } from './page-ready.ts';

/** The 25 languages by BCP 47 tag (Ewe's route is /ewe, its tag `ee`), then x-default. */
const LANGUAGE_TAGS = [
  ...'en ar es fr pt sw af ak bas de ee ff ig kam ki ln lu nl rw sn tn tw xh yo zu'.split(' '),
  'x-default',
];
const OG = ['og:type', 'og:site_name', 'og:title', 'og:description', 'og:url', 'og:image', 'og:locale'];

/** Each attribute's value on every element of the head that matches. */
function attributes(page: Page, selector: string, ...names: string[]) {
  return page
    .locator(`head ${selector}`)
    .evaluateAll((elements, names) => elements.map((e) => names.map((name) => e.getAttribute(name))), names);
}

/** The page's head as a search engine reads it. */
async function headOf(page: Page) {
  const content = async (selector: string) => (await attributes(page, selector, 'content')).map(([c]) => c);
  const og: Record<string, (string | null | undefined)[]> = {};
  for (const name of OG) og[name] = await content(`meta[property="${name}"]`);
  return {
    lang: await page.locator('html').getAttribute('lang'),
    titles: await page.locator('head title').allTextContents(),
    descriptions: await content('meta[name="description"]'),
    keywords: await content('meta[name="keywords"]'),
    robots: await content('meta[name="robots"]'),
    canonicals: (await attributes(page, 'link[rel="canonical"]', 'href')).map(([href]) => href),
    alternates: (await attributes(page, 'link[rel="alternate"]', 'hreflang', 'href')).map(
      ([lang, href]) => [lang ?? '', href ?? ''] as const,
    ),
    og,
    ogLocaleAlternates: await content('meta[property="og:locale:alternate"]'),
    twitterCard: await content('meta[name="twitter:card"]'),
  };
}

const PAGES = [
  { path: '/', lang: 'en', title: 'Food | Grocery | Chef | Cookbook | Farm | HomeCooked Meals', ogLocale: 'en_GB' },
  { path: '/ar', lang: 'ar', title: 'طعام | بقالة | طاهٍ | كتاب الطبخ | مزرعة | وجبات منزلية', ogLocale: 'ar_SA' },
  { path: '/chef', lang: 'en', title: 'Chef: a private chef at your home | Malewa', ogLocale: 'en_GB' },
  { path: '/ar/pages/about', lang: 'ar', title: /\| Malewa$/, ogLocale: 'ar_SA' },
];

test.describe('page metadata', () => {
  for (const { path, lang, title, ogLocale } of PAGES) {
    test(`${path} has one title, one canonical URL, 26 language alternates and Open Graph`, async ({
      page,
      baseURL,
    }) => {
      expect((await page.goto(path))?.status()).toBe(200);
      const head = await headOf(page);
      const url = `${baseURL}${path}`;

      expect(head.lang).toBe(lang);
      expect(head.titles).toHaveLength(1);
      expect(head.titles[0]).toMatch(title);
      expect(head.descriptions).toHaveLength(1);
      expect(head.keywords).toHaveLength(1);
      expect(head.robots).toEqual([]);
      expect(head.canonicals).toEqual([url]);

      expect(head.alternates.map(([hreflang]) => hreflang)).toEqual(LANGUAGE_TAGS);
      const unprefixed = path.replace(/^\/ar(?=\/|$)/, '') || '/';
      const alternate = Object.fromEntries(head.alternates);
      expect(alternate['x-default']).toBe(`${baseURL}${unprefixed}`);
      expect(alternate.en).toBe(`${baseURL}${unprefixed}`);
      expect(alternate.ee).toBe(`${baseURL}/ewe${unprefixed === '/' ? '' : unprefixed}`);
      expect(alternate[lang]).toBe(url);

      expect(head.og).toEqual({
        'og:type': ['website'],
        'og:site_name': ['Malewa'],
        'og:title': head.titles,
        'og:description': head.descriptions,
        'og:url': [url],
        'og:image': [`${baseURL}/og-image.png`],
        'og:locale': [ogLocale],
      });
      // No og:locale:alternate: Facebook would ask this address for each with ?fb_locale=.
      expect(head.ogLocaleAlternates).toEqual([]);
      expect(head.twitterCard).toEqual(['summary_large_image']);
    });
  }

  test('a client-side navigation replaces the head, without doubling a tag', async ({ page, baseURL }) => {
    await page.goto('/ar');
    // The link is followed by the router, once the page has hydrated.
    await hydrated(page);
    await page.locator('.service-grid a[href="/ar/food"]').click();
    await expect(page).toHaveURL(`${baseURL}/ar/food`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/ar/food`);
    const head = await headOf(page);
    expect(head.titles).toHaveLength(1);
    expect(head.titles[0]).toMatch(/^طعام/);
    expect(head.canonicals).toHaveLength(1);
    expect(head.alternates).toHaveLength(26);
    expect(head.og['og:url']).toEqual([`${baseURL}/ar/food`]);
    expect(head.og['og:locale']).toEqual(['ar_SA']);
    expect(head.ogLocaleAlternates).toEqual([]);
  });

  test('the 404 page is titled, kept out of the index, and names no canonical URL', async ({
    page,
    browserProblems,
  }) => {
    browserProblems.allowFailedLoad('/ar/no-such-page', 404);
    expect((await page.goto('/ar/no-such-page'))?.status()).toBe(404);
    const head = await headOf(page);
    expect(head.lang).toBe('ar');
    expect(head.titles).toEqual(['تعذّر العثور على هذه الصفحة | Malewa']);
    expect(head.robots).toEqual(['noindex']);
    expect(head.canonicals).toEqual([]);
    expect(head.alternates).toEqual([]);
  });
});

test.describe('for crawlers', () => {
  test('/sitemap.xml indexes the pages’ file and the catalog’s, which the browser parses, every page in every language', async ({
    page,
    request,
    baseURL,
  }) => {
    const response = await request.get('/sitemap.xml');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.headers()['cache-control']).toBe('public, max-age=3600');
    // The browser's own XML parser reads each file as a crawler would: any flaw shows as a
    // parsererror. (Through DOMParser: Chromium shows a plain index in its XML viewer.)
    await page.goto('/pages/about');
    const read = async (path: string) =>
      (await page.evaluate(`(async () => {
        const text = await (await fetch(${JSON.stringify(path)})).text();
        const document = new DOMParser().parseFromString(text, 'application/xml');
        const sitemap = 'http://www.sitemaps.org/schemas/sitemap/0.9';
        const parent = document.documentElement.localName === 'sitemapindex' ? 'sitemap' : 'url';
        const entries = [...document.getElementsByTagNameNS(sitemap, parent)];
        return {
          error: document.getElementsByTagName('parsererror').length > 0,
          root: document.documentElement.namespaceURI + ' ' + document.documentElement.localName,
          locs: entries.map((entry) => entry.getElementsByTagNameNS(sitemap, 'loc')[0]?.textContent),
          alternates: entries.map((entry) => entry.getElementsByTagNameNS('http://www.w3.org/1999/xhtml', 'link').length),
        };
      })()`)) as { error: boolean; root: string; locs: string[]; alternates: number[] };
    const index = await read('/sitemap.xml');
    expect(index.error).toBe(false);
    expect(index.root).toBe('http://www.sitemaps.org/schemas/sitemap/0.9 sitemapindex');
    expect(index.locs[0]).toBe(`${baseURL}/sitemaps/pages.xml`);
    expect(index.locs).toContain(`${baseURL}/sitemaps/catalog/en/1.xml`);
    expect(index.locs).toContain(`${baseURL}/sitemaps/catalog/ar/1.xml`);
    expect(index.locs.filter((loc) => loc.includes('/sitemaps/catalog/')).length % 25).toBe(0);

    const pages = await read('/sitemaps/pages.xml');
    expect(pages.error).toBe(false);
    expect(pages.root).toBe('http://www.sitemaps.org/schemas/sitemap/0.9 urlset');
    // Home, 5 service homes, their 11 collections, 5 offers and 5 join pages, 9 information pages.
    expect(pages.locs).toHaveLength((15 + 21) * 25);
    expect(pages.locs).toContain(`${baseURL}/sw/farm/produces`);
    expect(pages.locs).toContain(`${baseURL}/ar/farm/join`);
    expect(pages.locs).toContain(`${baseURL}/`);
    expect(pages.locs).toContain(`${baseURL}/ar/food`);
    expect(pages.locs).toContain(`${baseURL}/zu/pages/contact`);
    expect(new Set(pages.alternates)).toEqual(new Set([26]));

    // Every provider and item, in each language; each opens as a crawler from anywhere sees it
    // (no market chosen: South Africa), Kenyan shillings for a Kenyan kitchen.
    const catalog = await read('/sitemaps/catalog/fr/1.xml');
    expect(catalog.error).toBe(false);
    expect(catalog.locs.length).toBeGreaterThan(2000);
    expect(catalog.locs.every((loc) => loc.startsWith(`${baseURL}/fr/`))).toBe(true);
    const kenyan = catalog.locs.find((loc) => loc.includes('/fr/food/meals/nyama-choma'));
    expect(kenyan).toBeDefined();
    const entry = await request.get(kenyan ?? '');
    expect(entry.status()).toBe(200);
    expect(await entry.text()).toContain('"priceCurrency":"KES"');
    expect((await request.get('/sitemaps/catalog/xx/1.xml')).status()).toBe(404);
    expect((await request.get('/sitemaps/catalog/fr/999.xml')).status()).toBe(404);
  });

  test('/robots.txt keeps crawlers off the form targets and points at the sitemap', async ({ request, baseURL }) => {
    const response = await request.get('/robots.txt');
    expect(response.headers()['content-type']).toBe('text/plain; charset=utf-8');
    const lines = (await response.text()).split('\n');
    expect(lines).toContain('Disallow: /set-locale');
    expect(lines).toContain('Disallow: /fr/account');
    expect(lines).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });
});

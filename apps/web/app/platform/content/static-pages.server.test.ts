import { describe, expect, it } from 'vitest';
import { findLocale, LOCALES } from '../i18n/locales.ts';
import { contentChain, loadStaticPage, parsePage, renderMarkdown, storedPage } from './static-pages.server.ts';
import { CONTENT_LOCALES, STATIC_PAGES } from './static-pages.ts';

describe.each(CONTENT_LOCALES)('the %s information pages', (locale) => {
  it.each(STATIC_PAGES)('has %s with a title, a description and a body', (page) => {
    const stored = storedPage(locale, page);
    expect(stored, `content/pages/${locale}/${page}.md`).toBeDefined();
    expect(stored?.title.length).toBeGreaterThan(3);
    expect(stored?.description.length).toBeGreaterThan(40);
    expect(stored?.description.length).toBeLessThanOrEqual(300);
    expect(stored?.body.trim().length).toBeGreaterThan(200);
  });

  it('renders each page in its own language, links kept in the locale', () => {
    for (const page of STATIC_PAGES) {
      const content = loadStaticPage(page, locale);
      expect(content.contentLocale).toBe(locale);
      expect(content.contentDir).toBe(locale === 'ar' ? 'rtl' : 'ltr');
      expect(content.html).toContain('<h2>');
      for (const [, href] of content.html.matchAll(/href="([^"]*)"/g)) {
        if (href?.startsWith('/')) {
          expect(href).toMatch(locale === 'en' ? /^\/pages\// : new RegExp(`^/${locale}/pages/`));
          expect(STATIC_PAGES).toContain(href.split('/').pop());
        }
      }
    }
  });
});

/**
 * The further languages have the pages translated so far (not the binding legal texts, which
 * stay in the core languages): each one they have is shown in that language, links kept in it.
 */
const FURTHER = LOCALES.map((l) => l.code).filter((code) => !(CONTENT_LOCALES as readonly string[]).includes(code));
const pagesOf = (code: string) => STATIC_PAGES.filter((page) => storedPage(code, page));
describe.each(FURTHER.filter((code) => pagesOf(code).length > 0))(
  'the %s information pages written so far',
  (locale) => {
    it('are shown in that language, with its links and a full front matter', () => {
      for (const page of pagesOf(locale)) {
        const stored = storedPage(locale, page);
        expect(stored?.description.length, page).toBeGreaterThan(40);
        expect(stored?.description.length, page).toBeLessThanOrEqual(300);
        const content = loadStaticPage(page, locale);
        expect(content.contentLocale, page).toBe(locale);
        expect(content.html, page).toContain('<h2>');
        for (const [, href] of content.html.matchAll(/href="([^"]*)"/g)) {
          if (href?.startsWith('/')) expect(href, page).toMatch(new RegExp(`^/${locale}/pages/`));
        }
      }
    });
  },
);

describe('loadStaticPage', () => {
  it('falls back to English for a locale without pages of its own, keeping links in that locale', () => {
    // A locale outside the six core ones when the locale list has them, else a code it lacks.
    const other = FURTHER.find((code) => pagesOf(code).length === 0);
    const code = (other ?? 'zu') as Parameters<typeof loadStaticPage>[1];
    const chain = contentChain(code);
    const expected = chain.find((c) => storedPage(c, 'about')) ?? 'en';

    const content = loadStaticPage('about', code);

    expect(content.contentLocale).toBe(expected);
    expect(content.title).toBe(storedPage(expected, 'about')?.title);
    if (findLocale(code)) expect(content.html).toContain(`href="/${code}/pages/`);
  });

  it('follows a locale’s fallback chain and always ends in English', () => {
    expect(contentChain('en')).toEqual(['en']);
    expect(contentChain('fr')).toEqual(['fr', 'en']);
    expect(contentChain('xx').at(-1)).toBe('en');
  });

  it('shows raw HTML as text and neutralizes unsafe links', () => {
    const html = renderMarkdown(
      '<script>alert(1)</script>\n\nSee [bad](javascript:alert(1)), [help](/pages/help), [mail](mailto:a@b.co) and <b>bold</b>.\n',
      'fr',
    );

    expect(html).not.toMatch(/<script|<b>|javascript:/i);
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(html).toContain('href="/fr/pages/help"');
    expect(html).toContain('href="mailto:a@b.co"');
    expect(html).toContain('href="#"');
  });

  it('refuses a page without a title or a description', () => {
    expect(() => parsePage('/x/pages/en/bad.md', '---\ntitle: Only a title\n---\nBody')).toThrow(/description/);
    expect(() => parsePage('/x/pages/en/bad.md', 'No front matter')).toThrow(/front matter/);
  });
});

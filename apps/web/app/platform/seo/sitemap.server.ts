import { DEFAULT_LOCALE, findLocale, LOCALES, type Locale } from '../i18n/locales.ts';
import { absoluteUrl } from './page-meta.ts';

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

function xml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);
}

/**
 * `/sitemaps/pages.xml`: each page in each language is a `<url>`, and every one of them names all its
 * language versions (`xhtml:link` hreflang, x-default English), as Google asks of sitemaps
 * that carry alternates. 14 pages × 25 languages is far below the 50,000 URLs a file may hold.
 */
export function buildSitemap(origin: string, paths: readonly string[]): string {
  const english = findLocale(DEFAULT_LOCALE) as Locale;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
  ];
  for (const path of paths) {
    const alternates = [
      ...LOCALES.map((locale) => [locale.iso, absoluteUrl(origin, path, locale)] as const),
      ['x-default', absoluteUrl(origin, path, english)] as const,
    ].map(([lang, href]) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${xml(href)}"/>`);
    for (const locale of LOCALES) {
      lines.push(`<url><loc>${xml(absoluteUrl(origin, path, locale))}</loc>`, ...alternates, '</url>');
    }
  }
  lines.push('</urlset>', '');
  return lines.join('\n');
}

/**
 * `/sitemap.xml`: the index of the sitemap files, since the catalog in 25 languages is more
 * than one file may hold (50,000 URLs).
 */
export function buildSitemapIndex(origin: string, files: readonly string[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...files.map((file) => `<sitemap><loc>${xml(`${origin}${file}`)}</loc></sitemap>`),
    '</sitemapindex>',
    '',
  ].join('\n');
}

/**
 * One file of the catalog's entries in one language, each with the day it last changed. Their
 * language versions are named in each page's head (hreflang), not here: with all 26 alternates
 * a file would hold fewer than 700 entries and weigh 50 MB.
 */
export function buildUrlSitemap(
  origin: string,
  locale: Locale,
  entries: ReadonlyArray<{ path: string; lastModified: string }>,
): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries.map(
      (entry) =>
        `<url><loc>${xml(absoluteUrl(origin, entry.path, locale))}</loc><lastmod>${xml(entry.lastModified.slice(0, 10))}</lastmod></url>`,
    ),
    '</urlset>',
    '',
  ].join('\n');
}

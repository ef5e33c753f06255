import { DEFAULT_LOCALE, findLocale, LOCALES, type Locale } from '../i18n/locales.ts';
import { absoluteUrl } from './page-meta.ts';

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

function xml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);
}

/**
 * `/sitemap.xml`: each page in each language is a `<url>`, and every one of them names all its
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

import { describe, expect, it } from 'vitest';
import { findLocale, type Locale } from '../i18n/locales.ts';
import { buildSitemapIndex, buildUrlSitemap } from './sitemap.server.ts';

const ORIGIN = 'https://malewa.example';

describe('the sitemap index', () => {
  it('names each file by its absolute address, escaped', () => {
    expect(buildSitemapIndex(ORIGIN, ['/sitemaps/pages.xml', '/sitemaps/catalog/fr/1.xml?a=1&b=2'])).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        '<sitemap><loc>https://malewa.example/sitemaps/pages.xml</loc></sitemap>',
        '<sitemap><loc>https://malewa.example/sitemaps/catalog/fr/1.xml?a=1&amp;b=2</loc></sitemap>',
        '</sitemapindex>',
        '',
      ].join('\n'),
    );
  });
});

describe('a catalog sitemap file', () => {
  it('gives each entry’s address in the file’s language and the day it last changed', () => {
    const entries = [
      { path: '/food/kitchens/mama-oliech', lastModified: '2026-11-20T08:15:00.000Z' },
      { path: '/farm/produces/sukuma-wiki-shamba-fresh', lastModified: '2026-10-02T23:59:59.000Z' },
    ];
    const fr = findLocale('fr') as Locale;
    const en = findLocale('en') as Locale;
    expect(buildUrlSitemap(ORIGIN, fr, entries)).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        '<url><loc>https://malewa.example/fr/food/kitchens/mama-oliech</loc><lastmod>2026-11-20</lastmod></url>',
        '<url><loc>https://malewa.example/fr/farm/produces/sukuma-wiki-shamba-fresh</loc><lastmod>2026-10-02</lastmod></url>',
        '</urlset>',
        '',
      ].join('\n'),
    );
    expect(buildUrlSitemap(ORIGIN, en, entries)).toContain(
      '<loc>https://malewa.example/food/kitchens/mama-oliech</loc>',
    );
  });
});

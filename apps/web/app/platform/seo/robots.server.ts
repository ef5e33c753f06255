import { LOCALES, localizePath } from '../i18n/locales.ts';

/** Form targets: POST-only, they answer a crawler's GET with an error. Unprefixed. */
const FORM_TARGETS = ['/set-locale', '/set-theme', '/set-market', '/set-pages', '/sign-out', '/notifications/read'];

/** A shopper's own pages, in every language: nothing there for a search engine. */
const PRIVATE_AREAS = ['/account', '/auth', '/cart'];

/**
 * `/robots.txt`: crawl everything but the form targets and the private areas, and find the
 * pages through the sitemap. The areas are listed per locale prefix rather than with `*`
 * patterns, which would also catch pages whose path merely contains `/account`.
 */
export function buildRobotsTxt(origin: string): string {
  const areas = PRIVATE_AREAS.flatMap((area) => LOCALES.map((locale) => localizePath(area, locale.code)));
  return [
    'User-agent: *',
    'Allow: /',
    ...[...FORM_TARGETS, ...areas].map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

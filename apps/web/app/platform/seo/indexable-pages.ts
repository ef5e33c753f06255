import { STATIC_PAGES } from '../content/static-pages.ts';
import { availableTabs, type Service } from '../services/services.ts';

/**
 * Every page search engines should find, without its locale prefix; the sitemap lists each one
 * in all 25 languages. A new kind of indexable page is one more line here. Service tab routes
 * (`/food/meals`, `/food/offers`, ...) join by themselves when their issue marks the tab
 * `available`, except search: result pages are endless and thin, not something to index.
 * Pages that are not for search engines (account, auth, cart, forms' targets) stay out, and
 * robots.txt keeps crawlers off them.
 */
export function indexablePaths(enabledServices: readonly Service[]): string[] {
  return [
    '/',
    ...enabledServices.flatMap((service) => [
      service.path,
      ...availableTabs(service)
        .filter((tab) => tab.id !== 'search')
        .map((tab) => tab.path),
    ]),
    ...STATIC_PAGES.map((page) => `/pages/${page}`),
  ];
}

import { CATALOG_ENTRIES_PER_PAGE } from '@malewa/contracts/catalog/list-catalog-entries';
import { configContext } from '#app/context.ts';
import { listCatalogEntries } from '#app/features/catalog/catalog-api.server.ts';
import { LOCALES } from '#app/platform/i18n/locales.ts';
import { buildSitemapIndex } from '#app/platform/seo/sitemap.server.ts';
import type { Route } from './+types/sitemap-xml';

/**
 * /sitemap.xml, the index: the pages' file, then the catalog's entries a page of the API at a
 * time (5,000 each), one file per page per language. An unreachable API fails the whole index
 * (5xx) so crawlers come back, rather than reading a catalog that vanished.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { publicOrigin } = context.get(configContext);
  const { meta } = await listCatalogEntries(context, request, 1, 1);
  const pages = Math.ceil(meta.total / CATALOG_ENTRIES_PER_PAGE);
  const files = ['/sitemaps/pages.xml'];
  for (let page = 1; page <= pages; page += 1) {
    for (const locale of LOCALES) files.push(`/sitemaps/catalog/${locale.code}/${page}.xml`);
  }
  return new Response(buildSitemapIndex(publicOrigin, files), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
